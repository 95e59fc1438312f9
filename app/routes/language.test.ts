import { describe, expect, it } from "vitest";
import { loader } from "./language";

/** Calls the language switch as React Router would, over http or https. */
function switchLanguage(locale: string, to: string, secureCookies: boolean): Response {
  const args = {
    params: { locale },
    request: new Request(`http://localhost/language/${locale}?to=${encodeURIComponent(to)}`),
    context: { identity: { secureCookies } },
  } as unknown as Parameters<typeof loader>[0];
  return loader(args);
}

describe("GET /language/:locale", () => {
  it("remembers the language for a year and sends the visitor to the same page in it", () => {
    const response = switchLanguage("id", "/articles?search=x", false);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/id/articles?search=x");
    expect(response.headers.get("set-cookie")).toBe(
      "kk_lang=id; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("marks the cookie Secure when the site is served over https", () => {
    const cookie = switchLanguage("en", "/id/articles", true).headers.get("set-cookie");
    expect(cookie).toMatch(/^kk_lang=en; /);
    expect(cookie?.split("; ")).toContain("Secure");
  });
});
