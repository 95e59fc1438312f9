import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { qualityScore } from "../../../core/quality-score";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord, type CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { importCouponRecords } from "../ingest/import-records";
import { scoreUnscoredCourses } from "./quality-score";
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
