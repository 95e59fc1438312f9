import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { childrenNamed, decodeXmlEntities, deepText, findAll, parseXml, XmlError } from "./xml";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("parseXml", () => {
  it("builds elements with attributes, text, CDATA and namespaced names", () => {
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel>
          <item>
            <title>Python &amp; Django &#8211; &#x41;</title>
            <link>https://example.com/a?x=1&amp;y=2</link>
            <content:encoded><![CDATA[<p>Go <a href="https://x.example/?a=1&amp;b=2">here</a> & now</p>]]></content:encoded>
            <enclosure url="https://img.example/a.jpg?w=1&amp;h=2" type='image/jpeg' />
          </item>
        </channel>
      </rss>`);
    expect(root.name).toBe("rss");
    expect(root.attributes).toEqual({
      version: "2.0",
      "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
    });
    const [item] = findAll(root, ["item"]);
    expect(deepText(childrenNamed(item!, "title")[0]!)).toBe("Python & Django – A");
    expect(deepText(childrenNamed(item!, "link")[0]!)).toBe("https://example.com/a?x=1&y=2");
    // CDATA is verbatim: its entities stay for the HTML reader.
    expect(deepText(childrenNamed(item!, "content:encoded")[0]!)).toBe(
      '<p>Go <a href="https://x.example/?a=1&amp;b=2">here</a> & now</p>',
    );
    expect(childrenNamed(item!, "encoded")).toHaveLength(1);
    expect(childrenNamed(item!, "enclosure")[0]!.attributes).toEqual({
      url: "https://img.example/a.jpg?w=1&h=2",
      type: "image/jpeg",
    });
  });

  it("skips a DOCTYPE without expanding the entities it declares", () => {
    const root = parseXml(`<?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
      <feed><title>&lol2;</title></feed>`);
    expect(deepText(childrenNamed(root, "title")[0]!)).toBe("&lol2;");
  });

  it("reads inline XHTML content as nested elements", () => {
    const root = parseXml(
      `<entry><content type="xhtml"><div><a href="https://x.example/">link</a> text</div></content></entry>`,
    );
    const content = childrenNamed(root, "content")[0]!;
    expect(deepText(content)).toContain("link");
    expect(content.children[0]!.children[0]!.attributes.href).toBe("https://x.example/");
  });

  it.each([
    ["<rss><channel></rss>", "</rss> does not close <channel>"],
    ["<rss><item>", "<item> is never closed"],
    ["<rss>", "<rss> is never closed"],
    ["<rss><title>a</title>", "is never closed"],
    ["</rss>", "unexpected </rss>"],
    ["<rss a=1></rss>", "unquoted attribute a"],
    ['<rss a="1></rss>', "unclosed attribute a"],
    ["<rss a></rss>", "attribute a has no value"],
    ["<rss><!-- never ends</rss>", "unclosed comment"],
    ["<rss><![CDATA[ never ends</rss>", "unclosed CDATA section"],
    ["<a></a><b></b>", "more than one root element"],
    ["just text", "no root element"],
    ["", "no root element"],
    ["<1abc/>", "invalid tag"],
    ['{"json": true}', "no root element"],
  ])("refuses %j (%s)", (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it("gives back any text it was given, escaped or in CDATA", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (text) => {
        expect(deepText(parseXml(`<t>${escapeXml(text)}</t>`))).toBe(text);
        if (!text.includes("]]>"))
          expect(deepText(parseXml(`<t><![CDATA[${text}]]></t>`))).toBe(text);
        expect(parseXml(`<t a="${escapeXml(text)}"/>`).attributes.a).toBe(text);
      }),
    );
  });
});

describe("decodeXmlEntities", () => {
  it("decodes the five predefined entities and character references only", () => {
    expect(decodeXmlEntities("&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&nbsp;")).toBe(`<>&"'AB&nbsp;`);
  });
});
