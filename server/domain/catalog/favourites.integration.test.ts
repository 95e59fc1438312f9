import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses, dailyCounters, favourites } from "../../db/schema";
import { anonymousSubject, signInWithLocalIdentity } from "../accounts/accounts";
import { LimitReached, NotFound } from "../common/errors";
import { listMarkedCourseIds } from "./course-marks";
import { listFavourites, setFavourite } from "./favourites";
import { importCouponRecords } from "../ingest/import-records";
import { addReview } from "./reviews";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";
/** One second into 23 November in Jakarta. */
const NEXT_DAY = "2026-11-22T17:00:01Z";
const COURSE_COUNT = 40;
const LIMIT_MESSAGE =
  "You have reached the daily limit of 30 course favourites. Please try again tomorrow.";

let harness: TestServices;
/** Course ids in import order. */
let courseIds: number[] = [];
let emailSequence = 0;

function coupon(slug: string, overrides: Partial<CouponRecord> = {}): CouponRecord {
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${slug.toUpperCase()}-SECRET`,
    couponCode: `${slug.toUpperCase()}-SECRET`,
    title: `Favourite Course ${slug}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 60,
    udemyRating: 4.5,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 100,
    expiresAt: new Date("2026-12-31T00:00:00Z"),
    foundAt: new Date("2026-11-21T02:00:00Z"),
    ...overrides,
  };
}

