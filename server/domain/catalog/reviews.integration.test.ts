import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COURSE_FILTERS, type CourseFilters } from "../../../core/course-filters";
import {
  reviewFormValues,
  reviewInputSchema,
  type ReviewFormInput,
} from "../../../core/review-input";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses, reviews } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { findPublicCourse, listCourses } from "./catalog";
import { Conflict, LimitReached, NotFound, ValidationError } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import { parseInput } from "../../web/json-answers";
import {
  addReview,
  deleteOwnReview,
  listReviewedCourseIds,
  listReviews,
  reviewsLeftToday,
  updateOwnReview,
} from "./reviews";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
/** One second into 23 November in Jakarta. */
const NEXT_DAY = "2026-11-22T17:00:01Z";
const COURSE_COUNT = 20;
const RATING_REQUIRED = "Please select a rating.";
const TEXT_REQUIRED = "Please write a review.";
const ALREADY_REVIEWED = "You have already reviewed this course.";
const LIMIT_MESSAGE = "You have reached the daily limit of 5 reviews. Please try again tomorrow.";

let harness: TestServices;
/** Course ids in slug order (rev-00 … rev-19). */
let courseIds: number[] = [];
let emailSequence = 0;

function coupon(slug: string, title: string): CouponRecord {
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${slug.toUpperCase()}-SECRET`,
    couponCode: `${slug.toUpperCase()}-SECRET`,
    title,
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
  };
}

async function newUserId(label: string): Promise<string> {
  emailSequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${label}-${emailSequence}@example.com`,
  });
  return user.id;
}

/** A review as a form sends it: checked at the edge as the routes do, then added. */
const review = async (userId: string, input: { courseId: number } & ReviewFormInput) =>
  addReview(harness.services, userId, {
    courseId: input.courseId,
    ...parseInput(reviewInputSchema, reviewFormValues(input)),
  });

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(Error);
  return error as Error;
}

async function reviewRows(): Promise<number> {
  const [row] = await harness.services.db.select({ total: count() }).from(reviews);
  return row?.total ?? 0;
}

async function courseStats(courseId: number) {
  const [row] = await harness.services.db
    .select({ reviewCount: courses.reviewCount, reviewAverage: courses.reviewAverage })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

const list = (filters: Partial<CourseFilters>) =>
  listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS, ...filters });

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  const records = Array.from({ length: COURSE_COUNT }, (_, index) => {
    const slug = `rev-${String(index).padStart(2, "0")}`;
    return coupon(slug, `Reviewed Course ${slug}`);
  });
  // Its title is searched for by its own two words below.
  records.push(coupon("averaged-course", "Zanzibar Quokka Photography"));
  const summary = await importCouponRecords(harness.services, records, "test");
  expect(summary.rejected).toEqual([]);
  const rows = await harness.services.db
    .select({ id: courses.id })
    .from(courses)
    .orderBy(courses.slug);
  // "averaged-course" sorts first.
  courseIds = rows.slice(1).map((row) => row.id);
  expect(courseIds).toHaveLength(COURSE_COUNT);
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

