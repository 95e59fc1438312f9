import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  hugeBody,
  slowly,
  startFixtureServer,
  type FixtureHandler,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { createCouponFeeds, describeCouponFeeds } from "./feeds";
import type { FetchPolicy } from "./http-fetch";
import { parseIngestSources } from "./source-config";

/**
 * Every preset end to end: our own fixtures in each site's real format, served from a fake
 * server that the preset is pointed at through INGEST_SOURCES overrides.
 */
const now = new Date("2024-03-06T03:00:00Z");

const policy: FetchPolicy = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  retries: 0,
  backoffMs: 1,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
};

const fixture = (file: string) =>
  readFileSync(new URL(`fixtures/${file}`, import.meta.url), "utf8");

let server: FixtureServer;
let origin: string;

/** Fixture HTML names the real site; served with links to the fake one instead. */
const html =
  (file: string): FixtureHandler =>
  (_request, response) => {
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(fixture(file).replaceAll("https://www.discudemy.com", origin));
  };

const redirect =
  (location: () => string, status = 302): FixtureHandler =>
  (_request, response) => {
    response.writeHead(status, { location: location() }).end();
  };

const byPage =
  (pages: Record<string, FixtureHandler>, otherwise: FixtureHandler): FixtureHandler =>
  (request, response, url) =>
    (pages[url.searchParams.get("page") ?? ""] ?? otherwise)(request, response, url);

const invalidPage = answer(
  {
    code: "rest_post_invalid_page_number",
    message: "The page number requested is larger than the number of pages available.",
    data: { status: 400 },
  },
  400,
);

beforeAll(async () => {
  server = await startFixtureServer({
    "/api/courses": byPage(
      {
        "1": answer(fixture("real-discount-page-1.json")),
        "2": answer(fixture("real-discount-page-2.json")),
      },
      answer({ items: [], totalPages: 2 }),
    ),
    "/tb/wp-json/wp/v2/posts": byPage(
      { "1": answer(fixture("tutorialbar-posts.json")) },
      invalidPage,
    ),
    "/cj/wp-json/wp/v2/posts": answer(fixture("coursejoiner-posts.json")),
    "/idc/wp-json/wp/v2/posts": answer(fixture("idownloadcoupon-posts.json")),
    "/idc/udemy/240101/": redirect(
      () =>
        "https://click.linksynergy.com/deeplink?id=XyZ987&mid=39197&murl=https%3A%2F%2Fwww.udemy.com%2Fcourse%2Fkubernetes-crash-course-idc%2F%3FcouponCode%3DK8S-FREE",
    ),
    "/udemy_coupon.json": answer(fixture("udemy-coupons.json")),
    "/all/1": html("discudemy-list-1.html"),
    "/all/2": html("discudemy-list-2.html"),
    "/go/linux-command-line-basics": html("discudemy-go-linux-command-line-basics.html"),
    "/go/ethical-hacking-intro": html("discudemy-go-ethical-hacking-intro.html"),
    "/go/desain-grafis-canva": html("discudemy-go-desain-grafis-canva.html"),
    "/out/ethical-hacking-intro": redirect(() => `${origin}/out2/ethical-hacking-intro`, 301),
    "/out2/ethical-hacking-intro": redirect(
      () =>
        "https://www.udemy.com/course/ethical-hacking-intro-du/?couponCode=HACK24&utm_source=du",
    ),
    // Sites that changed or misbehave.
    "/html-page": answer("<!DOCTYPE html><html><body>Maintenance</body></html>", 200, "text/html"),
    "/no-fields/api": answer({ items: [{ id: 1, title: "Renamed fields" }] }),
    "/wp-html/wp-json/wp/v2/posts": answer("<!DOCTYPE html><p>Maintenance</p>", 200, "text/html"),
    "/object/wp-json/wp/v2/posts": answer({ code: "rest_no_route", message: "No route" }),
    "/untitled/wp-json/wp/v2/posts": answer([{ id: 1, content: { rendered: "<p>x</p>" } }]),
    "/not-a-feed.json": answer({ status: "moved" }),
    "/no-cards/1": answer('<html><body><div class="grid"></div></body></html>', 200, "text/html"),
    "/no-links/1": answer(
      `<html><body><a class="card-header" href="/English/a">A</a></body></html>`,
      200,
      "text/html",
    ),
    "/go/a": answer("<html><body><p>Coupon expired</p></body></html>", 200, "text/html"),
    "/huge/wp-json/wp/v2/posts": hugeBody(50 * 1024 * 1024),
    "/hanging/1": slowly(10_000, "<html></html>"),
    "/loop/1": answer(
      `<html><body><a class="card-header" href="/English/looping">Looping</a><a class="card-header" href="/English/linux-command-line-basics">Linux Command Line Basics</a></body></html>`,
      200,
      "text/html",
    ),
    "/go/looping": answer(
      `<html><body><div class="ui segment"><a href="/loop-a">Go</a></div></body></html>`,
      200,
      "text/html",
    ),
    "/loop-a": redirect(() => `${origin}/loop-b`),
    "/loop-b": redirect(() => `${origin}/loop-a`),
  });
  origin = server.url("").replace(/\/$/, "");
});

