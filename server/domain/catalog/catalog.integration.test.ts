import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  COURSES_PAGE_SIZE,
  DEFAULT_COURSE_FILTERS,
  type CourseFilters,
} from "../../../core/course-filters";
import { addDays, toJakartaDay } from "../../../core/dates";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { parseConfig } from "../../config";
import { courses } from "../../db/schema";
import {
  findPublicCourse,
  listCatalogFacets,
  listCourses,
  listCoursesEndingToday,
} from "./catalog";
import { generateDemoCatalogue } from "./demo-catalog";
import { importCouponRecords } from "../ingest/import-records";
import { seedDemoCatalogueIfEmpty } from "./seed";

const NOW = "2024-03-06T10:00:00+07:00";
const TODAY = "2024-03-06";

let harness: TestServices;

beforeAll(async () => {
  // SEED=demo so the seeding tests below can seed; nothing seeds on its own.
  harness = await createTestServices({ now: NOW, env: { SEED: "demo" } });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(courses);
  harness.services.cache.forget();
  harness.clock.set(NOW);
});

let sequence = 0;

/** A live coupon found yesterday morning (Jakarta), expiring in a week. */
function coupon(overrides: Partial<CouponRecord> & { slug?: string } = {}): CouponRecord {
  sequence += 1;
  const { slug = `course-${sequence}`, ...rest } = overrides;
  const couponCode = rest.couponCode ?? `SECRET${sequence}CODE`;
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode}`,
    couponCode,
    title: `Generic Course ${sequence}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 60,
    udemyRating: 4,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 100,
    expiresAt: new Date("2024-03-13T00:00:00Z"),
    foundAt: new Date("2024-03-05T02:00:00Z"),
    ...rest,
  };
}

async function load(records: CouponRecord[]): Promise<void> {
  const summary = await importCouponRecords(harness.services, records, "test");
  expect(summary.rejected).toEqual([]);
  expect(summary.added).toBe(records.length);
}

const list = (filters: Partial<CourseFilters> = {}) =>
  listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS, ...filters });

const listedSlugs = async (filters: Partial<CourseFilters> = {}) =>
  (await list(filters)).courses.map((course) => course.slug);

async function setColumn(slug: string, values: Partial<typeof courses.$inferInsert>) {
  await harness.services.db.update(courses).set(values).where(eq(courses.slug, slug));
}

describe("listCourses paging", () => {
  beforeEach(async () => {
    await load(
      Array.from({ length: 45 }, (_, index) =>
        coupon({ slug: `paged-${String(index).padStart(2, "0")}` }),
      ),
    );
  });

  it("returns 20 courses a page with the total and page count", async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3, pageSize: 20 });
    expect(first.courses).toHaveLength(COURSES_PAGE_SIZE);
    const second = await list({ page: 2 });
    const third = await list({ page: 3 });
    expect(second.courses).toHaveLength(20);
    expect(third.courses).toHaveLength(5);
    const ids = [...first.courses, ...second.courses, ...third.courses].map((course) => course.id);
    expect(new Set(ids).size).toBe(45);
  });

  it("clamps a page past the end to the last page", async () => {
    const past = await list({ page: 99 });
    expect(past.page).toBe(3);
    expect(past.pageCount).toBe(3);
    expect(past.courses.map((course) => course.id)).toEqual(
      (await list({ page: 3 })).courses.map((course) => course.id),
    );
  });

  it("has one empty page when nothing matches", async () => {
    const none = await list({ search: "no such course anywhere", page: 4 });
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, courses: [] });
  });
});

