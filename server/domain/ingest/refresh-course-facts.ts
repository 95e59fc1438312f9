import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { normaliseCategory } from "../../../core/course-categories";
import { isAlwaysFree, type CourseFacts } from "../../adapters/udemy-check/course-facts";
import type { UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import { normaliseLanguage } from "../../adapters/coupon-feeds/normalise";
import { courses, type NewCourseRow } from "../../db/schema";
import type { Services } from "../../services";
import { sanitiseCourseDescription } from "../catalog/course-description";
import { refreshQualityScores } from "../catalog/quality-score";
import { CHECK_CONCURRENCY, mapWithConcurrency } from "./run-coupon-check";

/** A listed course's facts are asked again after this long (Udemy's rating, students, updates). */
export const FACTS_REFRESH_DAYS = 7;

export type FactsRunCounts = {
  /** Questions sent to Udemy's course API. */
  asked: number;
  stored: number;
  /** Courses that left the list: gone from Udemy, or free without a coupon. */
  retired: number;
  /** Not answered this time: asked again next run. */
  unknown: number;
  /** The first reason Udemy gave no answer, or null. */
  firstUnknown: string | null;
};

/**
 * Udemy's facts for listed courses, after the run's sources are imported: courses never asked
 * first (newest first), then those asked longest ago, past FACTS_REFRESH_DAYS; at most `limit`
 * questions, CHECK_CONCURRENCY at a time. As with the coupon check, the first refusal (403,
 * 429 after its Retry-After, 5xx, a timeout) ends the run's questions, so a blocked run never
 * hammers Udemy; what was not asked keeps its source's fields and is asked next run.
 *
 * Udemy's word wins over a source's copy (title, headline, description, language, level, length,
 * rating, students, instructor, category); the image only fills an empty one. A course Udemy no
 * longer has, or one free without any coupon (no certificate), leaves the list (decision 0038).
 */
export async function refreshCourseFacts(
  services: Services,
  udemyCheck: UdemyCheck,
  options: { limit: number; signal?: AbortSignal; stopped?: () => boolean },
): Promise<FactsRunCounts> {
  const counts: FactsRunCounts = {
    asked: 0,
    stored: 0,
    retired: 0,
    unknown: 0,
    firstUnknown: null,
  };
  const ask = udemyCheck.courseFacts?.bind(udemyCheck);
  if (!ask || options.limit <= 0) return counts;
  const now = services.clock.now();
  const staleBefore = new Date(now.getTime() - FACTS_REFRESH_DAYS * 24 * 60 * 60 * 1000);
  const due = await services.db
    .select({
      id: courses.id,
      slug: courses.slug,
      udemyId: courses.udemyId,
      imageUrl: courses.imageUrl,
    })
    .from(courses)
    .where(
      and(
        eq(courses.active, true),
        // A demo course is made up: Udemy knows nothing of it (and its "not found" would empty
        // the offline catalogue).
        eq(courses.isDemo, false),
        or(isNull(courses.factsFetchedAt), lt(courses.factsFetchedAt, staleBefore)),
      ),
    )
    .orderBy(asc(courses.factsFetchedAt).append(sql` nulls first`), sql`${courses.id} desc`)
    .limit(options.limit);

  let backedOff = false;
  await mapWithConcurrency(due, CHECK_CONCURRENCY, async (course) => {
    if (backedOff || options.signal?.aborted || options.stopped?.()) {
      counts.unknown += 1;
      return;
    }
    counts.asked += 1;
    const result = await ask({ slug: course.slug, udemyId: course.udemyId }, options.signal);
    if (result.status === "unknown") {
      if (result.refused) backedOff = true;
      counts.unknown += 1;
      counts.firstUnknown ??= result.reason;
      return;
    }
    if (result.status === "gone") {
      await services.db
        .update(courses)
        .set({ active: false, factsFetchedAt: services.clock.now() })
        .where(eq(courses.id, course.id));
      counts.retired += 1;
      return;
    }
    const update = factsToColumns(result.facts, course.imageUrl, services.config.publicSiteUrl);
    const alwaysFree = isAlwaysFree(result.facts);
    await services.db
      .update(courses)
      .set({
        ...update,
        factsFetchedAt: services.clock.now(),
        ...(alwaysFree ? { active: false } : {}),
      })
      .where(eq(courses.id, course.id));
    // Udemy's rating, reviews, students and last update are the score's inputs.
    await refreshQualityScores(services.db, services.clock.today(), [course.id]);
    if (alwaysFree) counts.retired += 1;
    else counts.stored += 1;
  });
  if (counts.stored + counts.retired > 0) services.cache.forget("catalog:");
  return counts;
}

/** The course columns Udemy's facts fill (the image only when the course has none). */
export function factsToColumns(
  facts: CourseFacts,
  storedImageUrl: string | null,
  siteUrl?: string,
): Partial<NewCourseRow> {
  const description = facts.descriptionHtml
    ? sanitiseCourseDescription(facts.descriptionHtml, siteUrl).html
    : "";
  const columns: Partial<NewCourseRow> = {
    udemyId: facts.udemyId,
    isPaid: facts.isPaid,
    listPriceAmount: facts.listPrice?.amount ?? null,
    listPriceCurrency: facts.listPrice?.currency ?? null,
    lastUpdatedOn: facts.lastUpdatedOn,
    objectives: facts.objectives,
  };
  if (facts.title) columns.title = facts.title;
  if (facts.headline) columns.headline = facts.headline;
  if (description) columns.description = description;
  const language = normaliseLanguage(facts.language);
  if (language) columns.language = language;
  if (facts.level) columns.level = facts.level;
  if (facts.durationMinutes !== null) columns.durationMinutes = facts.durationMinutes;
  if (facts.rating !== null) columns.udemyRating = facts.rating;
  if (facts.reviews !== null) columns.udemyReviews = facts.reviews;
  if (facts.students !== null) columns.students = facts.students;
  if (facts.instructor) columns.instructor = facts.instructor;
  if (facts.category) {
    columns.category = normaliseCategory({
      category: facts.category,
      subCategory: facts.subCategory,
      title: facts.title,
    });
    columns.subCategory = facts.subCategory;
  }
  if (!storedImageUrl && facts.imageUrl) columns.imageUrl = facts.imageUrl;
  return columns;
}
