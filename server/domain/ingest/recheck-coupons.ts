import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { courses, type NewCourseRow } from "../../db/schema";
import { listedCondition } from "../catalog/catalog";
import type { IngestServices } from "./ingest-services";
import { syncCouponHistory } from "./coupon-history";
import { withIngestLock } from "./ingest-runs";
import {
  CHECK_CONCURRENCY,
  createRunCouponCheck,
  mapWithConcurrency,
  type RunCouponCheck,
} from "./run-coupon-check";

const HOUR_MS = 60 * 60 * 1000;
/** A coupon ending this soon may die any minute: ask again. */
const RECHECK_ENDING_WITHIN_MS = 2 * HOUR_MS;
/** A coupon with fewer uses left may run out any minute: ask again. */
const RECHECK_FEW_USES = 50;
/** Any other listed coupon is asked about again once its last answer is this old. */
const RECHECK_AFTER_MS = 6 * HOUR_MS;

/**
 * Asks Udemy again about listed coupons that may have died: ending within 2 hours, fewer than 50
 * uses left, or last checked more than 6 hours ago (or never) — the first two kinds first, then
 * the soonest-ending — within what is left of the run's check budget. A course listed by a link
 * without a coupon code (Udemy said it was free) is asked the same way, by its link alone: it may
 * have turned paid since. Udemy's "no" retires the coupon; its "yes" stores the end time and uses
 * left it gave; "unknown" changes nothing — a coupon is never delisted on a guess.
 */
export async function recheckCoupons(
  services: IngestServices,
  runCheck: RunCouponCheck,
  budgetLeft: number,
): Promise<{ checked: number; invalid: number }> {
  if (budgetLeft <= 0 || runCheck.backedOff) return { checked: 0, invalid: 0 };
  const now = services.clock.now();
  const endingSoon = new Date(now.getTime() + RECHECK_ENDING_WITHIN_MS);
  const checkedBefore = new Date(now.getTime() - RECHECK_AFTER_MS);
  const due = await services.db
    .select({
      id: courses.id,
      link: courses.link,
      couponCode: courses.couponCode,
      imageUrl: courses.imageUrl,
      udemyId: courses.udemyId,
    })
    .from(courses)
    .where(
      and(
        listedCondition(services, now),
        or(
          lt(courses.expiresAt, endingSoon),
          lt(courses.usesRemaining, RECHECK_FEW_USES),
          isNull(courses.checkedAt),
          lt(courses.checkedAt, checkedBefore),
        ),
      ),
    )
    .orderBy(
      // The ones that may die any minute first, then the soonest-ending.
      sql`case when ${courses.expiresAt} < ${endingSoon.toISOString()}::timestamptz or ${courses.usesRemaining} < ${RECHECK_FEW_USES} then 0 else 1 end`,
      sql`${courses.expiresAt} asc nulls last`,
      asc(courses.id),
    )
    .limit(budgetLeft);

  let checked = 0;
  let invalid = 0;
  await mapWithConcurrency(due, CHECK_CONCURRENCY, async (course) => {
    const couponCode = course.couponCode;
    const result = await runCheck.check({
      link: course.link,
      couponCode,
      imageUrl: course.imageUrl,
      ...(course.udemyId ? { udemyId: course.udemyId } : {}),
    });
    if (result.status === "unknown") return;
    checked += 1;
    // Only the coupon that was checked: a new one may have arrived meanwhile.
    const sameCoupon = and(
      eq(courses.id, course.id),
      couponCode === null ? isNull(courses.couponCode) : eq(courses.couponCode, couponCode),
    );
    if (result.status === "invalid") {
      const retired = await services.db
        .update(courses)
        .set({ active: false })
        .where(and(sameCoupon, eq(courses.active, true)))
        .returning({ id: courses.id });
      invalid += retired.length;
      return;
    }
    const facts: Partial<NewCourseRow> = { checkedAt: services.clock.now() };
    if (result.expiresAt) facts.expiresAt = result.expiresAt;
    if (result.usesRemaining !== null) facts.usesRemaining = result.usesRemaining;
    await services.db.update(courses).set(facts).where(sameCoupon);
  });
  return { checked, invalid };
}

/**
 * The re-check tick between runs: listed coupons that may have died are asked about again
 * within UDEMY_CHECK_LIMIT, under the ingest lock (a run in progress checks them itself: the
 * tick is then skipped, IngestInProgress). Null without the Udemy check.
 */
export async function runRecheckTick(
  services: IngestServices,
  signal?: AbortSignal,
): Promise<{ checked: number; invalid: number; asked: number } | null> {
  const udemyCheck = services.udemyCheck;
  if (!udemyCheck) return null;
  return withIngestLock(services, async () => {
    const budget = services.config.ingest.udemyCheckLimit;
    const runCheck = createRunCouponCheck(udemyCheck, {
      budget,
      now: services.clock.now(),
      signal,
    });
    const outcome = await recheckCoupons(services, runCheck, budget);
    if (outcome.invalid > 0) {
      services.cache.forget("catalog:");
      await syncCouponHistory(services);
    }
    return { ...outcome, asked: runCheck.counts.asked };
  });
}