describe("which courses are listed", () => {
  it("lists only active courses", async () => {
    await load([coupon({ slug: "on" }), coupon({ slug: "off" })]);
    await setColumn("off", { active: false });
    expect(await listedSlugs()).toEqual(["on"]);
  });

  it("hides a course found tomorrow (Jakarta) until that day starts", async () => {
    await load([
      coupon({ slug: "today", foundAt: new Date("2024-03-06T16:59:59Z") }),
      coupon({ slug: "tomorrow", foundAt: new Date("2024-03-06T17:00:00Z") }),
    ]);
    expect(await listedSlugs()).toEqual(["today"]);
    harness.clock.set("2024-03-06T16:59:59Z");
    expect(await listedSlugs()).toEqual(["today"]);
    harness.clock.set("2024-03-06T17:00:00Z");
    expect(await listedSlugs()).toEqual(["tomorrow", "today"]);
  });

  it("drops a course the moment its coupon expires", async () => {
    await load([
      coupon({ slug: "expiring", expiresAt: new Date("2024-03-06T12:00:00+07:00") }),
      coupon({ slug: "no-expiry", expiresAt: null }),
      coupon({ slug: "already-expired", expiresAt: new Date("2024-03-06T09:00:00+07:00") }),
    ]);
    expect((await listedSlugs()).sort()).toEqual(["expiring", "no-expiry"]);
    harness.clock.set("2024-03-06T11:59:59+07:00");
    expect((await listedSlugs()).sort()).toEqual(["expiring", "no-expiry"]);
    harness.clock.set("2024-03-06T12:00:00+07:00");
    expect(await listedSlugs()).toEqual(["no-expiry"]);
    expect((await list()).total).toBe(1);
  });

  it("shows the coupons of an earlier day when the clock is moved back", async () => {
    await load([
      coupon({ slug: "old", foundAt: new Date("2024-03-01T02:00:00Z") }),
      coupon({ slug: "new", foundAt: new Date("2024-03-05T02:00:00Z") }),
    ]);
    harness.clock.set("2024-03-02T10:00:00+07:00");
    expect(await listedSlugs()).toEqual(["old"]);
  });
});

describe("search and filters", () => {
  beforeEach(async () => {
    await load([
      coupon({ slug: "django", title: "Django with Python" }),
      coupon({ slug: "python-beginners", title: "PYTHON for Beginners" }),
      coupon({ slug: "percent", title: "100% Free JavaScript Projects" }),
      coupon({ slug: "hundred", title: "100 Days of Code" }),
      coupon({ slug: "underscore", title: "Learn C_Sharp Basics" }),
      coupon({ slug: "no-underscore", title: "Learn CXSharp Basics" }),
      coupon({
        slug: "guitar",
        title: "Guitar for Everyone",
        category: "Music",
        language: "Spanish",
      }),
      coupon({
        slug: "photoshop",
        title: "Photoshop Essentials",
        category: "Design",
        language: "Indonesian",
      }),
    ]);
  });

  it("is case-insensitive", async () => {
    expect((await listedSlugs({ search: "python" })).sort()).toEqual([
      "django",
      "python-beginners",
    ]);
    expect((await listedSlugs({ search: "pYtHoN" })).sort()).toEqual([
      "django",
      "python-beginners",
    ]);
  });

  it("needs every word, in any order", async () => {
    expect(await listedSlugs({ search: "python django" })).toEqual(["django"]);
    expect(await listedSlugs({ search: "django   python" })).toEqual(["django"]);
    expect(await listedSlugs({ search: "python ruby" })).toEqual([]);
  });

  it("matches % and _ literally", async () => {
    expect(await listedSlugs({ search: "100%" })).toEqual(["percent"]);
    expect(await listedSlugs({ search: "C_Sharp" })).toEqual(["underscore"]);
    expect(await listedSlugs({ search: "%" })).toEqual(["percent"]);
    expect(await listedSlugs({ search: "_" })).toEqual(["underscore"]);
    expect(await listedSlugs({ search: "\\" })).toEqual([]);
  });

  it("filters by type (category)", async () => {
    expect(await listedSlugs({ type: "Music" })).toEqual(["guitar"]);
    expect(await listedSlugs({ type: "music" })).toEqual([]);
    expect((await list({ type: "Development" })).total).toBe(6);
  });

  it("filters by language", async () => {
    expect(await listedSlugs({ language: "Indonesian" })).toEqual(["photoshop"]);
    expect((await list({ language: "English" })).total).toBe(6);
  });

  it("combines search, type and language", async () => {
    expect(await listedSlugs({ search: "guitar", type: "Music", language: "Spanish" })).toEqual([
      "guitar",
    ]);
    expect(await listedSlugs({ search: "guitar", type: "Design" })).toEqual([]);
  });

  it("filters on the average of our reviews", async () => {
    await setColumn("django", { reviewAverage: 4.5, reviewCount: 2 });
    await setColumn("guitar", { reviewAverage: 3.96, reviewCount: 5 });
    await setColumn("photoshop", { reviewAverage: 2, reviewCount: 1 });
    expect(await listedSlugs({ rating: 5 })).toEqual([]);
    expect(await listedSlugs({ rating: 4 })).toEqual(["django"]);
    expect((await listedSlugs({ rating: 3 })).sort()).toEqual(["django", "guitar"]);
    expect((await listedSlugs({ rating: 1 })).sort()).toEqual(["django", "guitar", "photoshop"]);
    expect((await list({ rating: 0 })).total).toBe(8);

    const shown = (await list({ rating: 3 })).courses;
    const guitar = shown.find((course) => course.slug === "guitar");
    expect(guitar).toMatchObject({ averageRating: 4, reviewCount: 5 });
    const unrated = (await list()).courses.find((course) => course.slug === "percent");
    expect(unrated).toMatchObject({ averageRating: 0, reviewCount: 0 });
  });
});