describe("addReview validation", () => {
  it.each([
    ["missing", undefined],
    ["null", null],
    ["0", 0],
    ["6", 6],
    ["2.5", 2.5],
    ['"abc"', "abc"],
    ["an empty string", ""],
    ["-1", -1],
  ])("refuses a rating that is %s with “Please select a rating.”", async (_label, rating) => {
    const userId = await newUserId("bad-rating");
    const error = await refusal(review(userId, { courseId: courseIds[0]!, rating, text: "Fine." }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(RATING_REQUIRED);
    expect(await reviewsLeftToday(harness.services, userId)).toBe(5);
    expect(await listReviewedCourseIds(harness.services, userId)).toEqual([]);
  });

  it.each([
    ["empty", ""],
    ["whitespace", "  \n\t "],
    ["missing", undefined],
    ["null", null],
  ])("refuses review text that is %s with “Please write a review.”", async (_label, text) => {
    const userId = await newUserId("bad-text");
    const error = await refusal(review(userId, { courseId: courseIds[0]!, rating: 4, text }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(TEXT_REQUIRED);
    expect(await reviewsLeftToday(harness.services, userId)).toBe(5);
  });

  it("refuses a review longer than 2000 characters and accepts exactly 2000", async () => {
    const userId = await newUserId("long");
    const tooLong = await refusal(
      review(userId, { courseId: courseIds[0]!, rating: 3, text: "x".repeat(2001) }),
    );
    expect(tooLong).toBeInstanceOf(ValidationError);
    expect(tooLong.message).toBe("Reviews can be at most 2000 characters long.");
    expect(await listReviewedCourseIds(harness.services, userId)).toEqual([]);

    // Surrounding whitespace is trimmed before the length is checked.
    const text = `  ${"y".repeat(2000)}  `;
    await review(userId, { courseId: courseIds[0]!, rating: 3, text });
    const [stored] = await listReviews(harness.services, { limit: 1 });
    expect(stored!.review).toBe("y".repeat(2000));
  });

  it("takes the rating from a form's string and refuses an unknown course", async () => {
    const userId = await newUserId("form");
    const result = await review(userId, { courseId: courseIds[1]!, rating: "4", text: " Nice " });
    expect(result).toMatchObject({ reviewCount: 1, averageRating: 4, reviewsLeftToday: 4 });
    const missing = Math.max(...courseIds) + 1000;
    const error = await refusal(review(userId, { courseId: missing, rating: 5, text: "Hm." }));
    expect(error).toBeInstanceOf(NotFound);
    expect(await reviewsLeftToday(harness.services, userId)).toBe(4);
  });

  it.each([Number.NaN, 0, -1, 1.5, 2 ** 40])(
    "refuses a course id of %s as an unknown course, not a database error",
    async (courseId) => {
      const userId = await newUserId("odd-id");
      const error = await refusal(review(userId, { courseId, rating: 4, text: "Fine." }));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe("Course not found.");
      expect(await reviewsLeftToday(harness.services, userId)).toBe(5);
    },
  );
});

describe("addReview rules", () => {
  it("allows one review per user per course: the second is a Conflict and costs nothing", async () => {
    const userId = await newUserId("once");
    const courseId = courseIds[2]!;
    await review(userId, { courseId, rating: 5, text: "Loved it." });
    const error = await refusal(review(userId, { courseId, rating: 1, text: "Changed my mind." }));
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(ALREADY_REVIEWED);
    expect(await reviewsLeftToday(harness.services, userId)).toBe(4);
    expect(await courseStats(courseId)).toEqual({ reviewCount: 1, reviewAverage: 5 });

    // Even on a later day.
    harness.clock.set(NEXT_DAY);
    expect((await refusal(review(userId, { courseId, rating: 2, text: "Again." }))).message).toBe(
      ALREADY_REVIEWED,
    );
  });

  it("allows 5 reviews a Jakarta day; the 6th is refused and writes nothing", async () => {
    const userId = await newUserId("busy");
    for (const [index, courseId] of courseIds.slice(3, 8).entries()) {
      const result = await review(userId, { courseId, rating: 4, text: `Review ${index}` });
      expect(result.reviewsLeftToday).toBe(4 - index);
    }
    expect(await reviewsLeftToday(harness.services, userId)).toBe(0);
    const before = await reviewRows();

    const sixth = courseIds[8]!;
    const error = await refusal(review(userId, { courseId: sixth, rating: 5, text: "One more." }));
    expect(error).toBeInstanceOf(LimitReached);
    expect(error.message).toBe(LIMIT_MESSAGE);
    expect(await reviewRows()).toBe(before);
    expect(await courseStats(sixth)).toEqual({ reviewCount: 0, reviewAverage: null });
    expect(await listReviewedCourseIds(harness.services, userId)).toHaveLength(5);

    // Still the same day at 23:59:59 WIB.
    harness.clock.set("2026-11-22T16:59:59Z");
    expect(
      (await refusal(review(userId, { courseId: sixth, rating: 5, text: "One more." }))).message,
    ).toBe(LIMIT_MESSAGE);

    harness.clock.set(NEXT_DAY);
    expect(await reviewsLeftToday(harness.services, userId)).toBe(5);
    const result = await review(userId, { courseId: sixth, rating: 5, text: "One more." });
    expect(result.reviewsLeftToday).toBe(4);
    expect(await listReviewedCourseIds(harness.services, userId)).toHaveLength(6);
  });

  it("keeps each user's daily allowance separate", async () => {
    const busy = await newUserId("busy-a");
    for (const courseId of courseIds.slice(9, 14))
      await review(busy, { courseId, rating: 3, text: "Okay." });
    const fresh = await newUserId("fresh-b");
    expect(await reviewsLeftToday(harness.services, fresh)).toBe(5);
    await review(fresh, { courseId: courseIds[9]!, rating: 3, text: "Okay too." });
    expect(await reviewsLeftToday(harness.services, fresh)).toBe(4);
  });

  it("averages the ratings into the course: 4 and 5 → 4.5 from 2 reviews, seen by the catalogue", async () => {
    const [target] = (await list({ search: "Zanzibar Quokka" })).courses;
    expect(target).toMatchObject({ averageRating: 0, reviewCount: 0 });
    const courseId = target!.id;

    const first = await review(await newUserId("avg-a"), { courseId, rating: 4, text: "Good." });
    expect(first).toMatchObject({ reviewCount: 1, averageRating: 4 });
    const second = await review(await newUserId("avg-b"), {
      courseId,
      rating: 5,
      text: "Great.",
    });
    expect(second).toMatchObject({ reviewCount: 2, averageRating: 4.5 });
    expect(await courseStats(courseId)).toEqual({ reviewCount: 2, reviewAverage: 4.5 });

    const listed = (await list({ search: "quokka zanzibar" })).courses;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: courseId, averageRating: 4.5, reviewCount: 2 });
    expect(await findPublicCourse(harness.services, courseId)).toMatchObject({
      averageRating: 4.5,
      reviewCount: 2,
    });

    // The minimum-rating filter goes by our reviews' average.
    const atLeast4 = (await list({ rating: 4 })).courses.map((course) => course.id);
    expect(atLeast4).toContain(courseId);
    const only5 = (await list({ rating: 5 })).courses.map((course) => course.id);
    expect(only5).not.toContain(courseId);
    expect((await list({ search: "Zanzibar", rating: 5 })).total).toBe(0);
    expect((await list({ search: "Zanzibar", rating: 4 })).total).toBe(1);
  });

  it("lets exactly one of 5 concurrent reviews of one course by one user through", async () => {
    const userId = await newUserId("racer");
    const courseId = courseIds[15]!;
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((rating) => review(userId, { courseId, rating, text: `Take ${rating}` })),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason as Error] : [],
    );
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const error of refused) {
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(ALREADY_REVIEWED);
    }
    const stored = await harness.services.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.courseId, courseId));
    expect(stored).toHaveLength(1);
    expect((await courseStats(courseId)).reviewCount).toBe(1);
    // Only the winner used up a review of today's allowance.
    expect(await reviewsLeftToday(harness.services, userId)).toBe(4);
  });
});

