import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { safeHref, sanitiseCourseDescription } from "./course-description";

/**
 * Known XSS payloads (after the OWASP filter-evasion cheat sheet, html5sec.org and the usual
 * mutation-XSS tricks), each inside otherwise ordinary description HTML.
 */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<script/xss src="https://xss.example/a.js"></script>`,
  `<<script>alert("xss");//<</script>`,
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<img src="https://tracker.example/pixel.gif">`,
  `<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`,
  `<image src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<frameset><frame src="javascript:alert(1)"></frameset>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="https://xss.example/x.swf">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="java&#x09;script:alert(1)">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`,
  `<a href="  javascript:alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(2)">ok</a>`,
  `<a href="https://ok.example/" style="position:fixed;inset:0">overlay</a>`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<p style="color:red; behavior:url(x.htc)" class="evil" id="main">styled</p>`,
  `<style>body{display:none}</style>`,
  `<style>@import 'https://xss.example/x.css';</style>`,
  `<link rel="stylesheet" href="https://xss.example/x.css">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="https://xss.example/">`,
  `<body onload=alert(1)>`,
  `<div onmouseover="alert(1)">hover</div>`,
  `<input onfocus=alert(1) autofocus>`,
  `<select onfocus=alert(1) autofocus></select>`,
  `<textarea onfocus=alert(1) autofocus></textarea>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<button formaction="javascript:alert(1)">x</button>`,
  `<video><source onerror="alert(1)"></video>`,
  `<audio src=x onerror=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<marquee onstart=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><script>alert(1)</script></template>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<noembed><img src=x onerror=alert(1)></noembed>`,
  `<title><img src=x onerror=alert(1)></title>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<![CDATA[<script>alert(1)</script>]]>`,
  `<p>text</p></p><script>alert(1)</script>`,
  `<a href="https://ok.example/">a<a href="javascript:alert(1)">b</a></a>`,
  `"><script>alert(1)</script>`,
  `'';!--"<XSS>=&{()}`,
  `<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>`,
];

const ALLOWED_ELEMENTS = new Set([
  "p",
  "br",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "u",
  "code",
  "pre",
  "blockquote",
  "h3",
  "a",
]);

type Node = {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
};

