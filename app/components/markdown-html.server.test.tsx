import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";
import { renderMarkdownHtml } from "./markdown-html.server";
import { StaticHtml } from "./static-html";

const SITE = "https://kursusku.example";
const ARTICLE = [
  "# Kenapa Python",
  "Some **bold** text with [a link](https://example.com) and <script>alert(1)</script>.",
  "![own page](/go/12) ![cover](https://example.com/a.png)",
  "- one\n- two",
].join("\n\n");

describe("renderMarkdownHtml", () => {
  it("is what the Markdown component renders inside its box, so the server-made page looks the same", () => {
    const boxed = renderToStaticMarkup(<Markdown content={ARTICLE} siteUrl={SITE} />);
    expect(`<div>${renderMarkdownHtml(ARTICLE, { siteUrl: SITE })}</div>`).toBe(boxed);
    const excerpt = renderToStaticMarkup(
      <Markdown content={ARTICLE} siteUrl={SITE} variant="excerpt" />,
    );
    expect(`<div>${renderMarkdownHtml(ARTICLE, { siteUrl: SITE, variant: "excerpt" })}</div>`).toBe(
      excerpt,
    );
  });

  it("keeps the Markdown rules: no raw HTML, no image of the site's own pages, headings under the title", () => {
    const html = renderMarkdownHtml(ARTICLE, { siteUrl: SITE });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*\/go\//);
    expect(html).toContain('src="https://example.com/a.png"');
    expect(html).toMatch(/<h2[^>]*>Kenapa Python<\/h2>/);
    expect(html).toContain('rel="nofollow ugc noopener"');
  });

  it("gives an excerpt only inline text", () => {
    const html = renderMarkdownHtml(ARTICLE, { siteUrl: SITE, variant: "excerpt" });
    expect(html).not.toMatch(/<(a|img|h\d|li)\b/);
    expect(html).toContain("<strong>bold</strong>");
  });
});

describe("StaticHtml", () => {
  it("puts the server's HTML in its box as it is", () => {
    const html = renderMarkdownHtml(ARTICLE, { siteUrl: SITE });
    expect(renderToStaticMarkup(<StaticHtml html={html} className="prose" />)).toBe(
      `<div class="prose">${html}</div>`,
    );
  });
});
