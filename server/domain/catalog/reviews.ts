import { and, desc, eq, sql } from "drizzle-orm";
import { reviewLimitMessage } from "../../../core/messages";
import type { ReviewState } from "../../../core/personal-layer";
import type { ReviewFields } from "../../../core/review-input";
import { toJakartaDay } from "../../../core/dates";
import { DAILY_REVIEW_LIMIT } from "../../../core/rules";
import type { Transaction } from "../../db/client";
import { courses, dailyCounters, reviews, users } from "../../db/schema";
import type { Services } from "../../services";
import { countWithinDailyLimit } from "../accounts/daily-counters";
import { publicDisplayName } from "../accounts/display-name";
import { refreshQualityScores } from "./quality-score";
import { Conflict, LimitReached, NotFound } from "../common/errors";

export const ALREADY_REVIEWED = "You have already reviewed this course.";

/** A review checked at the edge (core/review-input.ts): rating 1 to 5, trimmed text. */
export type ReviewInput = { courseId: number } & ReviewFields;

/** Reviews the user may still write today (checked before the review modal opens). */
export async function reviewsLeftToday(services: Services, userId: string): Promise<number> {
  const [row] = await services.db
    .select({ used: dailyCounters.reviews })
    .from(dailyCounters)
    .where(and(eq(dailyCounters.subject, userId), eq(dailyCounters.day, services.clock.today())));
  return Math.max(0, DAILY_REVIEW_LIMIT - (row?.used ?? 0));
}

/**
 * One review per user per course, at most DAILY_REVIEW_LIMIT a Jakarta day. The daily counter,
 * the review and the course's cached average move together in one transaction.
 */
export async function addReview(services: Services, userId: string, input: ReviewInput) {
  // A route passes Number(form field): NaN or an id the integer column cannot hold is no course.
  const { courseId, rating, text } = input;
  if (!Number.isInteger(courseId) || courseId < 1 || courseId > 2_147_483_647)
    throw new NotFound("Course not found.");
  const [course] = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, input.courseId));
  if (!course) throw new NotFound("Course not found.");
  const today = services.clock.today();

  return inReviewTransaction(services, async (tx) => {
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.courseId, course.id)));
    if (existing) throw new Conflict(ALREADY_REVIEWED);
    const reviewsToday = await countWithinDailyLimit(
      tx,
      "reviews",
      userId,
      today,
      DAILY_REVIEW_LIMIT,
    );
    if (reviewsToday === null) throw new LimitReached(reviewLimitMessage(DAILY_REVIEW_LIMIT));
    const [review] = await tx
      .insert(reviews)
      .values({
        courseId: course.id,
        userId,
        rating,
        text,
        createdAt: services.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    // A concurrent review of the same course by the same user won the race.
    if (!review) throw new Conflict(ALREADY_REVIEWED);
    const stats = await refreshCourseReviewStats(tx, course.id, today);
    return {
      reviewId: review.id,
      ...stats,
      reviewsLeftToday: DAILY_REVIEW_LIMIT - reviewsToday,
    };
  });
}

/**
 * A review moves its course's average (the rating filter counts it) and quality score ("Best
 * first"): once the change is committed, what the catalogue keeps of its courses is forgotten.
 */
async function inReviewTransaction<T>(
  services: Services,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await services.db.transaction(work);
  services.cache.forget("catalog:");
  return result;
}

/**
 * The course's cached review count and average, recomputed from its reviews after a change, and
 * its quality score, which counts our reviews too.
 */
