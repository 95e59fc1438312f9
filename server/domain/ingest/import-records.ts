import { and, eq, inArray, sql } from "drizzle-orm";
import { SOURCE_COURSE_FACTS, type CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import type { CouponCheckRequest, CouponCheckResult } from "../../adapters/udemy-check/udemy-check";
import { courses, courseSources, type CourseRow, type NewCourseRow } from "../../db/schema";
import type { Services } from "../../services";
import { refreshQualityScores } from "../catalog/quality-score";
import { claimFreeSlugs } from "./course-slugs";
import { recordCouponSightings, syncCouponHistory } from "./coupon-history";
import { toCourseRow } from "./record-to-course";
import { CHECK_CONCURRENCY, mapWithConcurrency } from "./run-coupon-check";

export type ImportSummary = {
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Records that were not usable (bad link, title or coupon code), with why. */
  rejected: string[];
  /** New coupons Udemy said are not free (or gone). */
  rejectedByCheck: number;
  /** New coupons Udemy could not be asked about: not listed this time, asked again next run. */
  unverified: number;
};

export type ImportOptions = {
  /**
   * Asks Udemy about a coupon. Given, a new coupon (a new course, or a new code for a known one)
   * is listed only when Udemy says it is 100 % off, with Udemy's end time and uses left.
   */
  verify?: (request: CouponCheckRequest) => Promise<CouponCheckResult>;
  /**
   * The records are the generated demo catalogue: its new courses are flagged as examples. Any
   * other import that lists a course retires the listed demo courses at once (they are only a
   * stand-in for a catalogue no source could fill); a real record for a demo course's link makes
   * it a real course.
   */
  demo?: boolean;
};

/** Columns whose change makes an incoming record an update rather than a repeat. */
const TRACKED_COLUMNS = [
  ...SOURCE_COURSE_FACTS,
  "couponCode",
  "couponUrl",
  "active",
  "date",
] as const satisfies ReadonlyArray<keyof CourseRow>;

type TrackedColumn = (typeof TRACKED_COLUMNS)[number];
type StoredCourse = Pick<
  CourseRow,
  | TrackedColumn
  | "id"
  | "link"
  | "lastSeenAt"
  | "source"
  | "checkedAt"
  | "factsFetchedAt"
  | "isPaid"
  | "udemyId"
>;

/**
 * Columns Udemy's course API fills (refresh-course-facts.ts): once Udemy has answered for a
 * course, a source's copy of them (often empty or stale) no longer overwrites Udemy's word.
 */
const UDEMY_FACT_COLUMNS = [
  "title",
  "headline",
  "description",
  "language",
  "level",
  "instructor",
  "durationMinutes",
  "udemyRating",
  "udemyReviews",
  "students",
  "category",
  "subCategory",
  "imageUrl",
] as const satisfies ReadonlyArray<TrackedColumn>;

const storedColumns = {
  id: courses.id,
  link: courses.link,
  lastSeenAt: courses.lastSeenAt,
  source: courses.source,
  checkedAt: courses.checkedAt,
  factsFetchedAt: courses.factsFetchedAt,
  isPaid: courses.isPaid,
  udemyId: courses.udemyId,
  ...Object.fromEntries(TRACKED_COLUMNS.map((column) => [column, courses[column]])),
} as Record<keyof StoredCourse, (typeof courses)[keyof StoredCourse]>;

function sameValue(column: TrackedColumn, stored: unknown, incoming: unknown): boolean {
  const a = stored ?? null;
  const b = incoming ?? null;
  if (a === null || b === null) return a === b;
  if (a instanceof Date || b instanceof Date) {
    return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  }
  // udemy_rating is a 4-byte real: compare at that precision.
  if (column === "udemyRating") return Math.fround(Number(a)) === Math.fround(Number(b));
  return a === b;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const toSnake = (column: string) =>
  column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const CHUNK_SIZE = 250;

/**
 * Upserts coupon records by canonical course link. A course keeps its id (and so its reviews,
 * favourites and history) when its coupon changes; its `date` moves to the day the new coupon
 * was found, and a retired course comes back. Records are compared with the stored rows in
 * code: a record identical to what is stored writes no tracked column (importing the same feed
 * twice reports nothing added or updated) but still moves `last_seen_at` forward, which is what
 * staleness and the ordering below go by. A sighting older than the stored one changes nothing.
 * A retired coupon (inactive) stays retired until a new coupon code arrives. Every source that
 * finds a course is remembered in course_sources, so five sources make one listing.
 */
export async function importCouponRecords(
  services: Services,
  records: CouponRecord[],
  source: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const rejected: string[] = [];
  const latestByLink = new Map<string, NewCourseRow>();
  for (const record of records) {
    const row = toCourseRow(record, source);
    if (typeof row === "string") {
      rejected.push(row);
      continue;
    }
    row.isDemo = options.demo === true;
    const previous = latestByLink.get(row.link);
    if (!previous || (previous.lastSeenAt as Date) <= (row.lastSeenAt as Date)) {
      // Keep the earliest sighting of the same coupon as the day it was found.
      if (previous && previous.couponCode === row.couponCode) {
        row.date = previous.date;
        row.firstSeenAt = previous.firstSeenAt;
      }
      latestByLink.set(row.link, row);
    } else if (
      previous.couponCode === row.couponCode &&
      (row.firstSeenAt as Date) < (previous.firstSeenAt as Date)
    ) {
      // An earlier sighting arriving later in the feed still dates the coupon.
      previous.date = row.date;
      previous.firstSeenAt = row.firstSeenAt;
    }
  }

  let added = 0;
  let updated = 0;
  let rejectedByCheck = 0;
  let unverified = 0;
  const rows = [...latestByLink.values()];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = rows.slice(start, start + CHUNK_SIZE);
    const stored = (await services.db
      .select(storedColumns)
      .from(courses)
      .where(
        inArray(
          courses.link,
          chunk.map((row) => row.link),
        ),
      )) as StoredCourse[];
    const storedByLink = new Map(stored.map((row) => [row.link, row]));

    let writes: NewCourseRow[] = [];
    const sightings: Array<{ id: number; seenAt: Date; source: string }> = [];
    // foundAt: the earliest sighting of the coupon in these records (its coupon history).
    const seen: Array<{ id: number; seenAt: Date; foundAt?: Date }> = [];
    for (const row of chunk) {
      const current = storedByLink.get(row.link);
      if (!current) {
        writes.push(row);
        continue;
      }
      const seenAt = row.lastSeenAt as Date;
      if (seenAt < current.lastSeenAt) {
        // Older news changes nothing, but this source did find the listed coupon.
        if (current.couponCode === row.couponCode) seen.push({ id: current.id, seenAt });
        continue;
      }
      const couponChanged = current.couponCode !== row.couponCode;
      const next: NewCourseRow = {
        ...row,
        date: couponChanged ? row.date : current.date,
        active: couponChanged ? true : current.active,
      };
      if (!couponChanged && current.checkedAt) {
        // What Udemy said about this coupon is fresher than what a source copied earlier.
        next.expiresAt = current.expiresAt;
        next.usesRemaining = current.usesRemaining;
      }
      if (current.factsFetchedAt) {
        for (const column of UDEMY_FACT_COLUMNS) {
          (next as Record<string, unknown>)[column] = current[column];
        }
      }
      const changed = TRACKED_COLUMNS.some(
        (column) => !sameValue(column, current[column], next[column]),
      );
      if (changed) writes.push(next);
      else {
        seen.push({ id: current.id, seenAt });
        if (seenAt > current.lastSeenAt || current.source !== row.source) {
          sightings.push({ id: current.id, seenAt, source: row.source });
        }
      }
    }

    if (options.verify) {
      const verify = options.verify;
      const verdicts = await mapWithConcurrency(writes, CHECK_CONCURRENCY, async (row) => {
        const current = storedByLink.get(row.link);
        if (current && current.couponCode === (row.couponCode ?? null)) return "keep";
        // Free without any coupon (Udemy said so): nothing to list, and no certificate.
        if (current?.isPaid === false) return "invalid";
        // A link without a coupon is asked too: listed only when Udemy says it is free now.
        const result = await verify({
          link: row.link,
          couponCode: row.couponCode ?? null,
          imageUrl: row.imageUrl ?? null,
          ...(current?.udemyId ? { udemyId: current.udemyId } : {}),
        });
        if (result.status !== "free") return result.status;
        row.checkedAt = services.clock.now();
        if (result.expiresAt) row.expiresAt = result.expiresAt;
        if (result.usesRemaining !== null) row.usesRemaining = result.usesRemaining;
        return "keep";
      });
      rejectedByCheck += verdicts.filter((verdict) => verdict === "invalid").length;
      unverified += verdicts.filter((verdict) => verdict === "unknown").length;
      writes = writes.filter((_, index) => verdicts[index] === "keep");
    }

    await claimFreeSlugs(
      services,
      writes.filter((row) => !storedByLink.has(row.link)),
    );
    if (writes.length > 0) {
      const written = await services.db
        .insert(courses)
        .values(writes)
        .onConflictDoUpdate({
          target: courses.link,
          set: {
            ...Object.fromEntries(
              TRACKED_COLUMNS.map((column) => [column, excluded(toSnake(column))]),
            ),
            source: excluded("source"),
            isDemo: excluded("is_demo"),
            lastSeenAt: sql`greatest(${courses.lastSeenAt}, excluded.last_seen_at)`,
            // A new check counts; an old one only while the coupon is the one it was about.
            checkedAt: sql`coalesce(excluded.checked_at, case when excluded.coupon_code is not distinct from ${courses.couponCode} then ${courses.checkedAt} end)`,
          },
          // A newer sighting written by someone else in the meantime wins.
          setWhere: sql`excluded.last_seen_at >= ${courses.lastSeenAt}`,
        })
        .returning({ id: courses.id, link: courses.link, inserted: sql<boolean>`(xmax = 0)` });
      const writeByLink = new Map(writes.map((row) => [row.link, row]));
      for (const row of written) {
        if (row.inserted) added += 1;
        else updated += 1;
        const write = writeByLink.get(row.link)!;
        seen.push({
          id: row.id,
          seenAt: write.lastSeenAt as Date,
          foundAt: write.firstSeenAt as Date,
        });
      }
    }
    if (sightings.length > 0) {
      await services.db.execute(sql`
        update courses
           set last_seen_at = greatest(courses.last_seen_at, seen.at), source = seen.source
          from (values ${sql.join(
            sightings.map(
              (sighting) =>
                sql`(${sighting.id}::int, ${sighting.seenAt.toISOString()}::timestamptz, ${sighting.source}::text)`,
            ),
            sql`, `,
          )}) as seen(id, at, source)
         where courses.id = seen.id`);
    }
    await rememberSource(services, source, seen);
    // Rating, reviews and students may have changed: the "Best first" score follows.
    await refreshQualityScores(
      services.db,
      services.clock.today(),
      seen.map(({ id }) => id),
    );
    await recordCouponSightings(
      services,
      source,
      seen.map(({ id, seenAt, foundAt }) => ({ id, foundAt: foundAt ?? seenAt })),
    );
  }
  if (!options.demo && added + updated > 0) await retireDemoCourses(services);
  // A new code replaced a listed coupon: the old one's history row ends now.
  if (added + updated > 0) await syncCouponHistory(services);
  if (added + updated > 0) services.cache.forget("catalog:");
  return {
    found: records.length,
    added,
    updated,
    unchanged: rows.length - added - updated - rejectedByCheck - unverified,
    rejected,
    rejectedByCheck,
    unverified,
  };
}

/**
 * Takes the demo catalogue off the list. The rows stay (inactive), so a learner's favourites,
 * history and reviews of them are kept and shown as example courses.
 */
async function retireDemoCourses(services: Services): Promise<void> {
  await services.db
    .update(courses)
    .set({ active: false })
    .where(and(eq(courses.isDemo, true), eq(courses.active, true)));
}

/** Records that `source` found these courses (first and last sighting per source). */
async function rememberSource(
  services: Services,
  source: string,
  seen: Array<{ id: number; seenAt: Date }>,
): Promise<void> {
  if (seen.length === 0) return;
  await services.db
    .insert(courseSources)
    .values(
      seen.map(({ id, seenAt }) => ({
        courseId: id,
        source,
        firstSeenAt: seenAt,
        lastSeenAt: seenAt,
      })),
    )
    .onConflictDoUpdate({
      target: [courseSources.courseId, courseSources.source],
      set: {
        firstSeenAt: sql`least(${courseSources.firstSeenAt}, excluded.first_seen_at)`,
        lastSeenAt: sql`greatest(${courseSources.lastSeenAt}, excluded.last_seen_at)`,
      },
    });
}