describe("sort orders", () => {
  beforeEach(async () => {
    await load([
      coupon({
        slug: "a",
        foundAt: new Date("2024-03-01T02:00:00Z"),
        udemyRating: 4.9,
        udemyReviews: 10,
        students: 50,
        expiresAt: new Date("2024-03-08T00:00:00Z"),
      }),
      coupon({
        slug: "b",
        foundAt: new Date("2024-03-06T01:00:00Z"),
        udemyRating: null,
        udemyReviews: null,
        students: null,
        expiresAt: null,
      }),
      coupon({
        slug: "c",
        foundAt: new Date("2024-03-04T02:00:00Z"),
        udemyRating: 4.9,
        udemyReviews: 500,
        students: 9000,
        expiresAt: new Date("2024-03-07T00:00:00Z"),
      }),
      coupon({
        slug: "d",
        foundAt: new Date("2024-03-04T05:00:00Z"),
        udemyRating: 3.5,
        udemyReviews: 3,
        students: 700,
        expiresAt: new Date("2024-03-20T00:00:00Z"),
      }),
    ]);
  });

  it("newest: latest date first, then the most recently added", async () => {
    expect(await listedSlugs({ sort: "newest" })).toEqual(["b", "d", "c", "a"]);
  });

  it("best: by the stored quality score, so 4.9★ from 3 reviews is not above 4.9★ from 500", async () => {
    // c 4.9★/500 ≈ 4.91; a 4.9★/10 ≈ 4.26; b unrated = the prior 4.0; d 3.5★/3 ≈ 3.95.
    expect(await listedSlugs({ sort: "best" })).toEqual(["c", "a", "b", "d"]);
  });

  it("rating: Udemy rating high to low, more reviews first on a tie, unrated last", async () => {
    expect(await listedSlugs({ sort: "rating" })).toEqual(["c", "a", "d", "b"]);
  });

  it("students: most first, unknown last", async () => {
    expect(await listedSlugs({ sort: "students" })).toEqual(["c", "d", "a", "b"]);
  });

  it("expiring: soonest expiry first, no expiry last", async () => {
    expect(await listedSlugs({ sort: "expiring" })).toEqual(["c", "a", "d", "b"]);
  });

  it("a search with few matches sorts them (not read off the sort's index) in the same order", async () => {
    for (const sort of ["newest", "best", "rating", "students", "expiring"] as const) {
      // Every title is "Generic Course N": the search matches all four.
      expect(await listedSlugs({ sort, search: "generic course" })).toEqual(
        await listedSlugs({ sort }),
      );
    }
  });
});