async function refreshCourseReviewStats(tx: Transaction, courseId: number, today: string) {
  const [stats] = await tx
    .update(courses)
    .set({
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.courseId} = ${courseId})`,
      reviewAverage: sql`(select avg(${reviews.rating}) from ${reviews} where ${reviews.courseId} = ${courseId})`,
    })
    .where(eq(courses.id, courseId))
    .returning({ reviewCount: courses.reviewCount, reviewAverage: courses.reviewAverage });
  await refreshQualityScores(tx, today, [courseId]);
  return {
    reviewCount: stats?.reviewCount ?? 0,
    averageRating: Math.round((stats?.reviewAverage ?? 0) * 10) / 10,
  };
}

export const REVIEW_NOT_FOUND = "Review not found.";

/**
 * The user's own review, locked for the change. Someone else's review is answered exactly like
 * one that does not exist (404), so an id says nothing about other people's reviews.
 */
async function lockOwnReview(tx: Transaction, userId: string, reviewId: number) {
  if (!Number.isInteger(reviewId) || reviewId < 1 || reviewId > 2_147_483_647)
    throw new NotFound(REVIEW_NOT_FOUND);
  const [review] = await tx
    .select({ id: reviews.id, courseId: reviews.courseId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
    .for("update");
  if (!review) throw new NotFound(REVIEW_NOT_FOUND);
  return review;
}

/** Changes the rating and text of the user's own review; the course's average follows. */
export async function updateOwnReview(
  services: Services,
  userId: string,
  reviewId: number,
  fields: ReviewFields,
) {
  return inReviewTransaction(services, async (tx) => {
    const review = await lockOwnReview(tx, userId, reviewId);
    await tx
      .update(reviews)
      .set({ rating: fields.rating, text: fields.text })
      .where(eq(reviews.id, review.id));
    return {
      reviewId: review.id,
      ...(await refreshCourseReviewStats(tx, review.courseId, services.clock.today())),
    };
  });
}

/**
 * Deletes the user's own review; the course's count and average follow. The day's review
 * allowance is not given back (docs/decisions: deleting a review keeps the daily count), so
 * writing and deleting cannot get round the daily limit.
 */
export async function deleteOwnReview(services: Services, userId: string, reviewId: number) {
  return inReviewTransaction(services, async (tx) => {
    const review = await lockOwnReview(tx, userId, reviewId);
    await tx.delete(reviews).where(eq(reviews.id, review.id));
    return {
      reviewId: review.id,
      ...(await refreshCourseReviewStats(tx, review.courseId, services.clock.today())),
    };
  });
}

/** The user's own review of a course (for its Edit and Delete controls), if any. */
export async function findOwnReview(
  services: Services,
  userId: string,
  courseId: number,
): Promise<OwnReview | null> {
  const [row] = await services.db
    .select({ id: reviews.id, rating: reviews.rating, text: reviews.text })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)));
  return row ?? null;
}

/** The viewer's own review: the only review whose id a page is given. */
export type OwnReview = NonNullable<ReviewState["own"]>;

/** The courses this user has reviewed (history shows "Reviewed" instead of "Leave a Review"). */
export async function listReviewedCourseIds(services: Services, userId: string): Promise<number[]> {
  const rows = await services.db
    .select({ courseId: reviews.courseId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  return rows.map((row) => row.courseId);
}

/**
 * A review as published. Other people's reviews carry only a display name: an account id (the
 * Google account id) or an e-mail address is personal data and never leaves in a public answer.
 * The viewer's own reviews also carry their `userId`, so a client can tell "already reviewed".
 */
export type PublicReview = {
  courseLink: string;
  rating: number;
  date: string;
  userName: string;
  userId?: string;
  review: string;
};

/** Published reviews, newest first (for the API); `viewerId` is the signed-in caller, if any. */
export async function listReviews(
  services: Services,
  options: { courseLink?: string; limit?: number; viewerId?: string | null } = {},
): Promise<PublicReview[]> {
  const rows = await services.db
    .select({
      courseLink: courses.link,
      rating: reviews.rating,
      createdAt: reviews.createdAt,
      userId: reviews.userId,
      name: users.name,
      email: users.email,
      review: reviews.text,
    })
    .from(reviews)
    .innerJoin(courses, eq(courses.id, reviews.courseId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(options.courseLink ? eq(courses.link, options.courseLink) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(Math.min(options.limit ?? 200, 1000));
  return rows.map((row) => ({
    courseLink: row.courseLink,
    rating: row.rating,
    date: toJakartaDay(row.createdAt),
    userName: publicDisplayName(row.name, row.email),
    ...(options.viewerId && row.userId === options.viewerId ? { userId: row.userId } : {}),
    review: row.review,
  }));
}
