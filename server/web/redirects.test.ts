import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it("keeps paths of this site, with their query and fragment", () => {
    for (const path of ["/", "/articles", "/article?id=12", "/?page=2#courses", "/a/b/../c"]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it("refuses what a browser would read as another site", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      "/x\\y",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      " /articles",
    ]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/");
    }
  });

  it("refuses C0, DEL and C1 control characters anywhere", () => {
    for (const code of [0x00, 0x09, 0x0a, 0x0d, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      expect(safeRedirectPath(`/articles${String.fromCharCode(code)}x`)).toBe("/");
    }
  });

  it("percent-encodes characters a Location header cannot carry, so the answer never fails", () => {
    for (const [target, encoded] of [
      ["/\u3002", "/%E3%80%82"],
      ["/courses?search=\u65e5\u672c", "/courses?search=%E6%97%A5%E6%9C%AC"],
      ["/a\u2028b#\u00e9", "/a%E2%80%A8b#%C3%A9"],
      ["/caf\u00e9 bar", "/caf%C3%A9%20bar"],
    ]) {
      const safe = safeRedirectPath(target);
      expect(safe, JSON.stringify(target)).toBe(encoded);
      expect(() => new Headers({ Location: safe })).not.toThrow();
    }
    // Half of a surrogate pair is no character at all.
    expect(safeRedirectPath("/\ud800")).toBe("/");
  });

  it("answers the fallback for anything that is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/articles")).toBe("/articles");
    expect(safeRedirectPath(new File(["/"], "x.txt"))).toBe("/");
  });
});