afterAll(async () => {
  await server.close();
});

/** Loads the single source INGEST_SOURCES describes. */
async function loadOnly(entry: unknown, overrides: Partial<FetchPolicy> = {}) {
  const configs = parseIngestSources(JSON.stringify([entry]));
  return createCouponFeeds(configs, { ...policy, ...overrides }).sources[0]!.load({ now });
}

function record(
  fields: Partial<CouponRecord> & Pick<CouponRecord, "courseUrl" | "title">,
): CouponRecord {
  return newCouponRecord({ foundAt: now, ...fields });
}

describe("presets against recordings of their sites", () => {
  it("real-discount (api): pages of items, affiliate wrappers and tracking parameters removed", async () => {
    const { records, rejected } = await loadOnly({
      preset: "real-discount",
      url: server.url("/api/courses"),
      maxPages: 2,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/python-dasar-analis-data/?couponCode=RD-PY-0306",
        couponCode: "RD-PY-0306",
        title: "Python Dasar untuk Analis Data",
        category: "Development",
        subCategory: "Data Science",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/1111111_aaaa.jpg",
        udemyRating: 4.4,
        foundAt: new Date("2024-03-05T23:10:00Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/excel-for-beginners-kk/?couponCode=EXCEL-FREE",
        couponCode: "EXCEL-FREE",
        title: "Excel for Beginners",
        category: "Office Productivity",
        subCategory: "Microsoft",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/2222222_bbbb.jpg",
        udemyRating: 4.1,
        foundAt: new Date("2024-03-05T20:00:00Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/public-speaking-essentials/?couponCode=SPEAK24",
        couponCode: "SPEAK24",
        title: "Public Speaking Essentials",
        category: "Personal Development",
        subCategory: "Communication",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/3333333_cccc.jpg",
        udemyRating: 4.7,
        foundAt: new Date("2024-03-04T08:30:00Z"),
      }),
    ]);
    const asked = server.requests.filter((request) => request.path === "/api/courses");
    expect(asked).toHaveLength(2);
  });

  it("tutorialbar (wordpress): the ACF course field, else the post's Udemy link; stops at WordPress's 400", async () => {
    const { records, rejected } = await loadOnly({
      preset: "tutorialbar",
      url: server.url("/tb"),
      perPage: 2,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/the-complete-git-course-tb/?couponCode=GIT-MAR24",
        couponCode: "GIT-MAR24",
        title: "The Complete Git Course – From Zero to Hero",
        foundAt: new Date("2024-03-05T10:20:11Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/photoshop-basics-designers/?couponCode=PS_0305",
        couponCode: "PS_0305",
        title: "Photoshop Basics for Designers",
        foundAt: new Date("2024-03-05T02:02:45Z"),
      }),
    ]);
    expect(server.hits("/tb/wp-json/wp/v2/posts")).toBe(2);
  });

  it("coursejoiner (wordpress): the APPLY HERE link; a coupon code with a space is rejected", async () => {
    const { records, rejected } = await loadOnly({
      preset: "coursejoiner",
      url: server.url("/cj"),
    });
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/sql-for-data-analysis-cj/?couponCode=SQLFREE5",
        couponCode: "SQLFREE5",
        title: "SQL for Data Analysis – (Free Course)",
        foundAt: new Date("2024-03-05T06:30:03Z"),
      }),
    ]);
    expect(rejected).toEqual([
      '"React Hooks in Practice – (Free Course)": coupon code with whitespace inside: "HOOKS NOW"',
    ]);
  });

  it("idownloadcoupon (wordpress): a LinkShare link in the post, else its /udemy/<id>/ redirect", async () => {
    const { records, rejected } = await loadOnly({
      preset: "idownloadcoupon",
      url: server.url("/idc"),
      linkTemplate: `${server.url("/idc/udemy/")}{id}/`,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/docker-for-developers-idc/?couponCode=DOCKER0305",
        couponCode: "DOCKER0305",
        title: "Docker for Developers – Udemy Coupon",
        foundAt: new Date("2024-03-05T13:40:00Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/kubernetes-crash-course-idc/?couponCode=K8S-FREE",
        couponCode: "K8S-FREE",
        title: "Kubernetes Crash Course",
        foundAt: new Date("2024-03-05T10:05:00Z"),
      }),
    ]);
    expect(server.hits("/idc/udemy/240101/")).toBe(1);
  });

  it("udemy-coupons (json): the upstream snapshot, a percent-encoded space cut from a code", async () => {
    const { records, rejected } = await loadOnly({
      preset: "udemy-coupons",
      url: server.url("/udemy_coupon.json"),
    });
    expect(rejected).toEqual([]);
    const foundAt = new Date("2024-03-05T22:15:00Z");
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/go-untuk-pemula/?couponCode=GO-MARET",
        couponCode: "GO-MARET",
        title: "Go untuk Pemula",
        category: "Development",
        subCategory: "Programming Languages",
        language: "Indonesian",
        level: "Beginner",
        instructor: "Budi Santoso",
        headline: "Belajar Go dari nol",
        description: "<p>Kursus Go.</p>",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/5123456_abcd.jpg",
        durationMinutes: 185,
        udemyRating: 4.52,
        udemyReviews: 128,
        students: 3400,
        usesRemaining: 812,
        expiresAt: new Date("2024-03-08T22:15:00Z"),
        foundAt,
      }),
      record({
        courseUrl: "https://www.udemy.com/course/startup-finance-101/?couponCode=FIN101",
        couponCode: "FIN101",
        title: "Startup Finance 101",
        category: "Business",
        subCategory: "Entrepreneurship",
        language: "English",
        level: "All Levels",
        instructor: "Sari Dewi",
        durationMinutes: 60,
        udemyRating: 4.1,
        udemyReviews: 40,
        students: 900,
        foundAt,
      }),
    ]);
  });

  it("discudemy (html): list cards → /go/ pages → Udemy, through redirects and trk.udemy", async () => {
    const { records, rejected } = await loadOnly({
      preset: "discudemy",
      url: `${origin}/all/{page}`,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/linux-command-line-basics-du/?couponCode=LINUX-0306",
        couponCode: "LINUX-0306",
        title: "Linux Command Line Basics",
      }),
      record({
        courseUrl: "https://www.udemy.com/course/ethical-hacking-intro-du/?couponCode=HACK24",
        couponCode: "HACK24",
        title: "Ethical Hacking & Network Security",
      }),
      record({
        courseUrl: "https://www.udemy.com/course/desain-grafis-canva/?couponCode=CANVA_ID",
        couponCode: "CANVA_ID",
        title: "Desain Grafis dengan Canva",
      }),
    ]);
    expect(server.hits("/out2/ethical-hacking-intro")).toBe(1);
  });

  it("reads only maxDetailPages detail pages, and says how many it skipped", async () => {
    const { records, rejected } = await loadOnly({
      preset: "discudemy",
      url: `${origin}/all/{page}`,
      maxDetailPages: 1,
    });
    expect(records.map((item) => item.title)).toEqual(["Linux Command Line Basics"]);
    expect(rejected).toEqual(["1 item(s) not read (maxDetailPages 1)"]);
  });

  it("rejects the one item whose link loops, keeping the others", async () => {
    const { records, rejected } = await loadOnly({
      preset: "discudemy",
      url: `${origin}/loop/{page}`,
      maxPages: 1,
    });
    expect(records.map((item) => item.couponCode)).toEqual(["LINUX-0306"]);
    expect(rejected).toEqual([`"Looping": redirect loop at ${origin}/loop-a`]);
  });
});

