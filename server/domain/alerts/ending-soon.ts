import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { ENDING_SOON_FEWER_USES_THAN, ENDING_SOON_WITHIN_HOURS } from "../../../core/alert-texts";
import { alertWatches, courses, favourites } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";

const HOUR_MS = 60 * 60 * 1000;
/** A bound on one answer (a user may favourite and watch hundreds of courses). */
const ENDING_SOON_SHOWN = 20;

export type EndingSoonCourse = {
  courseId: number;
  slug: string;
  title: string;
  courseType: string;
  /** ISO instant the coupon ends; null when only its uses are running out. */
  expiresAt: string | null;
  usesRemaining: number | null;
};

/**
 * A user's favourites and watched courses whose listed coupon ends within 6 hours (at most 6 h
 * from now) or has fewer than 50 uses left, the soonest end first: what the dashboard shows at
 * its top and the daily digest leads with. Example courses of the demo catalogue have no coupon
 * to lose.
 */
export async function listEndingSoon(
  services: Services,
  userId: string,
): Promise<EndingSoonCourse[]> {
  const now = services.clock.now();
  const endsBy = new Date(now.getTime() + ENDING_SOON_WITHIN_HOURS * HOUR_MS);
  const rows = await services.db
    .select({
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      courseType: courses.category,
      expiresAt: courses.expiresAt,
      usesRemaining: courses.usesRemaining,
    })
    .from(courses)
    .where(
      and(
        listedCondition(services, now),
        eq(courses.isDemo, false),
        or(lte(courses.expiresAt, endsBy), lt(courses.usesRemaining, ENDING_SOON_FEWER_USES_THAN)),
        // The user's favourites and the courses they watch.
        inArray(
          courses.id,
          services.db
            .select({ id: favourites.courseId })
            .from(favourites)
            .where(eq(favourites.subject, userId))
            .union(
              services.db
                .select({ id: alertWatches.courseId })
                .from(alertWatches)
                .where(eq(alertWatches.userId, userId)),
            ),
        ),
      ),
    )
    .orderBy(
      sql`${courses.expiresAt} asc nulls last`,
      sql`${courses.usesRemaining} asc nulls last`,
      courses.id,
    )
    .limit(ENDING_SOON_SHOWN);
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt?.toISOString() ?? null }));
}
