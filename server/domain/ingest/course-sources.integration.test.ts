import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord, type CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { courses, courseSources } from "../../db/schema";
import { toIngestServices } from "./ingest-services";
import { runIngest } from "./run-sources";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: "2024-03-06T10:00:00+07:00" });
});

afterAll(async () => {
  await harness.close();
});

function sighting(courseUrl: string, couponCode: string | null, foundAt: string): CouponRecord {
  return newCouponRecord({
    courseUrl,
    couponCode,
    title: "Python for Beginners",
    category: "Development",
    usesRemaining: 500,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    foundAt: new Date(foundAt),
  });
}

describe("one course, one row", () => {
  it("lists a course that three sources found through tracking and affiliate links once, remembering all three", async () => {
    const murl = encodeURIComponent(
      "https://www.udemy.com/course/python-101/?couponCode=SPRING24&ranMID=39197&ranEAID=abc&ranSiteID=xyz",
    );
    const feeds = createFixtureFeeds([
      {
        name: "blog-a",
        answer: [
          sighting(
            "https://www.udemy.com/course/python-101/?couponCode=SPRING24&utm_source=blog&utm_medium=post&fbclid=IwAR0",
            "SPRING24",
            "2024-03-06T01:00:00Z",
          ),
        ],
      },
      {
        name: "deals-api",
        answer: [
          sighting(
            `https://click.linksynergy.com/deeplink?id=abc&mid=39197&murl=${murl}`,
            "SPRING24",
            "2024-03-06T02:00:00Z",
          ),
        ],
      },
      {
        name: "feed-c",
        answer: [
          sighting(
            "http://udemy.com/course/python-101?couponCode=SPRING24%20",
            "SPRING24%20",
            "2024-03-06T00:30:00Z",
          ),
        ],
      },
    ]);
    const summary = await runIngest(toIngestServices(harness.services, { feeds }));
    expect(
      summary.sources.map(({ name, found, added, duplicate }) => ({
        name,
        found,
        added,
        duplicate,
      })),
    ).toEqual([
      { name: "blog-a", found: 1, added: 1, duplicate: 0 },
      { name: "deals-api", found: 1, added: 0, duplicate: 1 },
      { name: "feed-c", found: 1, added: 0, duplicate: 1 },
    ]);

    const rows = await harness.services.db.select().from(courses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      link: "https://www.udemy.com/course/python-101/",
      couponCode: "SPRING24",
      couponUrl: "https://www.udemy.com/course/python-101/?couponCode=SPRING24",
    });
    const sources = await harness.services.db
      .select({
        source: courseSources.source,
        firstSeenAt: courseSources.firstSeenAt,
      })
      .from(courseSources)
      .where(eq(courseSources.courseId, rows[0]!.id))
      .orderBy(asc(courseSources.source));
    expect(sources.map((row) => [row.source, row.firstSeenAt.toISOString()])).toEqual([
      ["blog-a", "2024-03-06T01:00:00.000Z"],
      ["deals-api", "2024-03-06T02:00:00.000Z"],
      ["feed-c", "2024-03-06T00:30:00.000Z"],
    ]);

    // The next run finds it again: still one row, still three sources, nothing new.
    const again = await runIngest(toIngestServices(harness.services, { feeds }));
    expect(again).toMatchObject({ added: 0, updated: 0 });
    expect(await harness.services.db.select().from(courses)).toHaveLength(1);
    expect(await harness.services.db.select().from(courseSources)).toHaveLength(3);
  });

  it("refuses coupon codes that can never work and links that are not Udemy courses", async () => {
    const feeds = createFixtureFeeds([
      {
        name: "noisy",
        answer: [
          sighting("https://www.udemy.com/course/spaced/", "FREE NOW", "2024-03-06T01:00:00Z"),
          sighting("https://www.udemy.com/course/long/", "A".repeat(500), "2024-03-06T01:00:00Z"),
          sighting("https://evil.example/course/python-101/", "X1", "2024-03-06T01:00:00Z"),
        ],
      },
    ]);
    const summary = await runIngest(toIngestServices(harness.services, { feeds }));
    expect(summary.sources[0]).toMatchObject({ found: 3, added: 0, rejected: 3 });
    expect(summary.sources[0]!.errors).toEqual([
      'coupon code with whitespace inside: "FREE NOW" for https://www.udemy.com/course/spaced/',
      `coupon code longer than 64 characters: "${"A".repeat(80)}" for https://www.udemy.com/course/long/`,
      'not a Udemy course URL "https://evil.example/course/python-101/"',
    ]);
    const links = (await harness.services.db.select({ link: courses.link }).from(courses)).map(
      (row) => row.link,
    );
    expect(links).toEqual(["https://www.udemy.com/course/python-101/"]);
  });
});
