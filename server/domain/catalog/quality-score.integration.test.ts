import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { qualityScore } from "../../../core/quality-score";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord, type CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { importCouponRecords } from "../ingest/import-records";
import {
  rescoreAgeingCourses,
  rescoreAgeingCoursesOnceADay,
  scoreUnscoredCourses,
} from "./quality-score";
import { addReview } from "./reviews";

const TODAY = "2026-11-27";
let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: `${TODAY}T10:00:00+07:00` });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(courses);
});

const record = (slug: string, over: Partial<CouponRecord> = {}) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=FREE`,
    couponCode: "FREE",
    title: `Course ${slug}`,
    category: "Development",
    expiresAt: new Date("2026-12-31T00:00:00Z"),
    foundAt: new Date("2026-11-27T01:00:00Z"),
    ...over,
  });

async function stored(slug: string) {
  const [row] = await harness.services.db.select().from(courses).where(eq(courses.slug, slug));
  return row!;
}

/** The score the core formula gives the row's current inputs. */
const expectedScore = (row: Awaited<ReturnType<typeof stored>>) => qualityScore(row, TODAY);

describe("the stored quality score follows its inputs", () => {
  it("the import stores it, and a later import with more reviews moves it", async () => {
    await importCouponRecords(
      harness.services,
      [record("few", { udemyRating: 5, udemyReviews: 3, students: 10 })],
      "test",
    );
    const first = await stored("few");
    expect(first.qualityScore).toBeCloseTo(4.107, 3);
    expect(first.qualityScore).toBeCloseTo(expectedScore(first), 4);

    await importCouponRecords(
      harness.services,
      [
        record("few", {
          udemyRating: 4.8,
          udemyReviews: 3000,
          students: 20_000,
          foundAt: new Date("2026-11-27T02:00:00Z"),
        }),
      ],
      "test",
    );
    const later = await stored("few");
    expect(later.qualityScore).toBeGreaterThan(4.8);
    expect(later.qualityScore).toBeCloseTo(expectedScore(later), 4);
  });

  it("our learners' review moves it in the review's transaction", async () => {
    await importCouponRecords(
      harness.services,
      [record("reviewed", { udemyRating: 4, udemyReviews: 5 })],
      "test",
    );
    const before = await stored("reviewed");
    const { user } = await signInWithLocalIdentity(harness.services, {
      email: "quality-reviewer@example.com",
    });
    await addReview(harness.services, user.id, {
      courseId: before.id,
      rating: 1,
      text: "Nothing works.",
    });
    const after = await stored("reviewed");
    expect(after.reviewCount).toBe(1);
    expect(after.qualityScore).toBeLessThan(before.qualityScore!);
    expect(after.qualityScore).toBeCloseTo(expectedScore(after), 4);
  });

  it("courses stored before the score existed are scored once at start", async () => {
    await importCouponRecords(
      harness.services,
      [record("old", { udemyRating: 4.6, udemyReviews: 800, students: 70_000 })],
      "test",
    );
    await harness.services.db.update(courses).set({ qualityScore: null });
    expect(await scoreUnscoredCourses(harness.services.db, TODAY)).toBe(1);
    const row = await stored("old");
    expect(row.qualityScore).toBeCloseTo(expectedScore(row), 4);
    expect(await scoreUnscoredCourses(harness.services.db, TODAY)).toBe(0);
  });
});

describe("the age penalty moves on without changes to the course", () => {
  it("scores again, once a day, the courses whose last update is 2 to 5 years old", async () => {
    await importCouponRecords(
      harness.services,
      ["ageing", "fresh", "ancient"].map((slug) =>
        record(slug, { udemyRating: 4.5, udemyReviews: 2000, students: 20_000 }),
      ),
      "test",
    );
    const lastUpdates = { ageing: "2024-05-27", fresh: "2026-09-01", ancient: "2015-01-01" };
    for (const [slug, lastUpdatedOn] of Object.entries(lastUpdates))
      await harness.services.db
        .update(courses)
        .set({ lastUpdatedOn })
        .where(eq(courses.slug, slug));
    await scoreUnscoredCourses(harness.services.db, TODAY); // none: all scored at import
    const before = { ageing: await stored("ageing"), ancient: await stored("ancient") };
    // The import scored them before Udemy's update day was known: today's pass catches up.
    expect(await rescoreAgeingCourses(harness.services.db, TODAY)).toBe(1);
    const ageingToday = (await stored("ageing")).qualityScore!;
    expect(ageingToday).toBeCloseTo(expectedScore(await stored("ageing")), 4);
    expect(ageingToday).toBeLessThan(before.ageing.qualityScore!);

    // A year later, nothing changed but the clock.
    harness.clock.set("2027-11-27T10:00:00+07:00");
    try {
      expect(await rescoreAgeingCoursesOnceADay(harness.services)).toBe(1);
      const ageing = await stored("ageing");
      expect(ageing.qualityScore).toBeCloseTo(qualityScore(ageing, "2027-11-27"), 4);
      expect(ageing.qualityScore).toBeCloseTo(ageingToday - 0.1, 2);
      // Outside the moving years: never rescored by the pass.
      expect((await stored("ancient")).qualityScore).toBe(before.ancient.qualityScore);
      // The same day again: nothing to do (remembered for the day).
      await harness.services.db
        .update(courses)
        .set({ qualityScore: 1 })
        .where(eq(courses.slug, "ageing"));
      expect(await rescoreAgeingCoursesOnceADay(harness.services)).toBe(1);
      expect((await stored("ageing")).qualityScore).toBe(1);
    } finally {
      harness.clock.set(`${TODAY}T10:00:00+07:00`);
    }
  });
});
