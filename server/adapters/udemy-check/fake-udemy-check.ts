import type { CouponCheckRequest, CouponCheckResult, UdemyCheck } from "./udemy-check";

export type FakeUdemyCheck = UdemyCheck & {
  /** Every request, in order. */
  calls: CouponCheckRequest[];
  /** Sets the answer for a coupon code (or a course link). */
  answer(key: string, result: CouponCheckResult): void;
};

/**
 * Answers from fixtures keyed by coupon code or course link; anything else is a live free coupon
 * with nothing new to say (`fallback`).
 */
export function createFakeUdemyCheck(
  fixtures: Record<string, CouponCheckResult> = {},
  fallback: CouponCheckResult = { status: "free", expiresAt: null, usesRemaining: null },
): FakeUdemyCheck {
  const answers = new Map(Object.entries(fixtures));
  const calls: CouponCheckRequest[] = [];
  return {
    calls,
    answer(key, result) {
      answers.set(key, result);
    },
    async checkCoupon(request) {
      calls.push(request);
      return (
        (request.couponCode ? answers.get(request.couponCode) : undefined) ??
        answers.get(request.link) ??
        fallback
      );
    },
  };
}
