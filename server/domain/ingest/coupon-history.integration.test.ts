import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { couponHistorySentence } from "../../../core/coupon-history";
import { newCouponRecord, type CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { courseCoupons, courses } from "../../db/schema";
import { findCouponHistory } from "../catalog/coupon-history";
import { findCourseBySlug } from "../catalog/course-page";
import { syncCouponHistory } from "./coupon-history";
import { toIngestServices } from "./ingest-services";
import { runIngest } from "./run-sources";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: "2025-03-06T10:00:00+07:00" });
});

afterAll(async () => {
  await harness.close();
});

const LINK = "https://www.udemy.com/course/excel-basics/";

function sighting(couponCode: string, foundAt: string, expiresAt: string): CouponRecord {
  return newCouponRecord({
    courseUrl: `${LINK}?couponCode=${couponCode}`,
    couponCode,
    title: "Excel Basics",
    category: "Office Productivity",
    usesRemaining: 500,
    expiresAt: new Date(expiresAt),
    foundAt: new Date(foundAt),
  });
}

async function historyRows() {
  return harness.services.db
    .select({
      couponCode: courseCoupons.couponCode,
      foundAt: courseCoupons.foundAt,
      endedAt: courseCoupons.endedAt,
      sources: courseCoupons.sources,
    })
    .from(courseCoupons)
    .orderBy(asc(courseCoupons.foundAt));
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

describe("a course's coupon history", () => {
  it("keeps every coupon from two runs and a retirement: found, ended, sources", async () => {
    const ingest = (feeds: Parameters<typeof createFixtureFeeds>[0]) =>
      runIngest(toIngestServices(harness.services, { feeds: createFixtureFeeds(feeds) }));

    // Run 1: two sources bring the same coupon.
    await ingest([
      {
        name: "blog-a",
        answer: [sighting("MARCH25", "2025-03-06T02:00:00Z", "2025-03-10T00:00:00Z")],
      },
      {
        name: "deals-api",
        answer: [sighting("MARCH25", "2025-03-06T01:00:00Z", "2025-03-10T00:00:00Z")],
      },
    ]);
    expect(
      (await historyRows()).map((row) => [row.couponCode, iso(row.endedAt), row.sources]),
    ).toEqual([["MARCH25", null, ["blog-a", "deals-api"]]]);
    expect(iso((await historyRows())[0]!.foundAt)).toBe("2025-03-06T01:00:00.000Z");

    // Run 2, two days later: a new code replaces the listed one, which ends then.
    harness.clock.set("2025-03-08T10:00:00+07:00");
    await ingest([
      {
        name: "blog-a",
        answer: [sighting("SPRING25", "2025-03-08T02:00:00Z", "2025-03-11T05:00:00Z")],
      },
    ]);
    expect(
      (await historyRows()).map((row) => [
        row.couponCode,
        iso(row.foundAt),
        iso(row.endedAt),
        row.sources,
      ]),
    ).toEqual([
      ["MARCH25", "2025-03-06T01:00:00.000Z", "2025-03-08T03:00:00.000Z", ["blog-a", "deals-api"]],
      ["SPRING25", "2025-03-08T02:00:00.000Z", null, ["blog-a"]],
    ]);

    // Its end time passes; the next run retires it, and the history ends it at that time.
    harness.clock.set("2025-03-11T14:00:00+07:00");
    const summary = await ingest([{ name: "blog-a", answer: [] }]);
    expect(summary.retired.pastExpiry).toBe(1);
    expect((await historyRows()).map((row) => iso(row.endedAt))).toEqual([
      "2025-03-08T03:00:00.000Z",
      "2025-03-11T05:00:00.000Z",
    ]);

    // The page of the ended course keeps it, newest first, and sums it up.
    const page = await findCourseBySlug(harness.services, "excel-basics");
    expect(page?.listed).toBe(false);
    const history = await findCouponHistory(harness.services, page!.id);
    expect(history.entries.map((entry) => [entry.foundAt, entry.endedAt, entry.sources])).toEqual([
      ["2025-03-08T02:00:00.000Z", "2025-03-11T05:00:00.000Z", ["blog-a"]],
      ["2025-03-06T01:00:00.000Z", "2025-03-08T03:00:00.000Z", ["blog-a", "deals-api"]],
    ]);
    // Lives of 2.1 and 3.1 days: the median, 2.6 days, says 3.
    expect(couponHistorySentence(history.summary!, "en")).toBe(
      "Free 2 times since March 2025; a coupon usually lasts 3 days",
    );
    expect(couponHistorySentence(history.summary!, "id")).toBe(
      "Gratis 2 kali sejak Maret 2025; kuponnya biasanya berlaku 3 hari",
    );
  });

  it("starts a row for a listed course written by another path, and ends it when it is delisted", async () => {
    harness.clock.set("2025-03-12T10:00:00+07:00");
    const [course] = await harness.services.db
      .insert(courses)
      .values({
        slug: "sql-now",
        title: "SQL Now",
        link: "https://www.udemy.com/course/sql-now/",
        couponCode: "SQLNOW",
        category: "Development",
        date: "2025-03-12",
        source: "admin",
        firstSeenAt: new Date("2025-01-01T00:00:00Z"),
      })
      .returning({ id: courses.id });
    await syncCouponHistory(harness.services);
    const [started] = await harness.services.db
      .select()
      .from(courseCoupons)
      .where(eq(courseCoupons.courseId, course!.id));
    // Found on the Jakarta day the course says its coupon was found, not the course's first sighting.
    expect(started).toMatchObject({ couponCode: "SQLNOW", endedAt: null, sources: ["admin"] });
    expect(iso(started!.foundAt)).toBe("2025-03-11T17:00:00.000Z");

    await harness.services.db
      .update(courses)
      .set({ active: false })
      .where(eq(courses.id, course!.id));
    expect(await syncCouponHistory(harness.services, [course!.id])).toBe(1);
    const [ended] = await harness.services.db
      .select()
      .from(courseCoupons)
      .where(eq(courseCoupons.courseId, course!.id));
    expect(iso(ended!.endedAt)).toBe("2025-03-12T03:00:00.000Z");
  });
});
