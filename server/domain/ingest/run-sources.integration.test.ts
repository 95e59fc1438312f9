import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import {
  answer,
  hugeBody,
  slowly,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { createCouponFeeds, type CouponFeeds } from "../../adapters/coupon-feeds/feeds";
import type { FetchPolicy } from "../../adapters/coupon-feeds/http-fetch";
import type { SourceConfig } from "../../adapters/coupon-feeds/source-config";
import { createFakeUdemyCheck } from "../../adapters/udemy-check/fake-udemy-check";
import type { UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import type { Database } from "../../db/client";
import { courses, ingestRuns, reviews, users } from "../../db/schema";
import { listCourses } from "../catalog/catalog";
import { importCouponRecords } from "./import-records";
import { INGEST_IN_PROGRESS_MESSAGE, IngestInProgress } from "./ingest-runs";
import { toIngestServices, type IngestServices, type IngestSettings } from "./ingest-services";
import { NO_SOURCES_MESSAGE, runIngest } from "./run-sources";

const INGEST_LOCK_KEY = 0x4b4b494e;
const START = "2024-03-06T10:00:00+07:00";

const policy: FetchPolicy = {
  timeoutMs: 2_000,
  maxBytes: 256 * 1024,
  retries: 1,
  backoffMs: 1,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
};

let harness: TestServices;
let server: FixtureServer;
let inside: FixtureServer;

/** What the fixture feeds serve; tests change it between runs. */
const feed = {
  updateTime: "2024-03-06 01:00:00",
  jsonRecords: [] as Array<Record<string, string>>,
  apiPages: [] as Array<Array<Record<string, string>>>,
  rssItems: "",
};

function jsonRecord(slug: string, overrides: Record<string, string> = {}) {
  return {
    course_id: "1",
    category: "Development",
    sub_category: "Web Development",
    title: `Course ${slug}`,
    content_length: "90",
    level: "All Levels",
    author: "Andi Pratama",
    rating: "4.5",
    reviews: "10",
    students: "100",
    coupon_code: `CODE-${slug}`,
    preview_img: "null",
    coupon_link: `https://www.udemy.com/course/${slug}/?couponCode=CODE-${slug}`,
    expired_date: "2030-01-01 00:00:00+00:00",
    uses_remaining: "500",
    headline: "null",
    description: "<p>Hi</p>",
    language: "English",
    ...overrides,
  };
}

const rssItem = (slug: string, code = `RSS-${slug}`) =>
  `<item><title>${slug} course [Free]</title><link>https://www.udemy.com/course/${slug}/?couponCode=${code}</link><pubDate>Wed, 06 Mar 2024 01:00:00 GMT</pubDate><category>Music</category></item>`;

const source = (kind: SourceConfig["kind"], name: string, path: string): SourceConfig =>
  kind === "api"
    ? {
        kind,
        name,
        url: server.url(path),
        pageParam: "page",
        limitParam: "limit",
        pageSize: 2,
        firstPage: 1,
        maxPages: 10,
        itemsPath: "results",
        fieldMap: { link: "courseUrl", name: "title", code: "couponCode", ends: "expiresAt" },
      }
    : { kind, name, url: server.url(path) };

const goodSources = () => [
  source("json", "feed", "/feed.json"),
  source("api", "deals", "/api"),
  source("rss", "blog", "/rss.xml"),
];

function servicesWith(
  feeds: CouponFeeds,
  options: { udemyCheck?: UdemyCheck | null; settings?: Partial<IngestSettings> } = {},
): IngestServices {
  return toIngestServices(harness.services, {
    feeds,
    udemyCheck: options.udemyCheck ?? null,
    settings: { staleAfterDays: 3, udemyCheckLimit: 200, ...options.settings },
  });
}

const httpFeeds = (configs: SourceConfig[]) => createCouponFeeds(configs, policy);
const allCourses = () => harness.services.db.select().from(courses).orderBy(asc(courses.id));
const allRuns = () => harness.services.db.select().from(ingestRuns).orderBy(asc(ingestRuns.id));
const listedSlugs = async () =>
  (await listCourses(harness.services, DEFAULT_COURSE_FILTERS)).courses
    .map((course) => course.slug)
    .sort();

beforeAll(async () => {
  harness = await createTestServices({ now: START });
  server = await startFixtureServer({
    "/feed.json": (_request, response) => {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify([{ update_time: feed.updateTime, results: feed.jsonRecords }]));
    },
    "/api": (_request, response, url) => {
      const page = Number(url.searchParams.get("page"));
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ results: feed.apiPages[page - 1] ?? [] }));
    },
    "/rss.xml": (_request, response) => {
      response
        .writeHead(200, { "content-type": "application/rss+xml" })
        .end(`<rss version="2.0"><channel><title>t</title>${feed.rssItems}</channel></rss>`);
    },
    "/slow.json": slowly(10_000),
    "/down.json": answer("down", 500, "text/plain"),
    "/bad.json": answer('[{"update_time": '),
    "/bad.xml": answer("<rss><channel><item></channel></rss>", 200, "application/rss+xml"),
    "/huge.json": hugeBody(1024 * 1024),
    "/to-inside.json": (_request, response) => {
      response.writeHead(302, { location: inside.url("/admin") }).end();
    },
  });
  // Another service on this machine: its answer must never be imported or quoted.
  inside = await startFixtureServer({
    "/admin": answer([{ update_time: "2024-03-06 01:00:00", results: [jsonRecord("inside")] }]),
  });
});

