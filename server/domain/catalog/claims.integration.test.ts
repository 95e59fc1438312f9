import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponRecord } from "../../../tests/setup/api-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import { courses } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { openCourse } from "../accounts/credits";
import { NotFound, ValidationError } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import { listCourses } from "./catalog";
import { hasClaimedCourses, markCourseOwned, moveClaimedCourse, readLearningList } from "./claims";

/** 10:00 in Jakarta on 22 November 2026. */
const NOW = "2026-11-22T10:00:00+07:00";
const COURSE_COUNT = 6;

let harness: TestServices;
let courseIds: number[] = [];
let emailSequence = 0;

/** One listed course of this file: its code is its slug, in capitals. */
function coupon(slug: string): CouponRecord {
  return couponRecord({
    slug,
    couponCode: slug.toUpperCase(),
    title: `Claimed Course ${slug}`,
    udemyRating: 4.5,
    expiresAt: new Date("2026-12-31T00:00:00Z"),
  });
}

async function newUserId(): Promise<string> {
  emailSequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `claims-${emailSequence}@example.com`,
  });
  return user.id;
}

const listIds = async (userId: string | null, showClaimed = false) => {
  const page = await listCourses(
    harness.services,
    { ...DEFAULT_COURSE_FILTERS, showClaimed },
    userId,
  );
  return { ids: page.courses.map((course) => course.id).sort(), page };
};

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  const records = Array.from({ length: COURSE_COUNT }, (_, index) => coupon(`claim-${index}`));
  await importCouponRecords(harness.services, records, "test");
  const rows = await harness.services.db
    .select({ id: courses.id })
    .from(courses)
    .orderBy(courses.slug);
  courseIds = rows.map((row) => row.id);
  // Udemy answered in two currencies.
  await harness.services.db
    .update(courses)
    .set({ listPriceAmount: 19.99, listPriceCurrency: "USD" })
    .where(inArray(courses.id, courseIds.slice(0, 3)));
  await harness.services.db
    .update(courses)
    .set({ listPriceAmount: 249000, listPriceCurrency: "IDR" })
    .where(inArray(courses.id, courseIds.slice(3)));
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

describe("claimed courses", () => {
  it("counts an opened course as claimed and hides it from the learner's list, not from others", async () => {
    const learner = await newUserId();
    const other = await newUserId();
    const [opened] = courseIds as [number];
    expect(await hasClaimedCourses(harness.services, learner)).toBe(false);
    await openCourse(harness.services, { kind: "user", userId: learner }, opened);
    expect(await hasClaimedCourses(harness.services, learner)).toBe(true);

    const hidden = await listIds(learner);
    expect(hidden.ids).not.toContain(opened);
    expect(hidden.page.total).toBe(COURSE_COUNT - 1);
    expect(hidden.page.claimedCount).toBe(1);
    const shown = await listIds(learner, true);
    expect(shown.ids).toContain(opened);
    expect(shown.page.total).toBe(COURSE_COUNT);
    // Another learner and a visitor still see it.
    expect((await listIds(other)).ids).toContain(opened);
    expect((await listIds(null)).page).toMatchObject({ total: COURSE_COUNT, claimedCount: 0 });
  });

  it("hides a course marked owned, and lists it as claimed (owned) on the learning list", async () => {
    const learner = await newUserId();
    const owned = courseIds[1]!;
    await markCourseOwned(harness.services, learner, owned);
    await markCourseOwned(harness.services, learner, owned);
    expect((await listIds(learner)).ids).not.toContain(owned);
    const list = await readLearningList(harness.services, learner);
    expect(list.courses).toEqual([
      expect.objectContaining({ courseId: owned, state: "claimed", owned: true }),
    ]);
    await expect(markCourseOwned(harness.services, learner, 2_147_483_647)).rejects.toThrow(
      NotFound,
    );
  });

  it("moves a course Claimed → Learning → Done and keeps the day of each state", async () => {
    const learner = await newUserId();
    const courseId = courseIds[2]!;
    await openCourse(harness.services, { kind: "user", userId: learner }, courseId);
    const openedAt = new Date(NOW).toISOString();
    harness.clock.advance(86_400_000);
    await moveClaimedCourse(harness.services, learner, courseId, "learning");
    const learningAt = harness.clock.now().toISOString();
    harness.clock.advance(86_400_000);
    await moveClaimedCourse(harness.services, learner, courseId, "done");
    const [course] = (await readLearningList(harness.services, learner)).courses;
    expect(course).toEqual(
      expect.objectContaining({
        courseId,
        state: "done",
        owned: false,
        claimedAt: openedAt,
        learningAt,
        doneAt: harness.clock.now().toISOString(),
      }),
    );
  });

  it("refuses an unknown state (400) and an unknown course (404), changing nothing", async () => {
    const learner = await newUserId();
    const move = (courseId: number, state: unknown) =>
      moveClaimedCourse(harness.services, learner, courseId, state);
    await expect(move(courseIds[0]!, "finished")).rejects.toThrow(ValidationError);
    await expect(move(courseIds[0]!, "finished")).rejects.toThrow("Unknown learning state.");
    await expect(move(courseIds[0]!, undefined)).rejects.toThrow(ValidationError);
    await expect(move(999_999, "done")).rejects.toThrow(NotFound);
    expect(await readLearningList(harness.services, learner)).toEqual({ courses: [], saved: [] });
  });

  it("never shows one learner's list to another", async () => {
    const learner = await newUserId();
    const other = await newUserId();
    await markCourseOwned(harness.services, learner, courseIds[0]!);
    expect((await readLearningList(harness.services, other)).courses).toEqual([]);
    expect((await listIds(other)).ids).toContain(courseIds[0]!);
  });

  it("sums what the claimed courses would have cost, one total per currency", async () => {
    const learner = await newUserId();
    for (const courseId of [courseIds[0]!, courseIds[1]!, courseIds[3]!, courseIds[4]!])
      await markCourseOwned(harness.services, learner, courseId);
    // Opened and owned: counted once.
    await openCourse(harness.services, { kind: "user", userId: learner }, courseIds[0]!);
    expect((await readLearningList(harness.services, learner)).saved).toEqual([
      { currency: "IDR", amount: 498000 },
      { currency: "USD", amount: 39.98 },
    ]);
  });
});