describe("listReviewedCourseIds and listReviews", () => {
  it("lists a user's reviewed courses and the reviews in SPEC's shape, newest first", async () => {
    const userId = await newUserId("shape");
    const otherId = await newUserId("shape-other");
    const [first, second] = [courseIds[16]!, courseIds[17]!];
    const [link] = await harness.services.db
      .select({ link: courses.link })
      .from(courses)
      .where(eq(courses.id, second));

    // Later than every other test's reviews. 23:30 WIB on the 24th is 16:30 UTC.
    harness.clock.set("2026-11-24T23:30:00+07:00");
    await review(userId, { courseId: first, rating: 2, text: "Too basic." });
    // 01:00 WIB on the 25th is still the 24th in UTC: the date is the Jakarta day.
    harness.clock.set("2026-11-25T01:00:00+07:00");
    await review(userId, { courseId: second, rating: 5, text: "  Excellent course.  " });
    harness.clock.set("2026-11-25T02:00:00+07:00");
    await review(otherId, { courseId: second, rating: 3, text: "Average." });

    expect((await listReviewedCourseIds(harness.services, userId)).sort((x, y) => x - y)).toEqual(
      [first, second].sort((x, y) => x - y),
    );
    expect(await listReviewedCourseIds(harness.services, otherId)).toEqual([second]);

    // Published reviews name their author by display name, never by account id or e-mail.
    const forCourse = await listReviews(harness.services, { courseLink: link!.link });
    expect(forCourse).toEqual([
      {
        courseLink: link!.link,
        rating: 3,
        date: "2026-11-25",
        userName: "sh***",
        review: "Average.",
      },
      {
        courseLink: link!.link,
        rating: 5,
        date: "2026-11-25",
        userName: "sh***",
        review: "Excellent course.",
      },
    ]);
    expect(JSON.stringify(forCourse)).not.toContain(userId);
    expect(JSON.stringify(forCourse)).not.toContain(otherId);
    expect(JSON.stringify(forCourse)).not.toContain("@example.com");

    // The viewer's own review also carries their id (the "Reviewed" check); others' never do.
    const asAuthor = await listReviews(harness.services, {
      courseLink: link!.link,
      viewerId: userId,
    });
    expect(asAuthor.map((item) => item.userId)).toEqual([undefined, userId]);
    for (const item of asAuthor)
      expect(Object.keys(item).sort()).toEqual(
        [
          "courseLink",
          "date",
          "rating",
          "review",
          "userName",
          ...(item.userId ? ["userId"] : []),
        ].sort(),
      );

    const newest = await listReviews(harness.services, { limit: 3 });
    expect(newest.map((item) => item.review)).toEqual([
      "Average.",
      "Excellent course.",
      "Too basic.",
    ]);
    expect(newest[2]!.date).toBe("2026-11-24");
    expect(newest.every((item) => /^\d{4}-\d{2}-\d{2}$/.test(item.date))).toBe(true);
  });
});

