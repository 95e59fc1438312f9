import { describe, expect, it } from "vitest";
import { loadApiSource, valueAt } from "./api-source";
import type { ApiSourceConfig } from "./source-config";

const now = new Date("2024-03-06T03:00:00Z");

const config: ApiSourceConfig = {
  kind: "api",
  name: "deals",
  url: "https://api.example/coupons?store=udemy",
  pageParam: "p",
  limitParam: "per_page",
  pageSize: 2,
  firstPage: 1,
  maxPages: 10,
  itemsPath: "data.items",
  fieldMap: {
    url: "courseUrl",
    name: "title",
    "category.name": "category",
    lang: "language",
    "stats.rating": "udemyRating",
    "stats.students": "students",
    ends: "expiresAt",
    posted: "foundAt",
    "instructors.0.name": "instructor",
  },
};

function item(slug: string, extra: Record<string, unknown> = {}) {
  return {
    url: `https://www.udemy.com/course/${slug}/?couponCode=C-${slug}`,
    name: `Course ${slug}`,
    category: { name: "IT & Software" },
    lang: "en",
    stats: { rating: "4.6", students: "1,234" },
    ends: "2024-03-10T00:00:00Z",
    posted: "2024-03-05",
    instructors: [{ name: "Budi" }],
    ...extra,
  };
}

/** A fake API serving `pages` (1-based), recording the URLs it was asked for. */
function fakeApi(pages: unknown[][], wrap = (items: unknown[]) => ({ data: { items } })) {
  const urls: string[] = [];
  return {
    urls,
    get: async (url: string) => {
      urls.push(url);
      const page = Number(new URL(url).searchParams.get("p"));
      return JSON.stringify(wrap(pages[page - 1] ?? []));
    },
  };
}

describe("loadApiSource", () => {
  it("walks the pages until an empty one, mapping their fields onto ours", async () => {
    const api = fakeApi([[item("a"), item("b")], [item("c")]]);
    const { records, rejected } = await loadApiSource(config, { now, get: api.get });
    expect(rejected).toEqual([]);
    expect(api.urls).toEqual([
      "https://api.example/coupons?store=udemy&p=1&per_page=2",
      "https://api.example/coupons?store=udemy&p=2&per_page=2",
      "https://api.example/coupons?store=udemy&p=3&per_page=2",
    ]);
    expect(records.map((record) => record.title)).toEqual(["Course a", "Course b", "Course c"]);
    expect(records[0]).toEqual({
      courseUrl: "https://www.udemy.com/course/a/?couponCode=C-a",
      couponCode: "C-a",
      title: "Course a",
      category: "IT & Software",
      subCategory: null,
      language: "en",
      level: null,
      instructor: "Budi",
      headline: null,
      description: null,
      imageUrl: null,
      durationMinutes: null,
      udemyRating: 4.6,
      udemyReviews: null,
      students: 1234,
      usesRemaining: null,
      expiresAt: new Date("2024-03-10T00:00:00Z"),
      foundAt: new Date("2024-03-04T17:00:00Z"),
    });
  });

  it("stops at maxPages", async () => {
    const many = Array.from({ length: 50 }, (_, index) => [item(`p${index}`)]);
    const api = fakeApi(many);
    const { records } = await loadApiSource({ ...config, maxPages: 3 }, { now, get: api.get });
    expect(api.urls).toHaveLength(3);
    expect(records).toHaveLength(3);
  });

  it("stops when the API ignores the page parameter and sends the same page again", async () => {
    const urls: string[] = [];
    const { records } = await loadApiSource(config, {
      now,
      get: async (url) => {
        urls.push(url);
        return JSON.stringify({ data: { items: [item("same")] } });
      },
    });
    expect(urls).toHaveLength(2);
    expect(records).toHaveLength(1);
  });

  it("starts at page 0 when told, and reads a page that is the list itself", async () => {
    const urls: string[] = [];
    await loadApiSource(
      { ...config, firstPage: 0, itemsPath: "" },
      {
        now,
        get: async (url) => {
          urls.push(url);
          return url.includes("p=0") ? JSON.stringify([item("zero")]) : "[]";
        },
      },
    );
    expect(urls.map((url) => new URL(url).searchParams.get("p"))).toEqual(["0", "1"]);
  });

  it("takes the coupon from the URL, unwraps affiliate links, and rejects incomplete items", async () => {
    const wrapped = `https://click.linksynergy.com/deeplink?murl=${encodeURIComponent("https://www.udemy.com/course/w/?couponCode=WRAP")}`;
    const api = fakeApi([
      [item("a", { url: wrapped }), item("b", { name: " " }), item("c", { url: null }), "text"],
    ]);
    const { records, rejected } = await loadApiSource(config, { now, get: api.get });
    expect(records.map((record) => [record.courseUrl, record.couponCode])).toEqual([
      ["https://www.udemy.com/course/w/?couponCode=WRAP", "WRAP"],
    ]);
    expect(rejected).toEqual([
      "page 1 item 1: missing title",
      "page 1 item 2: missing courseUrl",
      "page 1 item 3: not an object",
    ]);
  });

  it("fails the source when the first page fails, keeps earlier pages when a later one does", async () => {
    await expect(loadApiSource(config, { now, get: async () => "not json" })).rejects.toThrow(
      /^page 1: invalid JSON/,
    );
    await expect(loadApiSource(config, { now, get: async () => '{"data":{}}' })).rejects.toThrow(
      'page 1: no list at "data.items"',
    );

    const { records, rejected } = await loadApiSource(config, {
      now,
      get: async (url) => {
        if (url.includes("p=2")) throw new Error("HTTP 500 (after 3 attempts)");
        return JSON.stringify({ data: { items: [item("first")] } });
      },
    });
    expect(records).toHaveLength(1);
    expect(rejected).toEqual(["page 2: HTTP 500 (after 3 attempts)"]);
  });
});

describe("valueAt", () => {
  it("follows dotted paths into objects and arrays, never into the prototype", () => {
    const value = { a: { b: [{ c: 1 }] } };
    expect(valueAt(value, "a.b.0.c")).toBe(1);
    expect(valueAt(value, "")).toBe(value);
    expect(valueAt(value, "a.x.c")).toBeUndefined();
    expect(valueAt(value, "a.b.c")).toBeUndefined();
    expect(valueAt(value, "constructor")).toBeUndefined();
  });
});
