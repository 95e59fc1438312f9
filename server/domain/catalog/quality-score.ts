import { and, asc, between, gt, inArray, isNull, sql } from "drizzle-orm";
import { ageingUpdateDays, qualityScore, type QualityInputs } from "../../../core/quality-score";
import { courses } from "../../db/schema";
import type { Services } from "../../services";

/** The database or a transaction on it: a review stores the score with its own change. */
type Queryable = Pick<Services["db"], "select" | "execute">;

/** Courses scored per statement: keeps one UPDATE's parameter list well under PostgreSQL's. */
const BATCH = 1000;

const inputColumns = {
  id: courses.id,
  udemyRating: courses.udemyRating,
  udemyReviews: courses.udemyReviews,
  students: courses.students,
  reviewCount: courses.reviewCount,
  reviewAverage: courses.reviewAverage,
  lastUpdatedOn: courses.lastUpdatedOn,
};

async function scoreRows(
  db: Queryable,
  today: string,
  rows: Array<{ id: number } & QualityInputs>,
) {
  if (rows.length === 0) return;
  const values = rows.map((row) => sql`(${row.id}::int, ${qualityScore(row, today)}::real)`);
  await db.execute(sql`
    update courses set quality_score = scored.score
      from (values ${sql.join(values, sql`, `)}) as scored(id, score)
     where courses.id = scored.id`);
}

function selectInputs(db: Queryable) {
  return db.select(inputColumns).from(courses);
}

/**
 * Stores the quality score (core/quality-score.ts) of these courses, as of `today`: called
 * wherever an input changes (the import, Udemy's facts, our reviews), so "Best first" reads
 * courses_quality_idx instead of scoring every course per request.
 */
export async function refreshQualityScores(
  db: Queryable,
  today: string,
  courseIds: number[],
): Promise<void> {
  for (let start = 0; start < courseIds.length; start += BATCH) {
    const ids = courseIds.slice(start, start + BATCH);
    await scoreRows(db, today, await selectInputs(db).where(inArray(courses.id, ids)));
  }
}

/** Scores every course not scored yet (courses stored before the score existed); returns how many. */
export async function scoreUnscoredCourses(db: Queryable, today: string): Promise<number> {
  let scored = 0;
  for (;;) {
    const rows = await selectInputs(db).where(isNull(courses.qualityScore)).limit(BATCH);
    await scoreRows(db, today, rows);
    scored += rows.length;
    if (rows.length < BATCH) return scored;
  }
}

/** A stored score (a `real`) differing by less than this from today's has not moved. */
const UNMOVED = 0.00005;

/**
 * Stores today's score of every course whose age penalty has moved since it was scored (its
 * last update 2 to 5 years ago: the penalty grows a little every day); returns how many moved.
 * Without it, a course nobody changed kept the score, and the place in "Best first", of the day
 * it was last scored.
 */
export async function rescoreAgeingCourses(db: Queryable, today: string): Promise<number> {
  const { from, to } = ageingUpdateDays(today);
  let moved = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ ...inputColumns, stored: courses.qualityScore })
      .from(courses)
      .where(and(between(courses.lastUpdatedOn, from, to), gt(courses.id, afterId)))
      .orderBy(asc(courses.id))
      .limit(BATCH);
    const changed = rows.filter(
      (row) => row.stored === null || Math.abs(row.stored - qualityScore(row, today)) >= UNMOVED,
    );
    await scoreRows(db, today, changed);
    moved += changed.length;
    if (rows.length < BATCH) return moved;
    afterId = rows.at(-1)!.id;
  }
}

/**
 * rescoreAgeingCourses at most once a Jakarta day per process (after an ingest run; a failure
 * is tried again after the next). The lists read the new order once it moved anything.
 */
export async function rescoreAgeingCoursesOnceADay(services: Services): Promise<number> {
  const today = services.clock.today();
  return services.cache.remember(`quality:ageing:${today}`, 86_400_000, async () => {
    const moved = await rescoreAgeingCourses(services.db, today);
    if (moved > 0) services.cache.forget("catalog:");
    return moved;
  });
}
