import { describe, expect, it } from "vitest";
import { parseIngestSources } from "./source-config";

describe("parseIngestSources", () => {
  it("gives no sources for unset or blank", () => {
    expect(parseIngestSources(undefined)).toEqual([]);
    expect(parseIngestSources("  ")).toEqual([]);
  });

  it("reads every kind, filling the API's defaults", () => {
    const sources = parseIngestSources(
      JSON.stringify([
        { kind: "json", name: "upstream", url: "https://example.com/udemy_coupon.json" },
        {
          kind: "api",
          name: "deals",
          url: "https://api.example.com/v1/coupons?store=udemy",
          fieldMap: { url: "courseUrl", name: "title", "meta.ends": "expiresAt" },
        },
        { kind: "rss", name: "blog.feed", url: "http://blog.example/feed/" },
      ]),
    );
    expect(sources).toEqual([
      { kind: "json", name: "upstream", url: "https://example.com/udemy_coupon.json" },
      {
        kind: "api",
        name: "deals",
        url: "https://api.example.com/v1/coupons?store=udemy",
        pageParam: "page",
        limitParam: "limit",
        pageSize: 50,
        firstPage: 1,
        maxPages: 20,
        itemsPath: "",
        fieldMap: { url: "courseUrl", name: "title", "meta.ends": "expiresAt" },
      },
      { kind: "rss", name: "blog.feed", url: "http://blog.example/feed/" },
    ]);
  });

  it.each([
    ["[", /^is not valid JSON/],
    ['{"kind":"rss"}', /expected array/i],
    ['[{"kind":"csv","name":"a","url":"https://a.example"}]', /^\[0\.kind\]/],
    [
      '[{"kind":"rss","name":"a","url":"ftp://a.example/feed"}]',
      /^\[0\.url\] must be an http\(s\) URL/,
    ],
    ['[{"kind":"rss","name":"has space","url":"https://a.example"}]', /^\[0\.name\] must be/],
    ['[{"kind":"rss","name":"all","url":"https://a.example"}]', /^\[0\.name\] is a reserved name/],
    [
      '[{"kind":"rss","name":"a","url":"https://a.example"},{"kind":"json","name":"A","url":"https://b.example"}]',
      /source names must be unique/,
    ],
    [
      '[{"kind":"api","name":"a","url":"https://a.example","fieldMap":{"name":"title"}}]',
      /fieldMap must map some field to courseUrl and to title/,
    ],
    [
      '[{"kind":"api","name":"a","url":"https://a.example","fieldMap":{"u":"courseUrl","t":"title","x":"price"}}]',
      /^\[0\.fieldMap\.x\]/,
    ],
    ['[{"kind":"rss","name":"a","url":"https://a.example","extra":1}]', /extra/],
  ])("refuses %s", (text, message) => {
    expect(() => parseIngestSources(text)).toThrow(message);
  });
});