/** Everything a browser would build from the output, element by element. */
function elementsOf(html: string): Array<{ name: string; attribs: Record<string, string> }> {
  const $ = load(html, null, false);
  const found: Array<{ name: string; attribs: Record<string, string> }> = [];
  const walk = (node: Node) => {
    if (node.type !== "text" && node.type !== "root") {
      found.push({ name: node.name ?? node.type, attribs: node.attribs ?? {} });
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk($.root()[0] as unknown as Node);
  return found;
}

describe("sanitiseCourseDescription against known XSS payloads", () => {
  it.each(PAYLOADS)("nothing executable or foreign survives: %s", (payload) => {
    const { html } = sanitiseCourseDescription(`<p>Learn <b>fast</b>.</p>${payload}<p>End.</p>`);
    for (const element of elementsOf(html)) {
      expect(ALLOWED_ELEMENTS, `element <${element.name}> in ${html}`).toContain(element.name);
      const names = Object.keys(element.attribs).sort();
      if (element.name === "a") {
        expect(names).toEqual(["href", "rel", "target"]);
        expect(new URL(element.attribs.href!).protocol).toMatch(/^(https?|mailto):$/);
        expect(element.attribs.rel).toBe("nofollow ugc noopener");
      } else {
        expect(names, `attributes of <${element.name}>`).toEqual([]);
      }
    }
    expect(html).not.toMatch(/<(script|style|iframe|img|svg|math|object|embed)/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:|on\w+=/i);
    // The ordinary text before the payload is still there (an unclosed <audio> or <style> may
    // take what follows it along).
    expect(html).toContain("<p>Learn <strong>fast</strong>.</p>");
  });

  it.each(PAYLOADS)("the output is stable: sanitising it again changes nothing: %s", (payload) => {
    const once = sanitiseCourseDescription(payload).html;
    expect(sanitiseCourseDescription(once).html).toBe(once);
  });
});

describe("sanitiseCourseDescription keeps what a description needs", () => {
  it("keeps paragraphs, lists, emphasis and headings (as h3), dropping empty paragraphs", () => {
    const { html, text } = sanitiseCourseDescription(
      "<h2>What you'll learn</h2><p>Python&nbsp;basics</p><p><br></p><ul><li><i>Loops</i></li><li><b>Functions</b></li></ul><ol><li>One</li></ol>",
    );
    expect(html).toBe(
      "<h3>What you'll learn</h3><p>Python\u00a0basics</p><ul><li><em>Loops</em></li><li><strong>Functions</strong></li></ul><ol><li>One</li></ol>",
    );
    expect(text).toBe("What you'll learn Python basics Loops Functions One");
  });

  it("keeps safe links with rel nofollow ugc noopener and a new tab; others become their text", () => {
    const { html } = sanitiseCourseDescription(
      '<p><a href="https://www.udemy.com/user/ani/" title="t">Ani</a>, <a href="/relative">here</a>, <a href="//evil.example/">there</a>, <a href="mailto:ani@example.com">mail</a></p>',
    );
    expect(html).toBe(
      '<p><a href="https://www.udemy.com/user/ani/" rel="nofollow ugc noopener" target="_blank">Ani</a>, here, there, <a href="mailto:ani@example.com" rel="nofollow ugc noopener" target="_blank">mail</a></p>',
    );
  });

  it("makes a link to the site's own /go/ its text, as a relative one is", () => {
    const site = "https://kursusku.example";
    const { html } = sanitiseCourseDescription(
      [
        '<p><a href="https://kursusku.example/go/209">spend</a>',
        '<a href="http://KURSUSKU.example:80/go/209?x=1">spend http</a>',
        '<a href="https://kursusku.example/uploads/../GO/209">spend dotted</a>',
        '<a href="https://kursusku.example//go/209">spend doubled</a>',
        '<a href="/go/209">relative</a>',
        '<a href="https://kursusku.example/course/python">course</a>',
        '<a href="https://aggregator.example/go/209">theirs</a></p>',
      ].join(" "),
      site,
    );
    expect(html).not.toMatch(/href="[^"]*kursusku\.example\/+go\//i);
    expect(html).toContain("spend spend http spend dotted spend doubled relative");
    expect(html).toContain('href="https://kursusku.example/course/python"');
    expect(html).toContain('href="https://aggregator.example/go/209"');
  });

  it("drops bidi overrides and other invisible controls from the text", () => {
    const { html, text } = sanitiseCourseDescription(
      "<p>Learn \u202Efdp.exe\u202C &#x2066;fast&#x2069;\u200B</p>",
    );
    expect(html).toBe("<p>Learn fdp.exe fast</p>");
    expect(text).toBe("Learn fdp.exe fast");
  });

  it("escapes text and addresses so they stay text", () => {
    const { html } = sanitiseCourseDescription(
      '<p>a &lt;b&gt; &amp; "c"</p><a href="https://x.example/?q=&quot;onmouseover=alert(1)">q</a>',
    );
    expect(html).toContain('<p>a &lt;b&gt; &amp; "c"</p>');
    expect(html).toContain('href="https://x.example/?q=%22onmouseover=alert(1)"');
  });

  it("gives the text of layout elements and tables, word-separated", () => {
    const { html, text } = sanitiseCourseDescription(
      "<div>First</div><div>Second <span style='color:red'>third</span></div><table><tr><td>A</td><td>B</td></tr></table>",
    );
    expect(html).not.toMatch(/<(div|span|table|td)/);
    expect(text).toBe("First Second third A B");
  });

  it("gives the text of an unknown element, escaped", () => {
    expect(
      sanitiseCourseDescription("<p><marquee onstart=alert(1)>Fast</marquee> <xss>track</xss></p>")
        .html,
    ).toBe("<p>Fast track</p>");
  });

  it("gives nothing for nothing, or for markup without text", () => {
    expect(sanitiseCourseDescription(null)).toEqual({ html: "", text: "" });
    expect(sanitiseCourseDescription("")).toEqual({ html: "", text: "" });
    expect(sanitiseCourseDescription("<p><br></p><script>x</script><img src=x>")).toEqual({
      html: "",
      text: "",
    });
  });

  it("survives absurd input: deep nesting and a huge document stay bounded", () => {
    const deep = `${"<div>".repeat(5_000)}deep${"</div>".repeat(5_000)}<p>after</p>`;
    expect(sanitiseCourseDescription(deep).html).toContain("<p>after</p>");
    const huge = `<p>${"word ".repeat(100_000)}</p>`;
    expect(sanitiseCourseDescription(huge).html.length).toBeLessThanOrEqual(64_100);
  });
});

describe("safeHref", () => {
  it("keeps absolute http, https and mailto addresses, normalised", () => {
    expect(safeHref(" HTTPS://Example.COM/a b ")).toBe("https://example.com/a%20b");
    expect(safeHref("mailto:a@example.com")).toBe("mailto:a@example.com");
  });

  it.each(["javascript:alert(1)", "data:text/html,x", "ftp://x.example/", "/path", "", undefined])(
    "refuses %s",
    (href) => {
      expect(safeHref(href)).toBeNull();
    },
  );
});
