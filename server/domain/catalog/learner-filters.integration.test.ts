import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_COURSE_FILTERS,
  parseCourseFilters,
  type CourseFilters,
} from "../../../core/course-filters";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses } from "../../db/schema";
import { importCouponRecords } from "../ingest/import-records";
import { listCourses, listedCondition } from "./catalog";
import { learnerFilterConditions } from "./learner-filters";

const NOW = "2024-03-06T10:00:00+07:00";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
});

afterAll(async () => {
  await harness.close();
});

/** A live coupon; only what a test names differs from a plain English course. */
function coupon(slug: string, overrides: Partial<CouponRecord> = {}): CouponRecord {
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=C${slug.length}X`,
    couponCode: `C${slug.length}X`,
    title: `Course ${slug}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 120,
    udemyRating: 4.2,
    udemyReviews: 10,
    students: 5000,
    usesRemaining: 100,
    expiresAt: new Date("2024-03-13T00:00:00Z"),
    foundAt: new Date("2024-03-05T02:00:00Z"),
    ...overrides,
  };
}

beforeAll(async () => {
  await harness.services.db.delete(courses);
  const summary = await importCouponRecords(
    harness.services,
    [
      coupon("plain"),
      coupon("bahasa", { language: "Indonesian" }),
      coupon("top-rated", { udemyRating: 4.7 }),
      coupon("weak", { udemyRating: 3.2 }),
      coupon("crowded", { students: 150_000 }),
      coupon("beginner", { level: "Beginner Level" }),
      coupon("tiny", { durationMinutes: 30 }),
      coupon("huge", { durationMinutes: 1500 }),
      coupon("java-course", { title: "Java Masterclass" }),
      coupon("by-budi", { instructor: "Budi Santoso" }),
    ],
    "test",
  );
  expect(summary.rejected).toEqual([]);
  // Udemy's facts (last update, paid) come from its course API; set here as the ingest would.
  await harness.services.db.update(courses).set({ lastUpdatedOn: "2020-01-01", isPaid: true });
  await harness.services.db
    .update(courses)
    .set({ lastUpdatedOn: "2023-12-01" })
    .where(eq(courses.slug, "plain"));
  await harness.services.db
    .update(courses)
    .set({ lastUpdatedOn: "2022-06-01", isPaid: false })
    .where(eq(courses.slug, "bahasa"));
});

beforeEach(() => {
  harness.services.cache.forget();
});

const slugs = async (filters: Partial<CourseFilters>) =>
  (await listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS, ...filters })).courses
    .map((course) => course.slug)
    .sort();

describe("listCourses with the learners' filters", () => {
  it("lists all ten without a filter", async () => {
    expect(await slugs({})).toHaveLength(10);
  });

  it.each<[string, Partial<CourseFilters>, string[]]>([
    ["language", { language: "Indonesian" }, ["bahasa"]],
    ["Udemy rating 4.5+", { udemyRating: "4.5" }, ["top-rated"]],
    ["Udemy rating 3.5+ hides the weak one only", { udemyRating: "3.5" }, []],
    ["students", { minStudents: "100000" }, ["crowded"]],
    ["level", { level: "beginner" }, ["beginner"]],
    ["under an hour", { duration: "extraShort" }, ["tiny"]],
    ["17 hours and more", { duration: "extraLong" }, ["huge"]],
    ["updated within a year", { updated: "1y" }, ["plain"]],
    ["updated within two years", { updated: "2y" }, ["bahasa", "plain"]],
    ["always free (no certificate)", { certificate: "no" }, ["bahasa"]],
  ])("narrows by %s", async (_name, filters, expected) => {
    const found = await slugs(filters);
    if (expected.length > 0) expect(found).toEqual(expected);
    else expect(found).not.toContain("weak");
    expect(found.length).toBeLessThan(10);
  });

  it("hides a course with a hidden word in its title (any case) or by a hidden instructor", async () => {
    const found = await slugs({ hideWords: ["JAVA"], hideInstructors: ["budi santoso"] });
    expect(found).toHaveLength(8);
    expect(found).not.toContain("java-course");
    expect(found).not.toContain("by-budi");
  });

  it("treats a hidden word's % and _ as characters, not wildcards", async () => {
    expect(await slugs({ hideWords: ["%"] })).toHaveLength(10);
  });

  it("counts each combination of filters apart (the remembered count follows the filters)", async () => {
    const list = (query: string) =>
      listCourses(harness.services, parseCourseFilters(new URLSearchParams(query)));
    expect((await list("")).total).toBe(10);
    expect((await list("level=beginner")).total).toBe(1);
    expect((await list("certificate=yes")).total).toBe(9);
    expect((await list("hideWords=java")).total).toBe(9);
  });

  it.each<Partial<CourseFilters>>([
    {},
    { language: "Indonesian" },
    { udemyRating: "4.5" },
    { udemyRating: "3.5", type: "Development" },
    { minStudents: "100000" },
    { level: "beginner", language: "English" },
    { duration: "short" },
    { duration: "extraLong" },
    { updated: "2y", certificate: "yes" },
    { certificate: "no" },
    { rating: 4 },
    { type: "Music" },
    { hideWords: ["java", "course"] },
    { hideWords: ["masterclass"], hideInstructors: ["budi"], udemyRating: "3.5" },
  ])("counts in memory what the database finds: %j", async (chosen) => {
    const filters = { ...DEFAULT_COURSE_FILTERS, ...chosen };
    const [row] = await harness.services.db
      .select({ total: count() })
      .from(courses)
      .where(
        and(
          listedCondition(harness.services),
          ...learnerFilterConditions(filters, harness.services.clock.today()),
        ),
      );
    const page = await listCourses(harness.services, filters);
    expect(page.total).toBe(row!.total);
    expect(page.courses).toHaveLength(row!.total);
  });

  it("counts a coupon that ended out at once, and counts hidden courses anew after a write", async () => {
    const list = (filters: Partial<CourseFilters>) =>
      listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS, ...filters });
    expect((await list({ hideWords: ["java"] })).total).toBe(9);
    // Every fixture coupon ends at 2024-03-13 00:00 UTC: one minute later none is listed.
    harness.clock.set("2024-03-13T00:01:00Z");
    try {
      expect((await list({})).total).toBe(0);
    } finally {
      harness.clock.set(NOW);
    }
    await harness.services.db
      .update(courses)
      .set({ title: "Java for Beginners" })
      .where(eq(courses.slug, "plain"));
    expect((await list({ hideWords: ["java"] })).total).toBe(9); // remembered for now
    harness.services.cache.forget("catalog:"); // as every write to the catalogue does
    try {
      expect((await list({ hideWords: ["java"] })).total).toBe(8);
    } finally {
      await harness.services.db
        .update(courses)
        .set({ title: "Course plain" })
        .where(eq(courses.slug, "plain"));
    }
  });
});
