import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { articles, courses } from "../../db/schema";
import { importCouponRecords } from "../ingest/import-records";
import { etagMatches, getLiveUpdateCursor, getLiveUpdates } from "./live-updates";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: "2024-03-06T10:00:00+07:00" });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(courses);
  await harness.services.db.delete(articles);
});

function coupon(slug: string, overrides: Partial<CouponRecord> = {}): CouponRecord {
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=SECRET-${slug}`,
    couponCode: `SECRET-${slug}`,
    title: `Course ${slug}`,
    category: "Development",
    subCategory: "Web Development",
    language: "English",
    level: "All Levels",
    instructor: "Andi",
    headline: "Headline",
    description: "<p>Description</p>",
    imageUrl: "https://img-c.udemycdn.com/course/750x422/1_a.jpg",
    durationMinutes: 60,
    udemyRating: 4.5,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 300,
    expiresAt: new Date("2024-03-20T00:00:00Z"),
    foundAt: new Date("2024-03-06T01:00:00Z"),
    ...overrides,
  };
}

const addCourses = (...records: CouponRecord[]) =>
  importCouponRecords(harness.services, records, "test");

async function addArticle(title: string, status: "published" | "hidden" = "published") {
  const [row] = await harness.services.db
    .insert(articles)
    .values({
      slug: title.toLowerCase().replace(/\W+/g, "-"),
      title,
      content: "Secret draft notes ".repeat(5),
      author: "Sari",
      status,
      imageKey: status === "published" ? "articles/cover.webp" : null,
      createdAt: new Date("2024-03-06T02:00:00Z"),
    })
    .returning({ id: articles.id });
  return row!.id;
}

describe("getLiveUpdateCursor", () => {
  it("starts from the newest listed course and published article", async () => {
    await addCourses(coupon("a"), coupon("b"));
    await addCourses(coupon("expired", { expiresAt: new Date("2024-03-01T00:00:00Z") }));
    await addCourses(coupon("tomorrow", { foundAt: new Date("2024-03-07T01:00:00Z") }));
    const published = await addArticle("Published one");
    await addArticle("Hidden one", "hidden");
    const rows = await harness.services.db.select().from(courses);
    const b = rows.find((row) => row.slug === "b")!;
    expect(await getLiveUpdateCursor(harness.services)).toEqual({
      courseSince: b.id,
      articleSince: published,
    });
  });

  it("is zero for empty tables", async () => {
    expect(await getLiveUpdateCursor(harness.services)).toEqual({
      courseSince: 0,
      articleSince: 0,
    });
  });
});

describe("getLiveUpdates", () => {
  it("says nothing is new with a stable ETag, until a course is added", async () => {
    await addCourses(coupon("a"));
    await addArticle("First");
    const cursor = await getLiveUpdateCursor(harness.services);

    const quiet = await getLiveUpdates(harness.services, cursor);
    expect(quiet.updates).toEqual({
      courses: { count: 0, latestId: cursor.courseSince, items: [] },
      articles: { count: 0, latestId: cursor.articleSince, items: [] },
    });
    expect(quiet.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await getLiveUpdates(harness.services, cursor)).etag).toBe(quiet.etag);

    await addCourses(coupon("b"), coupon("c"));
    const fresh = await getLiveUpdates(harness.services, cursor);
    expect(fresh.etag).not.toBe(quiet.etag);
    expect(fresh.updates.courses.count).toBe(2);
    expect(fresh.updates.courses.items.map((course) => course.slug)).toEqual(["c", "b"]);
    expect(fresh.updates.courses.latestId).toBe(fresh.updates.courses.items[0]!.id);
    expect(fresh.updates.courses.items[0]).toMatchObject({
      title: "Course c",
      link: "https://www.udemy.com/course/c/",
      courseType: "Development",
      date: "2024-03-06",
      averageRating: 0,
      reviewCount: 0,
    });
    expect(fresh.updates.articles.count).toBe(0);

    // From the new cursor, quiet again.
    const caughtUp = await getLiveUpdates(harness.services, {
      ...cursor,
      courseSince: fresh.updates.courses.latestId,
    });
    expect(caughtUp.updates.courses.count).toBe(0);
  });

  it("counts published articles only, with their public fields", async () => {
    const since = await addArticle("Before");
    await addArticle("Hidden", "hidden");
    const published = await addArticle("After");
    const { updates } = await getLiveUpdates(harness.services, {
      courseSince: 0,
      articleSince: since,
    });
    expect(updates.articles).toEqual({
      count: 1,
      latestId: published,
      items: [
        {
          id: published,
          slug: "after",
          title: "After",
          author: "Sari",
          date: "2024-03-06",
          imageUrl: "/uploads/articles/cover.webp",
        },
      ],
    });
  });

  it("counts only listed courses: not expired, not retired, not dated after today", async () => {
    await addCourses(
      coupon("listed"),
      coupon("expired", { expiresAt: new Date("2024-03-06T02:00:00Z") }),
      coupon("tomorrow", { foundAt: new Date("2024-03-06T18:00:00Z") }),
      coupon("retired"),
    );
    await harness.services.db
      .update(courses)
      .set({ active: false })
      .where(eq(courses.slug, "retired"));
    const { updates } = await getLiveUpdates(harness.services, { courseSince: 0, articleSince: 0 });
    expect(updates.courses.items.map((course) => course.slug)).toEqual(["listed"]);
    expect(updates.courses.count).toBe(1);
  });

  it("sends at most 20 items but counts them all", async () => {
    await addCourses(...Array.from({ length: 25 }, (_, index) => coupon(`c${index}`)));
    const { updates } = await getLiveUpdates(harness.services, { courseSince: 0, articleSince: 0 });
    expect(updates.courses.count).toBe(25);
    expect(updates.courses.items).toHaveLength(20);
    expect(updates.courses.latestId).toBe(Math.max(...updates.courses.items.map((c) => c.id)));
  });

  it("never contains coupon data", async () => {
    await addCourses(coupon("a"), coupon("b"));
    await addArticle("Article");
    const { updates } = await getLiveUpdates(harness.services, { courseSince: 0, articleSince: 0 });
    const json = JSON.stringify(updates);
    expect(json).not.toMatch(/coupon/i);
    expect(json).not.toContain("SECRET-");
    expect(json).not.toContain("Secret draft");
    for (const course of updates.courses.items) {
      expect(Object.keys(course)).not.toContain("couponCode");
      expect(Object.keys(course)).not.toContain("couponUrl");
    }
  });
});

describe("etagMatches", () => {
  it("compares weakly, in lists, and accepts *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});
