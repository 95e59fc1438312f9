import { describe, expect, it } from "vitest";
import { COUPON_SOURCE_PRESET_NAMES } from "./presets";
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
    [
      '[{"kind":"rss","name":"a","url":"https://a.example","headers":{"cookie":"session=1"}}]',
      /^\[0\.headers\.cookie\] is not a header a source may send \(allowed: referer, user-agent, accept, accept-language, origin, x-requested-with\)$/,
    ],
    [
      '[{"preset":"real-discount","headers":{"Authorization":"Bearer x"}}]',
      /^\[0\.headers\.Authorization\] is not a header a source may send/,
    ],
    [
      '[{"kind":"rss","name":"a","url":"https://a.example","headers":{"host":"internal"}}]',
      /^\[0\.headers\.host\] is not a header a source may send/,
    ],
    [
      '[{"kind":"rss","name":"a","url":"https://a.example","headers":{"referer":"x\\r\\nhost: y"}}]',
      /^\[0\.headers\.referer\] must be one line of printable ASCII/,
    ],
  ])("refuses %s", (text, message) => {
    expect(() => parseIngestSources(text)).toThrow(message);
  });

  it("takes a source's allowed headers in any letter case, as lower-case names", () => {
    const [source] = parseIngestSources(
      '[{"kind":"html","name":"a","url":"https://a.example/{page}","itemSelector":"a","detailIsLink":true,"headers":{"Referer":"https://a.example/","X-Requested-With":"XMLHttpRequest"}}]',
    );
    expect(source?.headers).toEqual({
      referer: "https://a.example/",
      "x-requested-with": "XMLHttpRequest",
    });
  });

  it("expands presets by name, with overrides, mixed with full entries", () => {
    const sources = parseIngestSources(
      JSON.stringify([
        "thanh0x-coupons",
        { preset: "real-discount", url: "http://127.0.0.1:9999/api/courses", maxPages: 2 },
        { preset: "coursejoiner", name: "cj-staging", perPage: 10 },
        { kind: "rss", name: "blog", url: "https://blog.example/feed" },
      ]),
    );
    expect(sources).toEqual([
      expect.objectContaining({
        kind: "api",
        name: "thanh0x-coupons",
        preset: "thanh0x-coupons",
        url: "https://coupons.thanh0x.com/api/v1/coupons",
        pageParam: "pageIndex",
        limitParam: "numberPerPage",
        firstPage: 0,
        itemsPath: "courses",
      }),
      expect.objectContaining({
        kind: "api",
        name: "real-discount",
        preset: "real-discount",
        url: "http://127.0.0.1:9999/api/courses",
        query: { sortBy: "sale_start", store: "Udemy", freeOnly: "true" },
        maxPages: 2,
        pageSize: 100,
        itemsPath: "items",
        skipWhen: { store: ["Sponsored"] },
        freeWhenZero: "sale_price",
      }),
      expect.objectContaining({
        kind: "wordpress",
        name: "cj-staging",
        preset: "coursejoiner",
        url: "https://www.coursejoiner.com",
        perPage: 10,
        query: { categories: "74" },
      }),
      { kind: "rss", name: "blog", url: "https://blog.example/feed" },
    ]);
  });

  it("takes an html source whose detail links are redirects without a link selector", () => {
    const [source] = parseIngestSources(
      '[{"kind":"html","name":"h","url":"https://h.example/{page}","itemSelector":"a","detailIsLink":true}]',
    );
    expect(source).toMatchObject({ kind: "html", detailIsLink: true });
  });

  it("accepts every preset as it ships", () => {
    const sources = parseIngestSources(JSON.stringify(COUPON_SOURCE_PRESET_NAMES));
    expect(sources.map((source) => `${source.name}:${source.kind}`)).toEqual([
      "real-discount:api",
      "thanh0x-coupons:api",
      "courson:api",
      "coursejoiner:wordpress",
      "idownloadcoupon:wordpress",
      "discudemy:html",
      "couponami:html",
      "e-next:html",
      "udemy-freebies:html",
      "coursevania:html",
      "udemyxpert:html",
    ]);
  });

  it.each([
    [
      '["real-discount","no-such-site"]',
      '[1] unknown preset "no-such-site" (known presets: real-discount, thanh0x-coupons, courson, coursejoiner, idownloadcoupon, discudemy, couponami, e-next, udemy-freebies, coursevania, udemyxpert)',
    ],
    [
      '[{"preset":"coursejoiner","kind":"rss"}]',
      '[0.kind] preset "coursejoiner" is of kind "wordpress"',
    ],
    ['[{"preset":"real-discount","maxPages":0}]', /^\[0\.maxPages\]/],
    ['[{"preset":"real-discount","surprise":1}]', /surprise/],
    [
      '[{"kind":"html","name":"t","url":"https://a.example/list?nonce={token}","itemSelector":"a","linkSelector":"a"}]',
      "[0.url] a token goes with {token} in url, and {token} in url needs a token",
    ],
    [
      '[{"kind":"html","name":"t","url":"https://a.example/list?nonce={token}","token":{"url":"https://a.example/","pattern":"nonce=\\\\w+"},"itemSelector":"a","linkSelector":"a"}]',
      "[0.token.pattern] must be a valid regular expression with a group that captures the token",
    ],
    [
      '[{"kind":"html","name":"t","url":"https://a.example/list","token":{"url":"file:///etc/passwd","pattern":"(x)"},"itemSelector":"a","linkSelector":"a"}]',
      /^\[0\.token\.url\] must be an http\(s\) URL/,
    ],
    [
      '[{"kind":"api","name":"a","url":"https://a.example/api","fieldMap":{"t":"title"}}]',
      /fieldMap must map some field to courseUrl and to title/,
    ],
    ['["coursejoiner","coursejoiner"]', /source names must be unique/],
    [
      '[{"kind":"html","name":"h","url":"https://h.example/{page}","itemSelector":"a"}]',
      "[0.linkSelector] is required for an html source whose detail pages are pages",
    ],
    ['[{"preset":"real-discount","skipWhen":{"store":[]}}]', /^\[0\.skipWhen\.store\]/],
    [
      '[{"preset":"discudemy","itemSelector":"a[href"}]',
      "[0.itemSelector] is not a valid CSS selector",
    ],
    [
      '[{"preset":"discudemy","detailUrlPattern":"(unclosed"}]',
      "[0.detailUrlPattern] is not a valid regular expression",
    ],
    [
      '[{"kind":"html","name":"h","url":"https://h.example/{page}","linkSelector":"a"}]',
      "[0.itemSelector] is required for an html source",
    ],
  ])("refuses %s", (text, message) => {
    expect(() => parseIngestSources(text)).toThrow(message);
  });
});
