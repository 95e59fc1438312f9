import type {
  CouponCheckRequest,
  CouponCheckResult,
  UdemyCheck,
} from "../../adapters/udemy-check/udemy-check";

/** Checks asked of Udemy at once: polite to Udemy, and enough to finish a run in minutes. */
export const CHECK_CONCURRENCY = 4;

export type RunCheckCounts = {
  /** Questions actually sent to Udemy. */
  asked: number;
  free: number;
  invalid: number;
  unknown: number;
};

/**
 * Udemy's coupon check as one ingest run uses it: at most `budget` questions in the run, and once
 * Udemy refuses (403, 429, 5xx, a timeout) no more questions in this run — every later check is
 * "unknown" without asking, so a blocked run never hammers Udemy. A coupon whose campaign ended
 * by `now` is invalid whatever the price says.
 */
export type RunCouponCheck = {
  check(request: CouponCheckRequest): Promise<CouponCheckResult>;
  readonly counts: RunCheckCounts;
  /** The first reason Udemy could not answer, or null. */
  readonly firstUnknown: string | null;
  readonly backedOff: boolean;
};

export function createRunCouponCheck(
  udemyCheck: UdemyCheck,
  options: { budget: number; now: Date; signal?: AbortSignal },
): RunCouponCheck {
  const counts: RunCheckCounts = { asked: 0, free: 0, invalid: 0, unknown: 0 };
  let firstUnknown: string | null = null;
  let backedOff = false;

  const unknown = (reason: string): CouponCheckResult => {
    counts.unknown += 1;
    firstUnknown ??= reason;
    return { status: "unknown", reason };
  };

  return {
    counts,
    get firstUnknown() {
      return firstUnknown;
    },
    get backedOff() {
      return backedOff;
    },
    async check(request) {
      if (backedOff) return unknown("Udemy refused earlier in this run: not asked");
      if (options.signal?.aborted) return unknown("the run was stopped");
      if (counts.asked >= options.budget) return unknown("the run's check budget is spent");
      counts.asked += 1;
      let result: CouponCheckResult;
      try {
        result = await udemyCheck.checkCoupon(request, options.signal);
      } catch (error) {
        result = { status: "unknown", reason: (error as Error).message, refused: true };
      }
      if (result.status === "unknown") {
        if (result.refused) backedOff = true;
        return unknown(result.reason);
      }
      if (result.status === "free" && result.expiresAt && result.expiresAt <= options.now) {
        result = { status: "invalid", reason: "campaign ended" };
      }
      counts[result.status] += 1;
      return result;
    },
  };
}

/** Runs `work` over `items`, at most `concurrency` at a time, results in input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
