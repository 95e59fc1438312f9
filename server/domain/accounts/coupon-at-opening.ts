import { and, eq } from "drizzle-orm";
import type { CouponCheckResult, UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { syncCouponHistory } from "../ingest/coupon-history";

/** An answer from Udemy this recent is trusted: opening does not ask again. */
export const OPENING_CHECK_FRESH_MS = 10 * 60 * 1000;
/** Opening never waits longer than this for Udemy; without an answer the course opens. */
export const OPENING_CHECK_TIMEOUT_MS = 2_000;

export type CouponToConfirm = {
  id: number;
  link: string;
  couponCode: string;
  imageUrl: string | null;
  checkedAt: Date | null;
};

/** A question under way, or answered (at `answeredAt`, on the service clock) and still fresh. */
type Flight = { answer: Promise<CouponCheckResult>; answeredAt?: number };

/**
 * Questions per Udemy check (so per process), keyed by course and coupon. An answer stays here
 * while it is fresh: an open that read the course just before the answer was stored must not
 * ask again.
 */
const flights = new WeakMap<UdemyCheck, Map<string, Flight>>();

/**
 * Asks Udemy, at the moment a learner opens a course, whether its coupon still works — unless
 * Udemy said so in the last 10 minutes, or the check is off. A dead coupon leaves the list at
 * once (and every cached page with it) and the answer is "dead"; Udemy's end time and uses left
 * are stored when it is alive. No answer within 2 seconds, or an answer that cannot tell, counts
 * as alive: a learner is never kept from a coupon on a guess. Concurrent opens of the same coupon
 * share one question.
 */
export async function confirmCouponAtOpening(
  services: Services,
  coupon: CouponToConfirm,
): Promise<"alive" | "dead"> {
  const udemyCheck = services.udemyCheck;
  if (!udemyCheck) return "alive";
  const now = services.clock.now();
  if (coupon.checkedAt && now.getTime() - coupon.checkedAt.getTime() < OPENING_CHECK_FRESH_MS) {
    return "alive";
  }
  const result = await askOnce(services, udemyCheck, coupon);
  const sameCoupon = and(eq(courses.id, coupon.id), eq(courses.couponCode, coupon.couponCode));
  const ended =
    result.status === "invalid" ||
    (result.status === "free" && result.expiresAt !== null && result.expiresAt <= now);
  if (ended) {
    const retired = await services.db
      .update(courses)
      .set({ active: false })
      .where(and(sameCoupon, eq(courses.active, true)))
      .returning({ id: courses.id });
    if (retired.length > 0) {
      services.cache.forget("catalog:");
      await syncCouponHistory(services, [coupon.id]);
      services.logger.info(
        { courseId: coupon.id, reason: result.status === "invalid" ? result.reason : "ended" },
        "coupon ended at opening",
      );
    }
    return "dead";
  }
  if (result.status === "free") {
    await services.db
      .update(courses)
      .set({
        checkedAt: services.clock.now(),
        ...(result.expiresAt ? { expiresAt: result.expiresAt } : {}),
        ...(result.usesRemaining !== null ? { usesRemaining: result.usesRemaining } : {}),
      })
      .where(sameCoupon);
  } else {
    services.logger.warn(
      { courseId: coupon.id, reason: result.reason },
      "coupon check at opening could not tell; opening anyway",
    );
  }
  return "alive";
}

function askOnce(
  services: Services,
  udemyCheck: UdemyCheck,
  coupon: CouponToConfirm,
): Promise<CouponCheckResult> {
  let byCoupon = flights.get(udemyCheck);
  if (!byCoupon) flights.set(udemyCheck, (byCoupon = new Map()));
  const key = `${coupon.id}:${coupon.couponCode}`;
  const known = byCoupon.get(key);
  const now = services.clock.now().getTime();
  if (
    known &&
    (known.answeredAt === undefined || now - known.answeredAt < OPENING_CHECK_FRESH_MS)
  ) {
    return known.answer;
  }
  const signal = AbortSignal.timeout(OPENING_CHECK_TIMEOUT_MS);
  // The deadline holds even for a check that does not listen to the signal.
  const deadline = new Promise<CouponCheckResult>((resolve) => {
    const timer = setTimeout(
      () => resolve({ status: "unknown", reason: "Udemy did not answer in time" }),
      OPENING_CHECK_TIMEOUT_MS + 50,
    );
    timer.unref();
  });
  const flight: Flight = {
    answer: Promise.race([
      udemyCheck
        .checkCoupon(
          { link: coupon.link, couponCode: coupon.couponCode, imageUrl: coupon.imageUrl },
          signal,
        )
        .catch((error: unknown): CouponCheckResult => ({
          status: "unknown",
          reason: (error as Error).message,
        })),
      deadline,
    ]),
  };
  byCoupon.set(key, flight);
  void flight.answer.then((result) => {
    if (result.status === "unknown") {
      byCoupon.delete(key);
      return;
    }
    flight.answeredAt = services.clock.now().getTime();
    const forget = setTimeout(() => {
      if (byCoupon.get(key) === flight) byCoupon.delete(key);
    }, OPENING_CHECK_FRESH_MS);
    forget.unref();
  });
  return flight.answer;
}
