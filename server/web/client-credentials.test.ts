import { describe, expect, it } from "vitest";
import {
  isAppUserAgent,
  isSessionIdShaped,
  readBearerToken,
  usesBearerScheme,
} from "./client-credentials";

describe("client credentials", () => {
  it("reads the token of a well-formed Bearer header, in any letter case", () => {
    expect(readBearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(readBearerToken("bearer  xyz")).toBe("xyz");
    expect(readBearerToken("Bearer two tokens")).toBeUndefined();
    expect(readBearerToken("Basic dXNlcg==")).toBeUndefined();
    expect(readBearerToken(undefined)).toBeUndefined();
  });

  it("treats a malformed Bearer header as the Bearer scheme all the same", () => {
    expect(usesBearerScheme("Bearer ")).toBe(true);
    expect(usesBearerScheme("Bearer a b")).toBe(true);
    expect(usesBearerScheme("Basic x")).toBe(false);
    expect(usesBearerScheme(undefined)).toBe(false);
  });

  it("accepts only base64url session ids of a sane length", () => {
    expect(isSessionIdShaped("aB3-_x")).toBe(true);
    expect(isSessionIdShaped("a\u0000b")).toBe(false);
    expect(isSessionIdShaped("x".repeat(101))).toBe(false);
    expect(isSessionIdShaped("")).toBe(false);
    expect(isSessionIdShaped(null)).toBe(false);
  });

  it("recognises the companion app by its user-agent token", () => {
    expect(isAppUserAgent("Mozilla/5.0 KursuskuApp/2.1", "KursuskuApp")).toBe(true);
    expect(isAppUserAgent("Mozilla/5.0 Chrome/130", "KursuskuApp")).toBe(false);
    expect(isAppUserAgent(undefined, "KursuskuApp")).toBe(false);
  });
});