async function newUserId(label: string): Promise<string> {
  emailSequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${label}-${emailSequence}@example.com`,
  });
  return user.id;
}

async function favouriteRows(subject: string): Promise<number> {
  const [row] = await harness.services.db
    .select({ total: count() })
    .from(favourites)
    .where(eq(favourites.subject, subject));
  return row?.total ?? 0;
}

async function addsCounted(subject: string, day = TODAY): Promise<number> {
  const [row] = await harness.services.db
    .select({ added: dailyCounters.favouritesAdded })
    .from(dailyCounters)
    .where(and(eq(dailyCounters.subject, subject), eq(dailyCounters.day, day)));
  return row?.added ?? 0;
}

const favourite = (subject: string, courseId: number) =>
  setFavourite(harness.services, subject, courseId, true);
const unfavourite = (subject: string, courseId: number) =>
  setFavourite(harness.services, subject, courseId, false);

/** Adds the first `n` courses, one second apart. */
async function addMany(subject: string, n: number): Promise<void> {
  for (const courseId of courseIds.slice(0, n)) {
    expect(await favourite(subject, courseId)).toEqual({ favourited: true, changed: true });
    harness.clock.advance(1000);
  }
}

async function expectLimitReached(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(LimitReached);
  expect((error as Error).message).toBe(LIMIT_MESSAGE);
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  const records = Array.from({ length: COURSE_COUNT }, (_, index) =>
    coupon(`fav-${String(index).padStart(2, "0")}`, {
      category: index % 2 === 0 ? "Development" : "Business",
    }),
  );
  const summary = await importCouponRecords(harness.services, records, "test");
  expect(summary.rejected).toEqual([]);
  expect(summary.added).toBe(COURSE_COUNT);
  const rows = await harness.services.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .orderBy(courses.slug);
  courseIds = rows.map((row) => row.id);
  expect(courseIds).toHaveLength(COURSE_COUNT);
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

describe("setFavourite", () => {
  it("adds and removes a favourite; removing twice changes nothing", async () => {
    const userId = await newUserId("toggle");
    const [first, second] = courseIds as [number, number];

    expect(await favourite(userId, first)).toEqual({ favourited: true, changed: true });
    expect(
      await listMarkedCourseIds(harness.services, favourites, userId, [first, second]),
    ).toEqual([first]);

    expect(await unfavourite(userId, first)).toEqual({ favourited: false, changed: true });
    expect(
      await listMarkedCourseIds(harness.services, favourites, userId, [first, second]),
    ).toEqual([]);
    expect(await unfavourite(userId, first)).toEqual({ favourited: false, changed: false });
    expect(await favouriteRows(userId)).toBe(0);
  });

  it("does not count re-adding a course that is already a favourite", async () => {
    const userId = await newUserId("again");
    const courseId = courseIds[0]!;
    expect(await favourite(userId, courseId)).toEqual({ favourited: true, changed: true });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(await favourite(userId, courseId)).toEqual({ favourited: true, changed: false });
    expect(await addsCounted(userId)).toBe(1);
    expect(await favouriteRows(userId)).toBe(1);
  });

  it("allows 30 adds a Jakarta day, then refuses the 31st without adding it", async () => {
    const userId = await newUserId("capped");
    await addMany(userId, 30);
    expect(await addsCounted(userId)).toBe(30);

    const extra = courseIds[30]!;
    await expectLimitReached(favourite(userId, extra));
    expect(await favouriteRows(userId)).toBe(30);
    expect(await listMarkedCourseIds(harness.services, favourites, userId, [extra])).toEqual([]);
    expect(await addsCounted(userId)).toBe(30);
    // Courses already favourited still answer "favourited" at the cap (nothing to count).
    expect(await favourite(userId, courseIds[0]!)).toEqual({ favourited: true, changed: false });

    // Removing frees no room today: neither another course nor the removed one comes back.
    expect(await unfavourite(userId, courseIds[0]!)).toEqual({ favourited: false, changed: true });
    expect(await unfavourite(userId, courseIds[1]!)).toEqual({ favourited: false, changed: true });
    await expectLimitReached(favourite(userId, extra));
    await expectLimitReached(favourite(userId, courseIds[0]!));
    expect(await favouriteRows(userId)).toBe(28);

    // 23:59:59 in Jakarta is still the same day.
    harness.clock.set("2026-11-22T16:59:59Z");
    await expectLimitReached(favourite(userId, extra));

    // A new Jakarta day (midnight WIB = 17:00 UTC) allows adds again.
    harness.clock.set(NEXT_DAY);
    expect(await favourite(userId, extra)).toEqual({ favourited: true, changed: true });
    expect(await favourite(userId, courseIds[0]!)).toEqual({ favourited: true, changed: true });
    expect(await addsCounted(userId, "2026-11-23")).toBe(2);
    expect(await favouriteRows(userId)).toBe(30);
  });

  it("caps an anonymous visitor the same way, apart from every other subject", async () => {
    const visitor = anonymousSubject("0f0e0d0c-visitor");
    const otherVisitor = anonymousSubject("0f0e0d0c-other");
    await addMany(visitor, 30);
    await expectLimitReached(favourite(visitor, courseIds[35]!));
    expect(await favouriteRows(visitor)).toBe(30);

    // Another visitor and a signed-in user still have their whole allowance.
    expect(await favourite(otherVisitor, courseIds[35]!)).toEqual({
      favourited: true,
      changed: true,
    });
    const userId = await newUserId("beside-anon");
    expect(await favourite(userId, courseIds[35]!)).toEqual({ favourited: true, changed: true });

    harness.clock.set(NEXT_DAY);
    expect(await favourite(visitor, courseIds[35]!)).toEqual({ favourited: true, changed: true });
  });

  it("refuses an unknown course with NotFound and counts nothing", async () => {
    const userId = await newUserId("unknown");
    const missing = Math.max(...courseIds) + 1000;
    await expect(favourite(userId, missing)).rejects.toBeInstanceOf(NotFound);
    expect(await addsCounted(userId)).toBe(0);
    expect(await favouriteRows(userId)).toBe(0);
    expect(await unfavourite(userId, missing)).toEqual({ favourited: false, changed: false });
  });

  it.each([Number.NaN, 0, -4, 2.5, 2 ** 40])(
    "treats a course id of %s as no course instead of failing in the database",
    async (courseId) => {
      const userId = await newUserId("odd-id");
      await expect(favourite(userId, courseId)).rejects.toBeInstanceOf(NotFound);
      expect(await unfavourite(userId, courseId)).toEqual({ favourited: false, changed: false });
      expect(await addsCounted(userId)).toBe(0);
    },
  );
});

describe("listMarkedCourseIds on favourites", () => {
  it("answers only for the courses asked about, and only for the subject", async () => {
    const userId = await newUserId("ids");
    const otherId = await newUserId("ids-other");
    const [a, b, c] = courseIds as [number, number, number];
    await favourite(userId, a);
    await favourite(userId, c);
    await favourite(otherId, b);
    expect(
      (await listMarkedCourseIds(harness.services, favourites, userId, [a, b, c])).sort(
        (x, y) => x - y,
      ),
    ).toEqual([a, c].sort((x, y) => x - y));
    expect(await listMarkedCourseIds(harness.services, favourites, userId, [b])).toEqual([]);
    expect(await listMarkedCourseIds(harness.services, favourites, userId, [])).toEqual([]);
  });
});

describe("listFavourites", () => {
  it("lists the subject's favourites newest first, with the course facts and review average", async () => {
    const userId = await newUserId("lister");
    const [older, middle, newest] = [courseIds[10]!, courseIds[11]!, courseIds[12]!];
    await favourite(userId, older);
    harness.clock.advance(60_000);
    await favourite(userId, middle);
    harness.clock.advance(60_000);
    await favourite(userId, newest);
    // Someone else's favourites are not listed.
    await favourite(await newUserId("lister-other"), courseIds[13]!);

    // Two reviews of the middle course: 4 and 5 stars.
    await addReview(harness.services, await newUserId("rater-a"), {
      courseId: middle,
      rating: 4,
      text: "Good.",
    });
    await addReview(harness.services, await newUserId("rater-b"), {
      courseId: middle,
      rating: 5,
      text: "Great.",
    });

    const listed = await listFavourites(harness.services, userId);
    expect(listed.map((item) => item.courseId)).toEqual([newest, middle, older]);
    const [row] = await harness.services.db
      .select({ title: courses.title, link: courses.link, category: courses.category })
      .from(courses)
      .where(eq(courses.id, middle));
    expect(listed[1]).toEqual({
      courseId: middle,
      title: row!.title,
      link: row!.link,
      courseType: row!.category,
      date: "2026-11-21",
      averageRating: 4.5,
      reviewCount: 2,
      listed: true,
      demo: false,
    });
    expect(listed[1]!.link).toMatch(/^https:\/\/www\.udemy\.com\/course\/fav-11\/?$/);
    expect(listed[1]!.link).not.toContain("couponCode");
    expect(listed[0]).toMatchObject({ averageRating: 0, reviewCount: 0 });
    expect(listed[2]).toMatchObject({ averageRating: 0, reviewCount: 0 });

    // A removed favourite leaves the list.
    await unfavourite(userId, middle);
    expect((await listFavourites(harness.services, userId)).map((item) => item.courseId)).toEqual([
      newest,
      older,
    ]);
    expect(await listFavourites(harness.services, await newUserId("nobody"))).toEqual([]);

    // A favourite whose coupon ended stays, marked as no longer listed (the tab offers to watch it).
    await harness.services.db
      .update(courses)
      .set({ expiresAt: new Date(harness.services.clock.now().getTime() - 1000) })
      .where(eq(courses.id, older));
    expect(
      (await listFavourites(harness.services, userId)).map((item) => [item.courseId, item.listed]),
    ).toEqual([
      [newest, true],
      [older, false],
    ]);
  });
});
