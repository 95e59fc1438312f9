import { desc, eq, sql } from "drizzle-orm";
import {
  summariseCouponHistory,
  type CouponHistoryEntry,
  type CouponHistorySummary,
} from "../../../core/coupon-history";
import { courseCoupons } from "../../db/schema";
import type { Services } from "../../services";

/** The coupons a course page lists (newest first); the sentence counts every coupon read. */
export const COURSE_PAGE_COUPONS = 20;
/** A bound on what one page reads, however long a course's history grows. */
const COUPONS_READ = 500;

export type CouponHistory = {
  entries: CouponHistoryEntry[];
  summary: CouponHistorySummary | null;
};

/**
 * Every coupon seen for a course, newest first, kept after the course leaves the list: when it
 * was found, when it ended and which sources brought it (never the code). A coupon still open
 * whose end time has passed (the run that retires it has not come yet) shows that end.
 */
export async function findCouponHistory(
  services: Services,
  courseId: number,
): Promise<CouponHistory> {
  const now = services.clock.now().toISOString();
  const rows = await services.db
    .select({
      foundAt: courseCoupons.foundAt,
      endedAt: sql<Date | string | null>`coalesce(${courseCoupons.endedAt},
        case when ${courseCoupons.expiresAt} <= ${now}::timestamptz then ${courseCoupons.expiresAt} end)`,
      sources: courseCoupons.sources,
    })
    .from(courseCoupons)
    .where(eq(courseCoupons.courseId, courseId))
    .orderBy(desc(courseCoupons.foundAt))
    .limit(COUPONS_READ);
  const entries = rows.map((row) => ({
    foundAt: row.foundAt.toISOString(),
    endedAt: row.endedAt === null ? null : new Date(row.endedAt).toISOString(),
    sources: row.sources,
  }));
  return {
    entries: entries.slice(0, COURSE_PAGE_COUPONS),
    summary: summariseCouponHistory(entries),
  };
}