describe("listReviews: reviewers' privacy", () => {
  it("shows the reviewer's name when they have one, and the masked e-mail otherwise", async () => {
    emailSequence += 1;
    const { user: named } = await signInWithLocalIdentity(harness.services, {
      email: `dewi.lestari-${emailSequence}@example.com`,
      name: "Dewi Lestari",
    });
    const courseId = courseIds[18]!;
    harness.clock.set("2026-11-26T09:00:00+07:00");
    await review(named.id, { courseId, rating: 4, text: "Helpful." });
    const [link] = await harness.services.db
      .select({ link: courses.link })
      .from(courses)
      .where(eq(courses.id, courseId));
    const [published] = await listReviews(harness.services, { courseLink: link!.link });
    expect(published).toEqual({
      courseLink: link!.link,
      rating: 4,
      date: "2026-11-26",
      userName: "Dewi Lestari",
      review: "Helpful.",
    });
  });
});

describe("updateOwnReview and deleteOwnReview", () => {
  const edit = async (userId: string, reviewId: number, input: ReviewFormInput) =>
    updateOwnReview(
      harness.services,
      userId,
      reviewId,
      parseInput(reviewInputSchema, reviewFormValues(input)),
    );

  it("edits and deletes one's own review, keeping the course's average, and refuses anyone else's", async () => {
    const courseId = courseIds[19]!;
    const author = await newUserId("own-author");
    const other = await newUserId("own-other");
    const { reviewId } = await review(author, { courseId, rating: 2, text: "Meh." });
    await review(other, { courseId, rating: 4, text: "Good." });
    expect(await courseStats(courseId)).toEqual({ reviewCount: 2, reviewAverage: 3 });

    // Someone else's review is as unknown as a missing one; nothing changes.
    // One at a time: started together, a refusal could settle before it is awaited.
    for (const attempt of [
      () => edit(other, reviewId, { rating: 1, text: "Hijacked." }),
      () => deleteOwnReview(harness.services, other, reviewId),
      () => deleteOwnReview(harness.services, author, Number.NaN),
    ]) {
      const error = await refusal(attempt());
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe("Review not found.");
    }
    expect(await courseStats(courseId)).toEqual({ reviewCount: 2, reviewAverage: 3 });

    // The same validation as adding.
    expect(await refusal(edit(author, reviewId, { rating: 0, text: "x" }))).toBeInstanceOf(
      ValidationError,
    );
    expect(await refusal(edit(author, reviewId, { rating: 5, text: "  " }))).toBeInstanceOf(
      ValidationError,
    );

    const edited = await edit(author, reviewId, { rating: 5, text: " Better now. " });
    expect(edited).toMatchObject({ reviewId, reviewCount: 2, averageRating: 4.5 });
    expect(await courseStats(courseId)).toEqual({ reviewCount: 2, reviewAverage: 4.5 });
    const [row] = await harness.services.db
      .select({ rating: reviews.rating, text: reviews.text })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    expect(row).toEqual({ rating: 5, text: "Better now." });

    const leftBefore = await reviewsLeftToday(harness.services, author);
    const deleted = await deleteOwnReview(harness.services, author, reviewId);
    expect(deleted).toMatchObject({ reviewCount: 1, averageRating: 4 });
    expect(await courseStats(courseId)).toEqual({ reviewCount: 1, reviewAverage: 4 });
    expect(await listReviewedCourseIds(harness.services, author)).not.toContain(courseId);
    // Deleting does not give back the day's review.
    expect(await reviewsLeftToday(harness.services, author)).toBe(leftBefore);
    expect(await refusal(deleteOwnReview(harness.services, author, reviewId))).toBeInstanceOf(
      NotFound,
    );
  });
});