describe("what a listed course reveals", () => {
  it("never contains the coupon code or coupon URL", async () => {
    await load([
      coupon({ slug: "secret-one", couponCode: "TOPSECRET111" }),
      coupon({ slug: "secret-two", couponCode: "TOPSECRET222" }),
    ]);
    const stored = await harness.services.db
      .select({ code: courses.couponCode, url: courses.couponUrl })
      .from(courses)
      .orderBy(asc(courses.id));
    expect(stored.map((row) => row.code)).toEqual(["TOPSECRET111", "TOPSECRET222"]);

    const page = await list();
    expect(page.courses).toHaveLength(2);
    for (const course of page.courses) {
      expect(Object.keys(course)).not.toContain("couponCode");
      expect(Object.keys(course)).not.toContain("couponUrl");
    }
    const json = JSON.stringify(page);
    expect(json).not.toContain("TOPSECRET");
    expect(json).not.toMatch(/coupon/i);

    const single = await findPublicCourse(harness.services, page.courses[0]!.id);
    expect(single?.link).toMatch(/^https:\/\/www\.udemy\.com\/course\/secret-(one|two)\/$/);
    expect(JSON.stringify(single)).not.toMatch(/TOPSECRET|coupon/i);
  });

  it("shapes the public course with its SPEC names", async () => {
    await load([
      coupon({
        slug: "shaped",
        title: "Shaped Course",
        category: "Business",
        expiresAt: new Date("2024-03-10T00:00:00Z"),
      }),
    ]);
    const [course] = (await list()).courses;
    expect(course).toMatchObject({
      slug: "shaped",
      title: "Shaped Course",
      link: "https://www.udemy.com/course/shaped/",
      courseType: "Business",
      date: "2024-03-05",
      expiresAt: "2024-03-10T00:00:00.000Z",
    });
    expect(await findPublicCourse(harness.services, 999_999)).toBeNull();
  });
});

describe("listCatalogFacets", () => {
  it("lists the sorted categories and languages of listed courses only", async () => {
    await load([
      coupon({ slug: "m", category: "Music", language: "Spanish" }),
      coupon({ slug: "d1", category: "Development", language: "English" }),
      coupon({ slug: "d2", category: "Development", language: null }),
      coupon({ slug: "b", category: "Business", language: "Arabic" }),
      coupon({ slug: "hidden", category: "Lifestyle", language: "French" }),
      coupon({
        slug: "expired",
        category: "Design",
        language: "Hindi",
        expiresAt: new Date("2024-03-01T00:00:00Z"),
      }),
      coupon({
        slug: "future",
        category: "Marketing",
        language: "Portuguese",
        foundAt: new Date("2024-03-07T02:00:00Z"),
      }),
    ]);
    await setColumn("hidden", { active: false });
    expect(await listCatalogFacets(harness.services)).toEqual({
      categories: ["Business", "Development", "Music"],
      languages: ["Arabic", "English", "Spanish"],
    });
  });

  it("is refreshed after an import changes the catalogue", async () => {
    await load([coupon({ slug: "first", category: "Music" })]);
    expect((await listCatalogFacets(harness.services)).categories).toEqual(["Music"]);
    await load([coupon({ slug: "second", category: "Design" })]);
    expect((await listCatalogFacets(harness.services)).categories).toEqual(["Design", "Music"]);
  });
});

