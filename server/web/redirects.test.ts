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

  it("answers the fallback for anything that is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/articles")).toBe("/articles");
    expect(safeRedirectPath(new File(["/"], "x.txt"))).toBe("/");
  });
});
