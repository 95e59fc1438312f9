import type { PublicCourse } from "./course";
import { yearsSinceUpdate } from "./quality-score";

/**
 * The one short badge a course card may carry beside its category, or null. At most one, so a
 * card stays calm; warnings first (a learner should know before opening), then the best praise.
 */
export type CourseBadge =
  | { kind: "practiceTests" }
  | { kind: "outdated"; year: number }
  | { kind: "topRated" }
  | { kind: "popular" }
  | { kind: "updatedThisYear" };

/** Udemy's own "highest rated" feel: 4.5★ or more, from enough reviews to mean it. */
export const TOP_RATED_STARS = 4.5;
export const TOP_RATED_MIN_REVIEWS = 100;
/** About the top tenth of free courses by students (the sample of real coupons: 76 000). */
export const POPULAR_STUDENTS = 50_000;
/** Not updated for this many years: tools and exams move on. */
export const OUTDATED_YEARS = 3;
/** Practice-test courses hold no video: Udemy reports 0 minutes, or very little. */
const PRACTICE_TESTS_TITLE = /\bpractice\s+(tests?|exams?|questions?)\b/i;
const PRACTICE_TESTS_MAX_MINUTES = 60;

export function courseBadge(
  course: Pick<
    PublicCourse,
    "title" | "durationMinutes" | "udemyRating" | "udemyReviews" | "students" | "lastUpdatedOn"
  >,
  today: string,
): CourseBadge | null {
  const minutes = course.durationMinutes;
  if (
    minutes === 0 ||
    (PRACTICE_TESTS_TITLE.test(course.title) &&
      (minutes === null || minutes < PRACTICE_TESTS_MAX_MINUTES))
  )
    return { kind: "practiceTests" };
  const age = yearsSinceUpdate(course.lastUpdatedOn, today);
  if (age !== null && age >= OUTDATED_YEARS)
    return { kind: "outdated", year: Number(course.lastUpdatedOn!.slice(0, 4)) };
  if (
    (course.udemyRating ?? 0) >= TOP_RATED_STARS &&
    (course.udemyReviews ?? 0) >= TOP_RATED_MIN_REVIEWS
  )
    return { kind: "topRated" };
  if ((course.students ?? 0) >= POPULAR_STUDENTS) return { kind: "popular" };
  if (age !== null && course.lastUpdatedOn!.slice(0, 4) === today.slice(0, 4))
    return { kind: "updatedThisYear" };
  return null;
}
