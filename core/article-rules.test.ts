import { describe, expect, it } from "vitest";
import {
  ARTICLE_MESSAGES,
  cooldownMessage,
  cooldownRemainingMs,
  validateArticleInput,
  validateImageFile,
} from "./article-rules";
import {
  articleIdFromSlug,
  articleListHref,
  hasActiveArticleFilters,
  parseArticleId,
  parseArticleListQuery,
  slugifyTitle,
} from "./article-paths";
import { coverImageSrc, safeImageSrc, safeLinkHref, toDirectImageUrl } from "./safe-addresses";
import { excerptSource, markdownToPlainText } from "./markdown-text";

const VALID = {
  title: "A Valid Article Title",
  content: "c".repeat(50),
  author: "Anonymous Contributor",
};

describe("validateArticleInput", () => {
  it("accepts a valid article", () => {
    expect(validateArticleInput(VALID)).toEqual({});
  });

  it.each([
    [{ title: "" }, { title: "Title is required." }],
    [{ title: "    " }, { title: "Title is required." }],
    [{ title: "  123456789  " }, { title: "Title must be at least 10 characters long." }],
    [{ title: "x".repeat(101) }, { title: "Title must be 100 characters or less." }],
    [{ content: "" }, { content: "Content is required." }],
    [
      { content: ` ${"c".repeat(49)} ` },
      { content: "Content must be at least 50 characters long." },
    ],
    [{ author: " " }, { author: "Author is required." }],
  ])("%j → %j", (change, expected) => {
    expect(validateArticleInput({ ...VALID, ...change })).toEqual(expected);
  });

  it("accepts the exact boundaries", () => {
    expect(validateArticleInput({ ...VALID, title: "0123456789" })).toEqual({});
    expect(validateArticleInput({ ...VALID, title: "t".repeat(100) })).toEqual({});
  });
});

describe("validateImageFile", () => {
  it("refuses files over 2 MB and other types", () => {
    expect(validateImageFile({ size: 2 * 1024 * 1024, type: "image/png" })).toBeNull();
    expect(validateImageFile({ size: 2 * 1024 * 1024 + 1, type: "image/png" })).toBe(
      "Image size should not exceed 2MB.",
    );
    expect(validateImageFile({ size: 100, type: "image/svg+xml" })).toBe(
      ARTICLE_MESSAGES.imageWrongType,
    );
    for (const type of ["image/jpeg", "image/webp", "image/gif"]) {
      expect(validateImageFile({ size: 100, type })).toBeNull();
    }
  });
});

describe("cooldown", () => {
  it("shows whole minutes, rounded up", () => {
    expect(cooldownMessage(10 * 60_000)).toBe(
      "Please wait 10 minutes before submitting another article.",
    );
    expect(cooldownMessage(6 * 60_000 + 1)).toBe(
      "Please wait 7 minutes before submitting another article.",
    );
    expect(cooldownMessage(1)).toBe("Please wait 1 minute before submitting another article.");
    expect(cooldownMessage(null)).toBe("Please wait before submitting another article.");
  });

  it("counts 10 minutes from the last submission", () => {
    const last = new Date("2026-11-22T03:00:00Z");
    expect(cooldownRemainingMs(null, last)).toBe(0);
    expect(cooldownRemainingMs(last, new Date("2026-11-22T03:04:00Z"))).toBe(6 * 60_000);
    expect(cooldownRemainingMs(last, new Date("2026-11-22T03:10:00Z"))).toBe(0);
    expect(cooldownRemainingMs(last, new Date("2026-11-22T04:00:00Z"))).toBe(0);
  });
});

