import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { CouponCheckResult, UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import { courses, type NewCourseRow } from "../../db/schema";
import { listedCondition } from "../catalog";
import type { IngestServices } from "./ingest-services";

const HOUR_MS = 60 * 60 * 1000;
/** Coupons this close to their end, or with fewer uses left, are re-checked first. */
const RECHECK_SOON_MS = 2 * HOUR_MS;
const RECHECK_FEW_USES = 50;
const RECHECK_CONCURRENCY = 4;

/**
 * Asks Udemy about listed coupons, those expiring within 2 hours or with fewer than 50 uses
 * left first, then the soonest to expire. Invalid ones leave the list; valid ones get Udemy's
 * end time and uses left. A check that cannot tell changes nothing.
 */
export async function recheckCoupons(
  services: IngestServices,
  udemyCheck: UdemyCheck,
  signal: AbortSignal | undefined,
): Promise<{ checked: number; invalid: number; errors: string[] }> {
  const now = services.clock.now();
  const soon = new Date(now.getTime() + RECHECK_SOON_MS).toISOString();
  const due = await services.db
    .select({
      id: courses.id,
      link: courses.link,
      couponCode: courses.couponCode,
      imageUrl: courses.imageUrl,
      expiresAt: courses.expiresAt,
    })
    .from(courses)
    .where(and(listedCondition(services, now), isNotNull(courses.couponCode)))
    .orderBy(
      sql`case when ${courses.expiresAt} < ${soon}::timestamptz or ${courses.usesRemaining} < ${RECHECK_FEW_USES} then 0 else 1 end`,
      sql`${courses.expiresAt} asc nulls last`,
      asc(courses.id),
    )
    .limit(services.config.ingest.udemyCheckLimit);

  let checked = 0;
  let invalid = 0;
  let unknown = 0;
  let firstUnknown = "";
  let next = 0;
  const worker = async () => {
    while (next < due.length && !signal?.aborted) {
      const course = due[next++]!;
      const couponCode = course.couponCode!;
      let result: CouponCheckResult;
      try {
        result = await udemyCheck.checkCoupon(
          { link: course.link, couponCode, imageUrl: course.imageUrl },
          signal,
        );
      } catch (error) {
        result = { status: "unknown", reason: (error as Error).message };
      }
      checked += 1;
      if (result.status === "free" && result.expiresAt && result.expiresAt <= now) {
        result = { status: "invalid", reason: "campaign ended" };
      }
      // Only the coupon that was checked: a new one may have arrived meanwhile.
      const sameCoupon = and(eq(courses.id, course.id), eq(courses.couponCode, couponCode));
      if (result.status === "invalid") {
        const retired = await services.db
          .update(courses)
          .set({ active: false })
          .where(and(sameCoupon, eq(courses.active, true)))
          .returning({ id: courses.id });
        invalid += retired.length;
      } else if (result.status === "free") {
        const facts: Partial<NewCourseRow> = {};
        if (result.expiresAt) facts.expiresAt = result.expiresAt;
        if (result.usesRemaining !== null) facts.usesRemaining = result.usesRemaining;
        if (Object.keys(facts).length > 0) {
          await services.db.update(courses).set(facts).where(sameCoupon);
        }
      } else {
        unknown += 1;
        firstUnknown ||= `${course.link}: ${result.reason}`;
      }
    }
  };
  await Promise.all(Array.from({ length: RECHECK_CONCURRENCY }, worker));
  const errors =
    unknown > 0
      ? [`[udemy-check] ${unknown} of ${checked} coupons could not be checked (${firstUnknown})`]
      : [];
  return { checked, invalid, errors };
}