describe("a site that changed its format fails the source loudly", () => {
  it.each([
    ["api answering HTML", { preset: "real-discount", url: "/html-page" }],
    ["api without the expected fields", { preset: "real-discount", url: "/no-fields/api" }],
    ["wordpress answering HTML", { preset: "tutorialbar", url: "/wp-html" }],
    ["wordpress answering an object", { preset: "tutorialbar", url: "/object" }],
    ["wordpress posts without titles", { preset: "coursejoiner", url: "/untitled" }],
    ["json answering HTML", { preset: "udemy-coupons", url: "/html-page" }],
    ["json without snapshots or records", { preset: "udemy-coupons", url: "/not-a-feed.json" }],
    ["html whose list selector matches nothing", { preset: "discudemy", url: "/no-cards/{page}" }],
    [
      "html whose detail link selector matches nothing",
      { preset: "discudemy", url: "/no-links/{page}" },
    ],
  ])("%s", async (_case, entry) => {
    const pointed = { ...entry, url: `${origin}${entry.url}` };
    await expect(loadOnly(pointed)).rejects.toThrow(/format changed\?/);
  });
});

describe("bad answers fail the source with a clear message", () => {
  it("a 50 MB body is cut off at the size limit", async () => {
    await expect(loadOnly({ preset: "tutorialbar", url: server.url("/huge") })).rejects.toThrow(
      `page 1: response larger than ${1024 * 1024} bytes`,
    );
  });

  it("a hanging list page times out", async () => {
    await expect(
      loadOnly({ preset: "discudemy", url: `${origin}/hanging/{page}` }, { timeoutMs: 300 }),
    ).rejects.toThrow("list page 1: timed out after 300 ms");
  });
});

describe("describeCouponFeeds", () => {
  it("marks presets in the start-up log", () => {
    const configs = parseIngestSources(
      JSON.stringify([
        "real-discount",
        { preset: "tutorialbar", name: "tb-mirror", url: "https://mirror.example" },
        { kind: "rss", name: "blog", url: "https://blog.example/feed" },
      ]),
    );
    expect(describeCouponFeeds(createCouponFeeds(configs, policy))).toBe(
      "real-discount (api preset), tb-mirror (wordpress preset tutorialbar), blog (rss)",
    );
  });
});