describe("addresses", () => {
  it("rewrites Google Drive share links to the direct-view form", () => {
    const id = "1AbC_dEf-GhIjKlMnOpQrStUv";
    const direct = `https://drive.google.com/uc?export=view&id=${id}`;
    expect(toDirectImageUrl(`https://drive.google.com/file/d/${id}/view?usp=sharing`)).toBe(direct);
    expect(toDirectImageUrl(`https://drive.google.com/file/d/${id}/view`)).toBe(direct);
    expect(toDirectImageUrl(`https://drive.google.com/open?id=${id}`)).toBe(direct);
    expect(toDirectImageUrl(`https://drive.google.com/uc?id=${id}&export=download`)).toBe(direct);
    expect(coverImageSrc(`https://drive.google.com/file/d/${id}/view?usp=sharing`)).toBe(direct);
  });

  it("makes Dropbox share links raw and leaves other addresses alone", () => {
    expect(toDirectImageUrl("https://www.dropbox.com/s/abc/cover.png?dl=0")).toBe(
      "https://www.dropbox.com/s/abc/cover.png?raw=1",
    );
    expect(toDirectImageUrl("https://example.com/a.png?x=1")).toBe("https://example.com/a.png?x=1");
    expect(toDirectImageUrl("https://drive.google.com/drive/folders/abc")).toBe(
      "https://drive.google.com/drive/folders/abc",
    );
    expect(toDirectImageUrl("not a url")).toBe("not a url");
  });

  it("shows a cover only from http, https, data:image or the site's own paths", () => {
    expect(coverImageSrc("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(coverImageSrc("http://example.com/a.png")).toBe("http://example.com/a.png");
    expect(coverImageSrc("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(coverImageSrc("/uploads/abc.webp")).toBe("/uploads/abc.webp");
    expect(coverImageSrc("javascript:alert(1)")).toBeNull();
    expect(coverImageSrc("data:text/html,<script>")).toBeNull();
    expect(coverImageSrc("//evil.example/a.png")).toBeNull();
    expect(coverImageSrc("ftp://example.com/a.png")).toBeNull();
    expect(coverImageSrc("")).toBeNull();
    expect(coverImageSrc(null)).toBeNull();
  });

  it("never shows an image from one of the site's own pages other than /uploads/", () => {
    const site = "https://kursusku.example";
    for (const src of [
      "https://kursusku.example/go/209",
      "HTTPS://KURSUSKU.EXAMPLE/go/209",
      "https://kursusku.example:443/go/209",
      "https://kursusku.example/uploads/../go/209",
      "https://kursusku.example/uploads/%2e%2e/go/209",
      "https://kursusku.example/auth/signout",
      "https://kursusku.example/",
    ]) {
      expect(safeImageSrc(src, site), src).toBeNull();
      expect(coverImageSrc(src, site), src).toBeNull();
    }
    for (const src of [
      "/go/209",
      "//kursusku.example/go/209",
      "/uploads/../go/209",
      "/favourites",
    ]) {
      expect(safeImageSrc(src, site), src).toBeNull();
      expect(coverImageSrc(src, site), src).toBeNull();
      expect(coverImageSrc(src), src).toBeNull();
    }
    expect(safeImageSrc("https://kursusku.example/uploads/a.webp", site)).toBe(
      "https://kursusku.example/uploads/a.webp",
    );
    expect(coverImageSrc("/uploads/a.webp", site)).toBe("/uploads/a.webp");
    // Another site's /go/ is that site's business.
    expect(safeImageSrc("https://other.example/go/209", site)).toBe("https://other.example/go/209");
    expect(safeImageSrc("http://kursusku.example/go/209", site)).toBe(
      "http://kursusku.example/go/209",
    );
  });

  it("keeps links only with safe schemes", () => {
    for (const href of [
      "https://a.example",
      "http://a.example",
      "mailto:x@a.example",
      "irc://irc.a.example",
      "ircs://irc.a.example",
      "xmpp:x@a.example",
      "#user-content-fn-1",
    ]) {
      expect(safeLinkHref(href)).toBe(href);
    }
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:x",
      "data:text/html,x",
      "/go/1",
      "relative/path",
      "",
    ]) {
      expect(safeLinkHref(href)).toBeNull();
    }
    expect(safeImageSrc("https://a.example/x.png")).toBe("https://a.example/x.png");
  });

  it("treats a link to the site's own /go/ as a relative one: no link", () => {
    const site = "https://kursusku.example";
    for (const href of [
      "https://kursusku.example/go/1",
      "http://kursusku.example/go/1",
      "HTTPS://KURSUSKU.EXAMPLE:443/Go/1?ref=x",
      "https://kursusku.example/uploads/..%2f../go/1",
      "https://kursusku.example/uploads/%2e%2e/go/1",
      "https://kursusku.example//go/1",
      "https://kursusku.example./go/1",
      "//kursusku.example/go/1",
    ]) {
      expect(safeLinkHref(href, site), href).toBeNull();
    }
    expect(safeLinkHref("https://kursusku.example/course/python", site)).toBe(
      "https://kursusku.example/course/python",
    );
    expect(safeLinkHref("https://aggregator.example/go/1", site)).toBe(
      "https://aggregator.example/go/1",
    );
    expect(safeImageSrc("data:image/gif;base64,R0lG")).toBe("data:image/gif;base64,R0lG");
    expect(safeImageSrc("javascript:alert(1)")).toBeNull();
    expect(safeImageSrc("/relative.png")).toBeNull();
  });
});

describe("ids, slugs and queries", () => {
  it("slugifies titles to readable ASCII", () => {
    expect(slugifyTitle("Learn Python Fast!")).toBe("learn-python-fast");
    expect(slugifyTitle("  Café & Crème: Résumé 2026 ")).toBe("cafe-creme-resume-2026");
    expect(slugifyTitle("！！！")).toBe("article");
    expect(slugifyTitle("a".repeat(200)).length).toBeLessThanOrEqual(80);
  });

  it("reads an id from ?id= or the end of a slug", () => {
    expect(parseArticleId("12")).toBe(12);
    expect(parseArticleId("learn-python-fast-12")).toBeNull();
    expect(articleIdFromSlug("learn-python-fast-12")).toBe(12);
    expect(articleIdFromSlug("2026-roadmap-7")).toBe(7);
    expect(articleIdFromSlug("12")).toBe(12);
    expect(articleIdFromSlug("learn-python")).toBeNull();
    expect(parseArticleId("abc")).toBeNull();
    expect(parseArticleId("0")).toBeNull();
    expect(parseArticleId("-3")).toBeNull();
    expect(parseArticleId("1.5")).toBeNull();
    expect(parseArticleId("99999999999")).toBeNull();
    expect(parseArticleId(null)).toBeNull();
  });

  it("parses and writes the list query (empty terms and page 1 left out)", () => {
    const query = parseArticleListQuery(new URLSearchParams("search=%20python%20&author=&page=3"));
    expect(query).toEqual({ search: "python", author: "", page: 3 });
    expect(hasActiveArticleFilters(query)).toBe(true);
    expect(hasActiveArticleFilters({ search: "", author: "" })).toBe(false);
    expect(parseArticleListQuery(new URLSearchParams("page=-2")).page).toBe(1);
    expect(articleListHref({ search: "python", author: "", page: 1 })).toBe(
      "/articles?search=python",
    );
    expect(articleListHref({ search: "", author: "Budi S", page: 2 })).toBe(
      "/articles?author=Budi+S&page=2",
    );
    expect(articleListHref({})).toBe("/articles");
  });
});

describe("markdownToPlainText", () => {
  it("keeps the words, drops the markup", () => {
    const markdown = [
      "# Belajar **Python**",
      "",
      "Read [the docs](https://docs.python.org) and ![a cat](https://x/cat.png) _now_.",
      "",
      "- one",
      "- two",
      "",
      "> quoted `code`",
      "",
      "```js",
      "let x = 1;",
      "```",
      "<script>alert(1)</script>",
    ].join("\n");
    expect(markdownToPlainText(markdown)).toBe(
      "Belajar Python Read the docs and a cat now. one two quoted code let x = 1; alert(1)",
    );
  });

  it("cuts long excerpts at a line break", () => {
    const text = `${"a".repeat(400)}\n${"b".repeat(400)}`;
    expect(excerptSource(text)).toBe("a".repeat(400));
    expect(excerptSource("short")).toBe("short");
  });
});
