import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";
import { renderMarkdownHtml } from "./markdown-html.server";

function render(content: string, variant?: "full" | "excerpt"): string {
  return renderToStaticMarkup(<Markdown content={content} variant={variant} />);
}

describe("Markdown", () => {
  it("renders GitHub-flavoured markdown (headings one level down, tables, strike-through)", () => {
    const html = render(
      "# Title\n\nSome **bold** and ~~old~~ text.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done",
    );
    expect(html).toContain("<h2");
    expect(html).not.toContain("<h1");
    expect(render("## Why\n\n#### Skipped a level")).toMatch(
      /<h2[^>]*>Why<\/h2>.*<h3[^>]*>Skipped a level<\/h3>/s,
    );
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<del>old</del>");
    expect(html).toContain("<table");
    expect(html).toContain('type="checkbox"');
  });

  it("labels task boxes in the language it renders an article for", () => {
    const content = "- [x] read the docs\n- [ ] write the code";
    const siteUrl = "https://kursusku.example";
    const indonesian = renderMarkdownHtml(content, { siteUrl, locale: "id" });
    expect(indonesian).toContain('aria-label="Selesai"');
    expect(indonesian).toContain('aria-label="Belum selesai"');
    const english = renderMarkdownHtml(content, { siteUrl });
    expect(english).toContain('aria-label="Done"');
    expect(english).toContain('aria-label="Not done"');
  });

  it("never renders raw HTML: a <script> and event handlers disappear", () => {
    const html = render(
      'Hello <script>alert("x")</script> world\n\n<img src=x onerror="alert(1)">\n\n<div onclick="steal()">click</div>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/onclick/i);
    expect(html).not.toContain("<div onclick");
    expect(html).toContain("Hello");
  });

  it("turns javascript: and other unsafe links into plain text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "&#106;avascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "/go/12",
    ]) {
      const html = render(`[click me](${href})`);
      expect(html, href).toContain("click me");
      expect(html, href).not.toContain("<a");
      expect(html.toLowerCase(), href).not.toContain("script:");
    }
  });

  it("keeps http(s), mailto, irc and xmpp links with nofollow ugc noopener in a new tab", () => {
    for (const href of [
      "https://example.com/a",
      "http://example.com",
      "mailto:a@example.com",
      "irc://irc.example.com/room",
      "ircs://irc.example.com/room",
      "xmpp:someone@example.com",
    ]) {
      const html = render(`[go](${href})`);
      expect(html, href).toContain(`href="${href}"`);
      expect(html, href).toContain('rel="nofollow ugc noopener"');
      expect(html, href).toContain('target="_blank"');
    }
  });

  it("shows images only from http, https or data:image addresses", () => {
    expect(render("![cat](https://example.com/cat.png)")).toContain(
      'src="https://example.com/cat.png"',
    );
    expect(render("![dot](data:image/png;base64,iVBORw0KGgo=)")).toContain(
      'src="data:image/png;base64,iVBORw0KGgo="',
    );
    const unsafe = render("![evil](javascript:alert(1))");
    expect(unsafe).not.toContain("<img");
    expect(unsafe).toContain("evil");
  });

  it("drops images that point at the site's own pages (they would act as the reader)", () => {
    const siteUrl = "https://kursusku.example";
    const html = renderToStaticMarkup(
      <Markdown
        siteUrl={siteUrl}
        content={[
          "![spend relative](/go/209)",
          "![spend absolute](https://kursusku.example/go/209)",
          "![spend protocol-relative](//kursusku.example/go/209)",
          "![sign out](https://kursusku.example/auth/signout)",
          "![upload](https://kursusku.example/uploads/a.webp)",
          "[a link to the course](https://kursusku.example/go/209)",
        ].join("\n\n")}
      />,
    );
    expect(html).not.toMatch(/<img[^>]*\/go\//);
    expect(html).not.toMatch(/<img[^>]*signout/);
    expect(html).toContain("spend absolute");
    expect(html).toContain('src="https://kursusku.example/uploads/a.webp"');
    // A click on a link to /go/ would spend the reader's credit: it is text, as a relative one is.
    expect(html).not.toMatch(/href="[^"]*\/go\//);
    expect(html).toContain("a link to the course");
  });

  it("keeps only inline text in an excerpt", () => {
    const html = render(
      "# Heading\n\nFirst *paragraph* with [a link](https://example.com).\n\n![img](https://example.com/x.png)\n\n- item",
      "excerpt",
    );
    expect(html).not.toContain("<a");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<h");
    expect(html).not.toContain("<li");
    expect(html).toContain("<em>paragraph</em>");
    expect(html).toContain("a link");
    expect(html).toContain("Heading");
  });
});
