import { describe, expect, it } from "vitest";
import {
  createAnonymousCookie,
  flashCookie,
  flashPostedByPage,
  parseCookies,
  readFlash,
  serializeCookie,
  verifyAnonymousCookie,
} from "./cookies";

const SECRET = "a-test-secret-of-some-length";
const scriptPost = new Request("http://localhost/auth/dev", {
  method: "POST",
  headers: { "sec-fetch-mode": "cors" },
});

describe("cookies", () => {
  it("parses a header, the first of two same-named cookies winning, malformed values harmless", () => {
    const cookies = parseCookies("a=1; b=x%20y; a=2; bad=%E0%A4%A");
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("x y");
    expect(cookies.has("bad")).toBe(true);
    expect(parseCookies(undefined).size).toBe(0);
  });

  it("writes site-wide, SameSite=Lax cookies, httpOnly unless asked otherwise", () => {
    const header = serializeCookie("kk_x", "a b", { maxAgeSeconds: 60, secure: true });
    expect(header).toContain("kk_x=a%20b");
    expect(header).toContain("Path=/");
    expect(header).toContain("Max-Age=60");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("Secure");
    const readable = serializeCookie("kk_y", "1", {
      maxAgeSeconds: 1,
      httpOnly: false,
      secure: false,
    });
    expect(readable).not.toContain("HttpOnly");
    expect(readable).not.toContain("Secure");
  });

  it("signs the anonymous visitor id: the id comes back only with the same secret, untouched", () => {
    const { id, header } = createAnonymousCookie(SECRET, false);
    const value = parseCookies(header.split(";")[0]).get("kk_anon")!;
    expect(verifyAnonymousCookie(SECRET, value)).toBe(id);
    expect(verifyAnonymousCookie("another-secret", value)).toBeNull();
    const forged = `${"A".repeat(22)}${value.slice(value.indexOf("."))}`;
    expect(verifyAnonymousCookie(SECRET, forged)).toBeNull();
    expect(verifyAnonymousCookie(SECRET, "xyz")).toBeNull();
    expect(verifyAnonymousCookie(SECRET, undefined)).toBeNull();
  });

  it("carries a flash message readable by the page, and drops a malformed one", () => {
    const header = flashCookie({ type: "success", message: "Welcome back!" }, false, scriptPost);
    expect(header).not.toContain("HttpOnly");
    expect(readFlash(parseCookies(header.split(";")[0]))).toEqual({
      type: "success",
      message: "Welcome back!",
    });
    expect(readFlash(new Map([["kk_flash", "{not json"]]))).toBeNull();
  });

  it("says whether the page posted the form itself (a navigation, or a browser that does not say)", () => {
    const post = (mode?: string) =>
      new Request("http://localhost/favourites", {
        method: "POST",
        headers: mode ? { "sec-fetch-mode": mode } : {},
      });
    const flash = { type: "success", message: "Saved" } as const;
    const byPage = (request: Request) =>
      flashPostedByPage(parseCookies(flashCookie(flash, false, request).split(";")[0]));
    expect(byPage(post("navigate"))).toBe(true);
    expect(byPage(post())).toBe(true);
    expect(byPage(post("cors"))).toBe(false);
    expect(byPage(post("same-origin"))).toBe(false);
    expect(readFlash(parseCookies(flashCookie(flash, false, post()).split(";")[0]))).toEqual(flash);
  });
});
