import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  byQuery,
  couponFixture as fixture,
  htmlFixture,
  loadOnlySource,
  presetFetchPolicy as policy,
  redirectTo as redirect,
} from "../../../tests/setup/coupon-fixture-sites";
import {
  answer,
  hugeBody,
  slowly,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { createCouponFeeds, describeCouponFeeds } from "./feeds";
import type { FetchPolicy } from "./http-fetch";
import { parseIngestSources } from "./source-config";

/**
 * Presets end to end: our own fixtures in each site's real format, served from a fake server
 * that the preset is pointed at through INGEST_SOURCES overrides; and how any source fails when
 * its site changed or misbehaves. The presets learnt in 2026 are in presets-2026.test.ts.
 */
const now = new Date("2024-03-06T03:00:00Z");

let server: FixtureServer;
let origin: string;

const html = (file: string) => htmlFixture(file, () => origin);

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
    "/cj/wp-json/wp/v2/posts": byQuery(
      "page",
      { "1": answer(fixture("coursejoiner-posts.json")) },
      invalidPage,
    ),
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

const loadOnly = (entry: unknown, overrides: Partial<FetchPolicy> = {}) =>
  loadOnlySource(entry, now, overrides);

function record(
  fields: Partial<CouponRecord> & Pick<CouponRecord, "courseUrl" | "title">,
): CouponRecord {
  return newCouponRecord({ foundAt: now, ...fields });
}

describe("presets against recordings of their sites", () => {
  it("coursejoiner (wordpress): the APPLY HERE link; a coupon code with a space is rejected", async () => {
    const { records, rejected } = await loadOnly({
      preset: "coursejoiner",
      url: server.url("/cj"),
    });
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/sql-for-data-analysis-cj/?couponCode=SQLFREE5",
        couponCode: "SQLFREE5",
        title: "SQL for Data Analysis &#8211; (Free Course)",
        foundAt: new Date("2024-03-05T06:30:03Z"),
      }),
    ]);
    expect(rejected).toEqual([
      '"React Hooks in Practice – (Free Course)": coupon code with whitespace inside: "HOOKS NOW"',
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
        title: "Ethical Hacking &amp; Network Security",
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
    ["wordpress answering HTML", { preset: "coursejoiner", url: "/wp-html" }],
    ["wordpress answering an object", { preset: "coursejoiner", url: "/object" }],
    ["wordpress posts without titles", { preset: "coursejoiner", url: "/untitled" }],
    ["json answering HTML", { kind: "json", name: "feed", url: "/html-page" }],
    ["json without snapshots or records", { kind: "json", name: "feed", url: "/not-a-feed.json" }],
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
    await expect(loadOnly({ preset: "coursejoiner", url: server.url("/huge") })).rejects.toThrow(
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
        { preset: "coursejoiner", name: "cj-mirror", url: "https://mirror.example" },
        { kind: "rss", name: "blog", url: "https://blog.example/feed" },
      ]),
    );
    expect(describeCouponFeeds(createCouponFeeds(configs, policy))).toBe(
      "real-discount (api preset), cj-mirror (wordpress preset coursejoiner), blog (rss)",
    );
  });
});
