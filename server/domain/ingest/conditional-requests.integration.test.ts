import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startFixtureServer,
  type FixtureHandler,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { createCouponFeeds } from "../../adapters/coupon-feeds/feeds";
import type { FetchPolicy } from "../../adapters/coupon-feeds/http-fetch";
import type { SourceConfig } from "../../adapters/coupon-feeds/source-config";
import { createFakeUdemyCheck } from "../../adapters/udemy-check/fake-udemy-check";
import type { UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import { courses, ingestRuns, sourceValidators } from "../../db/schema";
import { toIngestServices, type IngestServices } from "./ingest-services";
import { runIngest } from "./run-sources";
import { summariseSources } from "./source-health";
import { FULL_READ_EVERY_MS } from "./source-validators";

const START = "2024-03-06T10:00:00+07:00";
const HOUR_MS = 60 * 60 * 1000;

const policy: FetchPolicy = {
  timeoutMs: 2_000,
  maxBytes: 256 * 1024,
  retries: 0,
  backoffMs: 1,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
};

let harness: TestServices;
let server: FixtureServer;

/** The fixture site's current version: its ETag and what its pages list. */
const site = { version: "v1", slugs: ["alpha", "beta"], rssDaysOld: 2.95 };

/** Answers 304 when the client sends the current ETag back, else the page with its ETag. */
function versioned(contentType: string, body: () => string): FixtureHandler {
  return (request, response) => {
    const etag = `"${site.version}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { "content-type": contentType, etag }).end(body());
  };
}

const listPage = () =>
  `<html><body>${site.slugs
    .map((slug) => `<a class="card" href="/detail/${slug}">Course ${slug}</a>`)
    .join("")}</body></html>`;

const rssFeed = () => {
  const published = new Date(Date.parse(START) - site.rssDaysOld * 24 * HOUR_MS).toUTCString();
  return `<rss version="2.0"><channel><title>t</title>${site.slugs
    .map(
      (slug) =>
        `<item><title>Course ${slug} [Free]</title><link>https://www.udemy.com/course/rss-${slug}/?couponCode=RSS-${slug}</link><pubDate>${published}</pubDate></item>`,
    )
    .join("")}</channel></rss>`;
};

const htmlSource = (): SourceConfig => ({
  kind: "html",
  name: "cards",
  url: server.url("/list/{page}"),
  firstPage: 1,
  maxPages: 1,
  itemSelector: "a.card",
  maxDetailPages: 20,
  linkSelector: "a.go",
});

const rssSource = (): SourceConfig => ({ kind: "rss", name: "blog", url: server.url("/feed.xml") });

function servicesWith(configs: SourceConfig[], udemyCheck: UdemyCheck | null = null) {
  return toIngestServices(harness.services, {
    feeds: createCouponFeeds(configs, policy),
    udemyCheck,
    settings: { staleAfterDays: 3, udemyCheckLimit: 200 },
  });
}

const detailHits = () =>
  server.requests.filter((request) => request.path.startsWith("/detail/")).length;
const lastListRequest = () =>
  server.requests.filter((request) => request.path.startsWith("/list/")).at(-1)!;
const activeLinks = async () =>
  (
    await harness.services.db
      .select({ link: courses.link })
      .from(courses)
      .where(eq(courses.active, true))
      .orderBy(asc(courses.link))
  ).map((row) => row.link);
const later = (ms: number) => harness.clock.set(new Date(harness.clock.now().getTime() + ms));

const runAt = (services: IngestServices) => runIngest(services);

const detailPage =
  (slug: string): FixtureHandler =>
  (_request, response) => {
    response
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<a class="go" href="https://www.udemy.com/course/${slug}/?couponCode=CODE-${slug}">Go</a>`,
      );
  };

beforeAll(async () => {
  harness = await createTestServices({ now: START });
  server = await startFixtureServer({
    "/list/1": versioned("text/html", listPage),
    "/feed.xml": versioned("application/rss+xml", rssFeed),
    "/detail/alpha": detailPage("alpha"),
    "/detail/beta": detailPage("beta"),
    "/detail/gamma": detailPage("gamma"),
  });
});

afterAll(async () => {
  await server?.close();
  await harness.close();
});

beforeEach(async () => {
  const { db } = harness.services;
  await db.delete(courses);
  await db.delete(ingestRuns);
  await db.delete(sourceValidators);
  harness.clock.set(START);
  site.version = "v1";
  site.slugs = ["alpha", "beta"];
  site.rssDaysOld = 2.95;
});

describe("conditional requests to coupon sources", () => {
  it("an unchanged source answers 304: read OK, nothing new, no detail page fetched, nothing retired", async () => {
    const services = servicesWith([htmlSource()]);
    const fullReadAt = harness.clock.now().toISOString();
    const first = await runAt(services);
    expect(first.sources[0]).toMatchObject({ name: "cards", ok: true, added: 2 });
    expect(lastListRequest().headers["if-none-match"]).toBeUndefined();
    const detailsRead = detailHits();
    expect(detailsRead).toBe(2);

    later(30 * 60 * 1000);
    const second = await runAt(services);
    expect(lastListRequest().headers["if-none-match"]).toBe('"v1"');
    expect(second.sources[0]).toMatchObject({
      name: "cards",
      ok: true,
      notModified: true,
      // What the CLI prints: "not modified since <the full read> (304): nothing new".
      notModifiedSince: fullReadAt,
      found: 0,
      added: 0,
      errors: [],
    });
    expect(second.errors).toEqual([]);
    expect(detailHits()).toBe(detailsRead);
    expect(await activeLinks()).toEqual([
      "https://www.udemy.com/course/alpha/",
      "https://www.udemy.com/course/beta/",
    ]);

    // Three unchanged runs in a row are not a site gone quiet.
    later(30 * 60 * 1000);
    await runAt(services);
    const [health] = await summariseSources(services);
    expect(health).toMatchObject({
      name: "cards",
      quiet: false,
      last: { ok: true, found: 0, notModified: true, errors: [] },
    });

    // The site changes: its new version is read in full.
    site.version = "v2";
    site.slugs = ["alpha", "beta", "gamma"];
    later(30 * 60 * 1000);
    const changed = await runAt(services);
    expect(changed.sources[0]).toMatchObject({ ok: true, added: 1 });
    expect(changed.sources[0]!.notModified).toBeUndefined();
    expect(detailHits()).toBe(detailsRead + 3);
  });

  it("a 304 keeps the source's coupons as seen: none is retired as stale, until a full read", async () => {
    const services = servicesWith([rssSource()]);
    const first = await runAt(services);
    expect(first.sources[0]).toMatchObject({ ok: true, added: 2 });
    expect(first.retired.stale).toBe(0);

    // Dated 2.95 days before START: past the 3 days two hours later, on the feed's own time.
    later(2 * HOUR_MS);
    const second = await runAt(services);
    expect(second.sources[0]).toMatchObject({ ok: true, notModified: true });
    expect(second.retired.stale).toBe(0);
    expect(await activeLinks()).toHaveLength(2);

    // A full read at least once a day: the feed is asked unconditionally and judged again.
    later(FULL_READ_EVERY_MS);
    const third = await runAt(services);
    expect(
      server.requests.filter((r) => r.path === "/feed.xml").at(-1)!.headers["if-none-match"],
    ).toBeUndefined();
    expect(third.sources[0]!.notModified).toBeUndefined();
    expect(third.retired.stale).toBe(2);
    expect(await activeLinks()).toEqual([]);
  });

  it("coupons Udemy could not be asked about are seen again next run: no conditional request", async () => {
    const unsure = createFakeUdemyCheck(
      {},
      { status: "unknown", reason: "HTTP 503", refused: true },
    );
    const services = servicesWith([htmlSource()], unsure);
    const first = await runAt(services);
    expect(first.sources[0]).toMatchObject({ ok: true, unverified: 2, added: 0 });
    expect(await harness.services.db.select().from(sourceValidators)).toEqual([]);

    later(30 * 60 * 1000);
    const second = await runAt(servicesWith([htmlSource()], createFakeUdemyCheck()));
    expect(lastListRequest().headers["if-none-match"]).toBeUndefined();
    expect(second.sources[0]).toMatchObject({ ok: true, added: 2 });
  });
});