describe("listCoursesEndingToday", () => {
  it("lists up to four listed courses ending before midnight Jakarta, soonest first", async () => {
    const at = (time: string) => new Date(`2024-03-06T${time}+07:00`);
    await load([
      coupon({ slug: "late", expiresAt: at("23:30:00") }),
      coupon({ slug: "soon", expiresAt: at("10:30:00") }),
      coupon({ slug: "noon", expiresAt: at("12:00:00") }),
      coupon({ slug: "evening", expiresAt: at("19:00:00") }),
      coupon({ slug: "afternoon", expiresAt: at("15:00:00") }),
      coupon({ slug: "ended", expiresAt: at("09:00:00") }),
      coupon({ slug: "tomorrow", expiresAt: new Date("2024-03-07T00:00:00+07:00") }),
      coupon({ slug: "no-expiry", expiresAt: null }),
      coupon({ slug: "switched-off", expiresAt: at("11:00:00") }),
    ]);
    await setColumn("switched-off", { active: false });
    const picks = await listCoursesEndingToday(harness.services);
    expect(picks.map((course) => course.slug)).toEqual(["soon", "noon", "afternoon", "evening"]);
  });

  it("is empty when no listed coupon ends today", async () => {
    await load([coupon({ slug: "next-week" })]);
    expect(await listCoursesEndingToday(harness.services)).toEqual([]);
  });
});

describe("generateDemoCatalogue", () => {
  const now = new Date(NOW);

  it("is deterministic for the same moment", () => {
    expect(generateDemoCatalogue(now)).toEqual(generateDemoCatalogue(new Date(NOW)));
  });

  it("makes about 600 believable, live courses", () => {
    const records = generateDemoCatalogue(now);
    expect(records).toHaveLength(600);

    const categories = new Set(records.map((record) => record.category));
    expect(categories.size).toBe(13);
    expect(categories).toContain("Teaching & Academics");
    expect(categories).toContain("Music");
    const languages = new Set(records.map((record) => record.language));
    expect(languages.size).toBeGreaterThanOrEqual(4);
    expect(languages).toContain("Indonesian");

    const days = records.map((record) => toJakartaDay(record.foundAt));
    expect(days).toContain(TODAY);
    for (const record of records) {
      expect(record.foundAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(record.foundAt.getTime()).toBeGreaterThan(now.getTime() - 14 * 86_400_000);
      expect(record.expiresAt!.getTime()).toBeGreaterThan(now.getTime());
      expect(record.couponCode).not.toBeNull();
      expect(record.courseUrl).toContain(`couponCode=${record.couponCode}`);
    }
    expect(days.every((day) => day >= addDays(TODAY, -14) && day <= TODAY)).toBe(true);
    expect(new Set(records.map((record) => record.courseUrl)).size).toBe(600);
  });

  it("changes with the seed", () => {
    const a = generateDemoCatalogue(now, { count: 20 });
    const b = generateDemoCatalogue(now, { count: 20, seed: 7 });
    expect(a.map((record) => record.title)).not.toEqual(b.map((record) => record.title));
  });
});

describe("seedDemoCatalogueIfEmpty", () => {
  const totalCourses = async () =>
    (await harness.services.db.select({ total: count() }).from(courses))[0]!.total;

  it("seeds the demo catalogue once, listing all of it, and never again", async () => {
    const first = await seedDemoCatalogueIfEmpty(harness.services);
    expect(first).toMatchObject({ found: 600, added: 600, updated: 0, rejected: [] });
    expect(await totalCourses()).toBe(600);
    expect((await list()).total).toBe(600);
    const demoRows = await harness.services.db
      .select({ total: count() })
      .from(courses)
      .where(inArray(courses.source, ["demo"]));
    expect(demoRows[0]!.total).toBe(600);

    harness.clock.set("2024-03-08T10:00:00+07:00");
    expect(await seedDemoCatalogueIfEmpty(harness.services)).toBeNull();
    expect(await totalCourses()).toBe(600);
  });

  it("does not seed over an existing catalogue", async () => {
    await load([coupon({ slug: "real-course" })]);
    expect(await seedDemoCatalogueIfEmpty(harness.services)).toBeNull();
    expect(await totalCourses()).toBe(1);
  });

  it("does nothing with SEED=none", async () => {
    const services = {
      ...harness.services,
      config: parseConfig({ NODE_ENV: "test", SEED: "none" }),
    };
    expect(await seedDemoCatalogueIfEmpty(services)).toBeNull();
    expect(await totalCourses()).toBe(0);
  });
});