afterAll(async () => {
  await server.close();
  await inside?.close();
  await harness.close();
});

beforeEach(async () => {
  const { db } = harness.services;
  await db.delete(reviews);
  await db.delete(users);
  await db.delete(courses);
  await db.delete(ingestRuns);
  harness.clock.set(START);
  feed.updateTime = "2024-03-06 01:00:00";
  feed.jsonRecords = [jsonRecord("json-a"), jsonRecord("json-b")];
  feed.apiPages = [
    [
      { link: "https://www.udemy.com/course/api-a/?couponCode=API-A", name: "Api A" },
      { link: "https://www.udemy.com/course/api-b/", code: "API-B", name: "Api B" },
    ],
    [{ link: "https://www.udemy.com/course/api-c/?couponCode=API-C", name: "Api C" }],
  ];
  feed.rssItems = rssItem("rss-a");
});

describe("runIngest over HTTP sources", () => {
  it("imports every kind of source; broken ones are counted as errors and stop nothing", async () => {
    const before = server.hits("/down.json");
    const summary = await runIngest(
      servicesWith(
        httpFeeds([
          source("json", "feed", "/feed.json"),
          source("json", "slow", "/slow.json"),
          source("api", "deals", "/api"),
          source("json", "down", "/down.json"),
          source("rss", "blog", "/rss.xml"),
          source("json", "bad-json", "/bad.json"),
          source("rss", "bad-xml", "/bad.xml"),
          source("json", "huge", "/huge.json"),
        ]),
      ),
    );
    expect(summary.sources.map((outcome) => [outcome.name, outcome.ok, outcome.added])).toEqual([
      ["feed", true, 2],
      ["slow", false, 0],
      ["deals", true, 3],
      ["down", false, 0],
      ["blog", true, 1],
      ["bad-json", false, 0],
      ["bad-xml", false, 0],
      ["huge", false, 0],
    ]);
    expect(summary).toMatchObject({ source: "all", found: 6, added: 6, updated: 0, expired: 0 });
    expect(summary.errors).toEqual([
      "[slow] failed: timed out after 2000 ms (after 2 attempts)",
      "[down] failed: HTTP 500 (after 2 attempts)",
      expect.stringMatching(/^\[bad-json\] failed: invalid JSON/),
      "[bad-xml] failed: malformed XML: </channel> does not close <item> (line 1)",
      `[huge] failed: response larger than ${256 * 1024} bytes`,
    ]);
    expect(server.hits("/down.json") - before).toBe(2);

    const [run] = await allRuns();
    expect(run).toMatchObject({
      id: summary.runId,
      source: "all",
      found: 6,
      added: 6,
      updated: 0,
      expired: 0,
      errors: summary.errors,
    });
    expect(run!.finishedAt).not.toBeNull();
    expect(await listedSlugs()).toEqual(["api-a", "api-b", "api-c", "json-a", "json-b", "rss-a"]);
    const rss = (await allCourses()).find((course) => course.slug === "rss-a");
    expect(rss).toMatchObject({ title: "rss-a course", category: "Music", source: "blog" });
  });

  it("never follows a source's redirect to another internal address, nor quotes its answer", async () => {
    const summary = await runIngest(
      servicesWith(httpFeeds([source("json", "sneaky", "/to-inside.json")])),
    );
    const refused = `[sneaky] failed: refused to fetch ${inside.url("/admin")}: not a public address`;
    expect(summary.errors).toEqual([refused]);
    expect(inside.hits("/admin")).toBe(0);
    expect((await allCourses()).map((course) => course.slug)).not.toContain("inside");
    expect((await allRuns()).at(-1)?.errors).toEqual([refused]);
  });

  it("changes nothing when run again over the same feeds", async () => {
    const services = servicesWith(httpFeeds(goodSources()));
    await runIngest(services);
    const before = await allCourses();
    const again = await runIngest(services);
    expect(again).toMatchObject({ found: 6, added: 0, updated: 0, unchanged: 6, expired: 0 });
    expect(again.errors).toEqual([]);
    expect(await allCourses()).toEqual(before);
  });

  it("updates a course in place when its coupon changes, keeping its reviews", async () => {
    const services = servicesWith(httpFeeds(goodSources()));
    await runIngest(services);
    const original = (await allCourses()).find((course) => course.slug === "json-a")!;
    await harness.services.db.insert(users).values({ id: "user-1", email: "sari@example.com" });
    await harness.services.db
      .insert(reviews)
      .values({ courseId: original.id, userId: "user-1", rating: 4, text: "Bagus" });

    harness.clock.set("2024-03-08T10:00:00+07:00");
    feed.updateTime = "2024-03-08 01:00:00";
    feed.jsonRecords = [
      jsonRecord("json-a", {
        coupon_code: "MARET",
        coupon_link: "https://www.udemy.com/course/json-a/?couponCode=MARET",
      }),
      jsonRecord("json-b"),
    ];
    const summary = await runIngest(services);
    expect(summary.sources[0]).toMatchObject({ name: "feed", added: 0, updated: 1, unchanged: 1 });
    const current = (await allCourses()).find((course) => course.slug === "json-a")!;
    expect(current).toMatchObject({
      id: original.id,
      couponCode: "MARET",
      couponUrl: "https://www.udemy.com/course/json-a/?couponCode=MARET",
      date: "2024-03-08",
    });
    const kept = await harness.services.db
      .select()
      .from(reviews)
      .where(eq(reviews.courseId, original.id));
    expect(kept.map((review) => review.text)).toEqual(["Bagus"]);
  });

  it("retires coupons past their expiry, counting them in the run's expired", async () => {
    feed.jsonRecords = [
      jsonRecord("ends-soon", { expired_date: "2024-03-07 00:00:00+00:00" }),
      jsonRecord("lasts"),
    ];
    const services = servicesWith(httpFeeds([source("json", "feed", "/feed.json")]));
    expect((await runIngest(services)).expired).toBe(0);
    expect(await listedSlugs()).toEqual(["ends-soon", "lasts"]);

    harness.clock.set("2024-03-07T09:00:00+07:00");
    const summary = await runIngest(services);
    expect(summary).toMatchObject({
      expired: 1,
      retired: { pastExpiry: 1, stale: 0, invalid: 0 },
      updated: 0,
    });
    expect(await listedSlugs()).toEqual(["lasts"]);
    expect((await allCourses()).find((course) => course.slug === "ends-soon")?.active).toBe(false);
    expect((await allRuns()).map((run) => run.expired)).toEqual([0, 1]);
  });

  it("retires coupons their source has not shown for STALE_AFTER_DAYS, and only those", async () => {
    const services = servicesWith(httpFeeds([source("json", "feed", "/feed.json")]));
    await runIngest(services);
    // Not from a polled source: they only ever leave by their expiry time.
    await importCouponRecords(
      harness.services,
      [fixtureRecord("from-a-file", new Date("2024-03-01T00:00:00Z"))],
      "file:manual.json",
    );

    // Just under three days after json-b's last sighting (03-06 01:00 UTC), the feed shows
    // json-a but no longer json-b: not stale yet.
    harness.clock.set("2024-03-09T07:59:00+07:00");
    feed.updateTime = "2024-03-09 00:30:00";
    feed.jsonRecords = [jsonRecord("json-a")];
    expect((await runIngest(services)).retired.stale).toBe(0);

    // A day later json-b was last seen more than three days ago.
    harness.clock.set("2024-03-10T09:00:00+07:00");
    feed.updateTime = "2024-03-10 01:00:00";
    const summary = await runIngest(services);
    expect(summary).toMatchObject({ expired: 1, retired: { stale: 1 } });
    expect(await listedSlugs()).toEqual(["from-a-file", "json-a"]);

    // With STALE_AFTER_DAYS=10 the same state retires nothing.
    feed.jsonRecords = [];
    harness.clock.set("2024-03-12T09:00:00+07:00");
    const patient = servicesWith(httpFeeds([source("json", "feed", "/feed.json")]), {
      settings: { staleAfterDays: 10 },
    });
    expect((await runIngest(patient)).retired.stale).toBe(0);
  });

  it("runs one source by name, refuses unknown names, and needs sources when asked to", async () => {
    const services = servicesWith(httpFeeds(goodSources()));
    const before = server.hits("/feed.json");
    const summary = await runIngest(services, { source: "BLOG" });
    expect(summary).toMatchObject({ source: "blog", found: 1, added: 1 });
    expect(server.hits("/feed.json")).toBe(before);
    expect((await allRuns()).map((run) => run.source)).toEqual(["blog"]);

    await expect(runIngest(services, { source: "nope" })).rejects.toThrow(
      'Unknown source "nope". Configured sources: feed, deals, blog.',
    );
    const none = servicesWith(createFixtureFeeds([]));
    await expect(runIngest(none, { requireSources: true })).rejects.toThrow(NO_SOURCES_MESSAGE);
    await expect(runIngest(none, { source: "feed" })).rejects.toThrow(NO_SOURCES_MESSAGE);
    // The scheduler's run with nothing configured still retires expired coupons.
    expect(await runIngest(none)).toMatchObject({ source: "all", found: 0, sources: [] });
  });

  it("has the embedded database vacuum and analyse the catalogue after a run that changed it, and only then", async () => {
    const { db, embeddedUpkeep } = harness.services;
    if (process.env.DATABASE_URL) {
      // PostgreSQL's autovacuum keeps its statistics and reclaims rows by itself.
      expect(embeddedUpkeep).toBeNull();
      return;
    }
    const upkeepCounts = async () => {
      const result = (await db.execute(
        sql`select vacuum_count::int as v, analyze_count::int as a from pg_stat_user_tables where relname = 'courses'`,
      )) as unknown as { rows: Array<{ v: number; a: number }> };
      return [result.rows[0]!.v, result.rows[0]!.a];
    };
    const statisticsOfCourses = async () => {
      const result = (await db.execute(
        sql`select count(*)::int as n from pg_stats where tablename = 'courses'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };
    const services = servicesWith(httpFeeds(goodSources()));

    const [vacuumsBefore, analysesBefore] = await upkeepCounts();
    expect(await runIngest(services)).toMatchObject({ added: 6 });
    expect(await upkeepCounts()).toEqual([vacuumsBefore! + 1, analysesBefore! + 1]);
    expect(await statisticsOfCourses()).toBeGreaterThan(0);

    // Nothing changed: nothing to tidy.
    expect(await runIngest(services)).toMatchObject({ added: 0, updated: 0, expired: 0 });
    expect(await upkeepCounts()).toEqual([vacuumsBefore! + 1, analysesBefore! + 1]);
  });

  it("records a stopped run without running what is left", async () => {
    const controller = new AbortController();
    controller.abort();
    const summary = await runIngest(servicesWith(httpFeeds(goodSources())), {
      signal: controller.signal,
    });
    expect(summary.sources.every((outcome) => !outcome.ok)).toBe(true);
    expect(summary.errors[0]).toBe("[feed] not run: the run was stopped");
    expect((await allRuns())[0]?.finishedAt).not.toBeNull();
  });
});

function fixtureRecord(slug: string, foundAt: Date, overrides: Partial<CouponRecord> = {}) {
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${slug.toUpperCase()}`,
    couponCode: slug.toUpperCase(),
    title: `Course ${slug}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: null,
    instructor: null,
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: null,
    udemyRating: null,
    udemyReviews: null,
    students: null,
    usesRemaining: 500,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    foundAt,
    ...overrides,
  } satisfies CouponRecord;
}

describe("runIngest with the Udemy check", () => {
  const found = new Date("2024-03-06T01:00:00Z");
  const now = () => harness.clock.now().getTime();

  it("lists a new coupon only when Udemy says it is free, with Udemy's end time and uses left", async () => {
    const udemyCheck = createFakeUdemyCheck({
      DEAD: { status: "invalid", reason: "not 100% off (price 19.99)" },
      LIVE: { status: "free", expiresAt: new Date("2024-03-09T00:00:00Z"), usesRemaining: 70 },
    });
    const feeds = createFixtureFeeds([
      {
        name: "fixtures",
        answer: [
          fixtureRecord("dead", found),
          fixtureRecord("live", found),
          fixtureRecord("quiet", found),
        ],
      },
    ]);
    const summary = await runIngest(servicesWith(feeds, { udemyCheck }));
    expect(summary.sources[0]).toMatchObject({ found: 3, added: 2, rejectedByCheck: 1 });
    expect(await listedSlugs()).toEqual(["live", "quiet"]);
    expect((await allCourses()).map((course) => course.slug).sort()).toEqual(["live", "quiet"]);
    const live = (await allCourses()).find((course) => course.slug === "live")!;
    expect(live.usesRemaining).toBe(70);
    expect(live.expiresAt?.toISOString()).toBe("2024-03-09T00:00:00.000Z");
    expect(live.checkedAt?.toISOString()).toBe(harness.clock.now().toISOString());
    const quiet = (await allCourses()).find((course) => course.slug === "quiet")!;
    expect(quiet.usesRemaining).toBe(500);
    expect(quiet.expiresAt?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(udemyCheck.calls.find((call) => call.couponCode === "LIVE")).toEqual({
      link: "https://www.udemy.com/course/live/",
      couponCode: "LIVE",
      imageUrl: null,
    });
    // Just checked: the same run does not ask again.
    expect(udemyCheck.calls).toHaveLength(3);
    const [run] = await allRuns();
    expect(run!.sources).toEqual([
      expect.objectContaining({ name: "fixtures", found: 3, added: 2, rejectedByCheck: 1 }),
    ]);
  });

  it("retires listed coupons Udemy now reports invalid, keeping what Udemy said of the others", async () => {
    const feeds = createFixtureFeeds([
      { name: "fixtures", answer: [fixtureRecord("dead", found), fixtureRecord("live", found)] },
    ]);
    await runIngest(servicesWith(feeds));
    const udemyCheck = createFakeUdemyCheck({
      DEAD: { status: "invalid", reason: "coupon expired" },
      LIVE: { status: "free", expiresAt: new Date("2024-03-09T00:00:00Z"), usesRemaining: 7 },
    });
    const summary = await runIngest(servicesWith(feeds, { udemyCheck }));
    expect(summary).toMatchObject({ checked: 2, expired: 1, retired: { invalid: 1 } });
    expect(await listedSlugs()).toEqual(["live"]);
    // The feed's older numbers do not overwrite Udemy's on the next sighting.
    await runIngest(servicesWith(feeds));
    const live = (await allCourses()).find((course) => course.slug === "live")!;
    expect(live.usesRemaining).toBe(7);
    expect(live.expiresAt?.toISOString()).toBe("2024-03-09T00:00:00.000Z");
  });

  it("re-checks coupons ending within 2 hours or with fewer than 50 uses left first, then stale checks", async () => {
    const feeds = createFixtureFeeds([
      {
        name: "fixtures",
        answer: [
          fixtureRecord("plenty", found, { expiresAt: new Date(now() + 3 * 86_400_000) }),
          fixtureRecord("few-uses", found, {
            usesRemaining: 12,
            expiresAt: new Date(now() + 5 * 86_400_000),
          }),
          fixtureRecord("also-plenty", found, { expiresAt: new Date(now() + 4 * 86_400_000) }),
          fixtureRecord("ends-soon", found, { expiresAt: new Date(now() + 90 * 60_000) }),
        ],
      },
    ]);
    await runIngest(servicesWith(feeds));
    const limited = createFakeUdemyCheck();
    const summary = await runIngest(
      servicesWith(feeds, { udemyCheck: limited, settings: { udemyCheckLimit: 2 } }),
    );
    expect(summary.checked).toBe(2);
    expect(limited.calls.map((call) => call.couponCode).sort()).toEqual(["ENDS-SOON", "FEW-USES"]);

    // Every coupon now has an answer; an hour later only the urgent ones and those never checked.
    const ample = createFakeUdemyCheck();
    await runIngest(servicesWith(feeds, { udemyCheck: ample }));
    expect(ample.calls.map((call) => call.couponCode).sort()).toEqual([
      "ALSO-PLENTY",
      "ENDS-SOON",
      "FEW-USES",
      "PLENTY",
    ]);
    harness.clock.advance(60 * 60_000);
    const hourLater = createFakeUdemyCheck();
    await runIngest(servicesWith(feeds, { udemyCheck: hourLater }));
    expect(hourLater.calls.map((call) => call.couponCode).sort()).toEqual([
      "ENDS-SOON",
      "FEW-USES",
    ]);
    harness.clock.advance(6 * 60 * 60_000);
    const later = createFakeUdemyCheck();
    await runIngest(servicesWith(feeds, { udemyCheck: later }));
    expect(later.calls.map((call) => call.couponCode).sort()).toEqual([
      "ALSO-PLENTY",
      "FEW-USES",
      "PLENTY",
    ]);
  });

  it("re-checks a course listed without a coupon code too, and retires it once Udemy says it is paid", async () => {
    const link = "https://www.udemy.com/course/free-now/";
    const feeds = createFixtureFeeds([
      {
        name: "fixtures",
        answer: [
          fixtureRecord("free-now", found, {
            courseUrl: link,
            couponCode: null,
            expiresAt: null,
            usesRemaining: null,
          }),
        ],
      },
    ]);
    await runIngest(servicesWith(feeds, { udemyCheck: createFakeUdemyCheck() }));
    expect(await listedSlugs()).toEqual(["free-now"]);

    // Seven hours later Udemy's last "free" is old: asked again, by its link alone.
    harness.clock.advance(7 * 60 * 60_000);
    const paidNow = createFakeUdemyCheck({
      [link]: { status: "invalid", reason: "not 100% off (price 19.99)" },
    });
    const summary = await runIngest(
      servicesWith(createFixtureFeeds([{ name: "fixtures", answer: [] }]), {
        udemyCheck: paidNow,
      }),
    );
    expect(paidNow.calls).toEqual([expect.objectContaining({ link, couponCode: null })]);
    expect(summary).toMatchObject({ checked: 1, retired: { invalid: 1 } });
    expect(await listedSlugs()).toEqual([]);
  });

  it("never delists on unknown, lists nothing unverified, and stops asking once Udemy refuses", async () => {
    const feeds = createFixtureFeeds([
      { name: "fixtures", answer: [fixtureRecord("a", found), fixtureRecord("b", found)] },
    ]);
    await runIngest(servicesWith(feeds));
    const refusing = createFakeUdemyCheck(
      {},
      { status: "unknown", reason: "HTTP 429", refused: true },
    );
    const newFeeds = createFixtureFeeds([
      {
        name: "fixtures",
        answer: [
          fixtureRecord("a", found),
          fixtureRecord("b", found),
          fixtureRecord("c", found),
          fixtureRecord("d", found),
          fixtureRecord("e", found),
          fixtureRecord("f", found),
          fixtureRecord("g", found),
        ],
      },
    ]);
    const summary = await runIngest(servicesWith(newFeeds, { udemyCheck: refusing }));
    expect(summary).toMatchObject({ checked: 0, expired: 0 });
    expect(summary.sources[0]).toMatchObject({ added: 0, unverified: 5 });
    // At most one question per concurrent worker before the refusal is heard.
    expect(refusing.calls.length).toBeLessThanOrEqual(4);
    expect(summary.errors).toEqual([
      "[udemy-check] 5 coupons could not be checked (Udemy refused: no more checks this run): HTTP 429",
    ]);
    expect(await listedSlugs()).toEqual(["a", "b"]);
  });
});

/** A source whose load waits until released: a run that stays in progress. */
function blockingFeeds() {
  let release!: () => void;
  let started!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const loading = new Promise<void>((resolve) => (started = resolve));
  const feeds = createFixtureFeeds([
    {
      name: "blocking",
      answer: async () => {
        started();
        await released;
        return {
          records: [fixtureRecord("blocked", new Date("2024-03-06T01:00:00Z"))],
          rejected: [],
        };
      },
    },
  ]);
  return { feeds, release, loading };
}

const advisoryLocksHeld = async (db: Database) => {
  const result = (await db.execute(
    sql`select count(*)::int as held from pg_locks where locktype = 'advisory' and objid = ${INGEST_LOCK_KEY} and objsubid = 1`,
  )) as unknown as { rows: Array<{ held: number }> };
  return result.rows[0]!.held;
};

describe("one ingest run at a time", () => {
  it("lets one of two concurrent runs run and tells the other a run is in progress", async () => {
    const { feeds, release, loading } = blockingFeeds();
    const services = servicesWith(feeds);
    const first = runIngest(services);
    await loading;
    // The run holds PostgreSQL's advisory lock (PGlite's too) while it works.
    expect(await advisoryLocksHeld(harness.services.db)).toBe(1);
    const second = await runIngest(services).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(IngestInProgress);
    expect((second as Error).message).toBe(INGEST_IN_PROGRESS_MESSAGE);
    release();
    expect(await first).toMatchObject({ added: 1 });
    expect(await advisoryLocksHeld(harness.services.db)).toBe(0);
    // Only the run that ran was recorded; the lock is free again afterwards.
    expect((await allRuns()).map((run) => run.added)).toEqual([1]);
    await expect(runIngest(servicesWith(createFixtureFeeds([])))).resolves.toMatchObject({
      found: 0,
    });
  });

  it("settles two runs started at the same moment as one run and one refusal", async () => {
    const services = servicesWith(
      createFixtureFeeds([{ name: "quick", answer: [fixtureRecord("q", new Date(START))] }]),
    );
    const results = await Promise.allSettled([runIngest(services), runIngest(services)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason).toBeInstanceOf(IngestInProgress);
  });

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL, refuses while another process holds the lock, and sees a second instance's run",
    async () => {
      const pool = (harness.services.db as unknown as { $client: pg.Pool }).$client;
      const url = (pool as unknown as { options: { connectionString: string } }).options
        .connectionString;

      // Another process (a CLI, another server) holding the lock.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query("select pg_advisory_lock($1::bigint)", [INGEST_LOCK_KEY]);
      try {
        await expect(runIngest(servicesWith(createFixtureFeeds([])))).rejects.toThrow(
          INGEST_IN_PROGRESS_MESSAGE,
        );
      } finally {
        await other.query("select pg_advisory_unlock($1::bigint)", [INGEST_LOCK_KEY]);
        await other.end();
      }

      // A second server instance: its own pool on the same database.
      const secondPool = new pg.Pool({ connectionString: url, max: 2 });
      try {
        const secondInstance: IngestServices = {
          ...servicesWith(createFixtureFeeds([])),
          db: drizzle({ client: secondPool }) as unknown as Database,
        };
        const { feeds, release, loading } = blockingFeeds();
        const running = runIngest(servicesWith(feeds));
        await loading;
        await expect(runIngest(secondInstance)).rejects.toThrow(INGEST_IN_PROGRESS_MESSAGE);
        release();
        await running;
        await expect(runIngest(secondInstance)).resolves.toMatchObject({ source: "all" });
      } finally {
        await secondPool.end();
      }
    },
  );
});
