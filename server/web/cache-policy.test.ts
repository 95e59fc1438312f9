import { describe, expect, it } from "vitest";
import { IMMUTABLE_FILE, STATIC_FILE, staticFileCacheControl } from "./cache-policy";

describe("staticFileCacheControl", () => {
  it("keeps hashed /assets/ files a year and others an hour", () => {
    expect(staticFileCacheControl("/assets/app-1a2b.css")).toBe(IMMUTABLE_FILE);
    expect(IMMUTABLE_FILE).toBe("public, max-age=31536000, immutable");
    expect(staticFileCacheControl("/favicon.svg")).toBe(STATIC_FILE);
    expect(staticFileCacheControl("/assets-not/x.css")).toBe(STATIC_FILE);
  });
});
