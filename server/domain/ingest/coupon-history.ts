import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { startOfJakartaDay } from "../../../core/dates";
import { courseCoupons, courses } from "../../db/schema";
import type { Services } from "../../services";

/**
 * The coupon history (course_coupons) follows the courses table: every coupon a course is listed
 * with gets a row, and the row ends when the course no longer lists that coupon — replaced by a
 * new one, past its expiry, refused by Udemy, stale, always free, or taken off the list at an
 * opening. Rather than each of those paths writing the history, `syncCouponHistory` compares the
 * open rows with the courses after any of them ran, so a new way of ending a coupon cannot forget
 * it. `recordCouponSightings` adds which sources brought a coupon, as the import sees them.
 */

/** A course without a code (an instructor's own free campaign) is kept under ''. */
const codeOf = sql`coalesce(${courses.couponCode}, '')`;

/**
 * Records that `source` found these courses with their current coupon: a listed coupon gets its
 * row (found at the earliest sighting), or the source is added to the row it has. A coupon listed
 * again after it ended opens its row again. Courses not listed now (a retired coupon seen again)
 * and demo courses are left alone.
 */
export async function recordCouponSightings(
  services: Services,
  source: string,
  sightings: Array<{ id: number; foundAt: Date }>,
): Promise<void> {
  if (sightings.length === 0) return;
  const values = sql.join(
    sightings.map(({ id, foundAt }) => sql`(${id}::int, ${foundAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await services.db.execute(sql`
    insert into course_coupons (course_id, coupon_code, found_at, expires_at, sources)
    select ${courses.id}, ${codeOf}, min(seen.found_at), ${courses.expiresAt}, array[${source}::text]
      from (values ${values}) as seen(id, found_at)
      join ${courses} on ${courses.id} = seen.id
     where ${courses.active} and not ${courses.isDemo}
     group by ${courses.id}
    on conflict (course_id, coupon_code) do update
       set found_at = least(course_coupons.found_at, excluded.found_at),
           expires_at = excluded.expires_at,
           ended_at = null,
           sources = case when ${source}::text = any(course_coupons.sources)
                          then course_coupons.sources
                          else course_coupons.sources || excluded.sources end`);
}

/**
 * Brings the history in line with the courses: open rows learn their coupon's latest end time;
 * an open row whose course no longer lists that coupon ends — at its own end time when that has
 * passed, else now; a listed coupon without a row (a course written by another path) gets one,
 * found on the day the course says its coupon was found. Returns how many rows ended. `courseIds`
 * limits it to those courses (one course taken off the list at an opening).
 */
export async function syncCouponHistory(services: Services, courseIds?: number[]): Promise<number> {
  const now = services.clock.now();
  const scope = courseIds ? inArray(courses.id, courseIds) : undefined;
  const current = and(eq(courses.active, true), sql`${codeOf} = ${courseCoupons.couponCode}`);
  await services.db
    .update(courseCoupons)
    .set({ expiresAt: sql`${courses.expiresAt}` })
    .from(courses)
    .where(
      and(
        eq(courses.id, courseCoupons.courseId),
        isNull(courseCoupons.endedAt),
        scope,
        current,
        sql`${courses.expiresAt} is distinct from ${courseCoupons.expiresAt}`,
      ),
    );
  const ended = await services.db
    .update(courseCoupons)
    .set({
      endedAt: sql`greatest(${courseCoupons.foundAt}, least(coalesce(${courseCoupons.expiresAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz))`,
    })
    .from(courses)
    .where(
      and(
        eq(courses.id, courseCoupons.courseId),
        isNull(courseCoupons.endedAt),
        scope,
        sql`not (${current})`,
      ),
    )
    .returning({ courseId: courseCoupons.courseId });

  const missing = await services.db
    .select({
      id: courses.id,
      couponCode: courses.couponCode,
      firstSeenAt: courses.firstSeenAt,
      date: courses.date,
      expiresAt: courses.expiresAt,
      source: courses.source,
    })
    .from(courses)
    .where(
      and(
        eq(courses.active, true),
        eq(courses.isDemo, false),
        scope,
        sql`not exists (select 1 from ${courseCoupons}
                         where ${courseCoupons.courseId} = ${courses.id}
                           and ${courseCoupons.couponCode} = ${codeOf}
                           and ${courseCoupons.endedAt} is null)`,
      ),
    );
  if (missing.length > 0) {
    await services.db
      .insert(courseCoupons)
      .values(
        missing.map((course) => ({
          courseId: course.id,
          couponCode: course.couponCode ?? "",
          foundAt: foundAtOf(course),
          expiresAt: course.expiresAt,
          sources: [course.source],
        })),
      )
      .onConflictDoUpdate({
        target: [courseCoupons.courseId, courseCoupons.couponCode],
        set: { endedAt: null, expiresAt: sql`excluded.expires_at` },
      });
  }
  return ended.length;
}

/** `date` is the Jakarta day the current coupon was found; first_seen_at the course's first sighting. */
function foundAtOf(course: { firstSeenAt: Date; date: string }): Date {
  const dayStart = startOfJakartaDay(course.date);
  return course.firstSeenAt > dayStart ? course.firstSeenAt : dayStart;
}
