import { addDays } from "./dates";

/**
 * The "Best first" order: one number per course, explainable in a sentence.
 *
 *   score = Bayesian average of every star we know (Udemy's reviews and ours)
 *         + a small students bonus (at most +0.15)
 *         − an age penalty (0.1 a year past the second year since the last update, at most −0.3)
 *
 * - Bayesian average: a course starts with PRIOR_REVIEWS imaginary reviews of PRIOR_RATING stars;
 *   its real reviews pull it towards its own average. 5.0★ from 3 reviews is ~4.1 (three people
 *   may be the instructor's friends), 4.7★ from 30 000 stays ~4.7. Our learners' reviews use the
 *   same 1–5 stars, so they count as more votes. The prior sits a little below the catalogue's
 *   mean (4.27 in the sample of real coupons): an unproven course is assumed a bit below typical.
 * - Students: learners stayed, but a free coupon inflates the count, so it only breaks near-ties
 *   (log-scaled: 10 000 students +0.05, 100 000 +0.10).
 * - Age: a course untouched for years may teach an old version of a tool. No date is no penalty:
 *   Udemy's date arrives after the coupon, and its absence says nothing about the course.
 *
 * The score is stored (courses.quality_score) whenever an input changes, so the sort reads an
 * index; the age term moves on every day, so once a day the courses whose penalty moved are
 * scored again (ageingUpdateDays).
 */
export const PRIOR_RATING = 4.0;
export const PRIOR_REVIEWS = 25;
const STUDENTS_WEIGHT = 0.05;
const MAX_STUDENTS_BONUS = 0.15;
const AGE_GRACE_YEARS = 2;
const AGE_PENALTY_PER_YEAR = 0.1;
const MAX_AGE_PENALTY = 0.3;
const DAY_MS = 86_400_000;

export type QualityInputs = {
  udemyRating: number | null;
  udemyReviews: number | null;
  students: number | null;
  /** Our learners' reviews: count and average stars. */
  reviewCount: number;
  reviewAverage: number | null;
  /** YYYY-MM-DD, as Udemy says; null when unknown. */
  lastUpdatedOn: string | null;
};

/** Stars weighted by their number of votes, pulled towards the prior (see above). */
export function bayesianRating(inputs: QualityInputs): number {
  const udemyVotes = inputs.udemyRating === null ? 0 : Math.max(0, inputs.udemyReviews ?? 0);
  const ourVotes = inputs.reviewAverage === null ? 0 : Math.max(0, inputs.reviewCount);
  const stars =
    PRIOR_RATING * PRIOR_REVIEWS +
    (inputs.udemyRating ?? 0) * udemyVotes +
    (inputs.reviewAverage ?? 0) * ourVotes;
  return stars / (PRIOR_REVIEWS + udemyVotes + ourVotes);
}

function studentsBonus(students: number | null): number {
  if (students === null || students <= 0) return 0;
  return Math.min(MAX_STUDENTS_BONUS, STUDENTS_WEIGHT * Math.log10(1 + students / 1000));
}

/** Full years between the last update and `today` (both YYYY-MM-DD); null when unknown. */
export function yearsSinceUpdate(lastUpdatedOn: string | null, today: string): number | null {
  if (!lastUpdatedOn) return null;
  const age = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastUpdatedOn}T00:00:00Z`);
  if (!Number.isFinite(age)) return null;
  return Math.max(0, age / DAY_MS / 365.25);
}

function agePenalty(lastUpdatedOn: string | null, today: string): number {
  const years = yearsSinceUpdate(lastUpdatedOn, today);
  if (years === null) return 0;
  return Math.min(MAX_AGE_PENALTY, AGE_PENALTY_PER_YEAR * Math.max(0, years - AGE_GRACE_YEARS));
}

/** The course's quality score as of `today` (Jakarta day), rounded to 4 decimals. */
export function qualityScore(inputs: QualityInputs, today: string): number {
  const score =
    bayesianRating(inputs) +
    studentsBonus(inputs.students) -
    agePenalty(inputs.lastUpdatedOn, today);
  return Math.round(score * 10_000) / 10_000;
}

/**
 * The last-update days whose age penalty moves on `today`: from the end of the grace years to the
 * full penalty, and `slackDays` older, so a course that reached the full penalty while no daily
 * pass ran is scored once more.
 */
export function ageingUpdateDays(today: string, slackDays = 31): { from: string; to: string } {
  const fullPenaltyYears = AGE_GRACE_YEARS + MAX_AGE_PENALTY / AGE_PENALTY_PER_YEAR;
  return {
    from: addDays(today, -Math.ceil(fullPenaltyYears * 365.25) - slackDays),
    to: addDays(today, -Math.floor(AGE_GRACE_YEARS * 365.25)),
  };
}
