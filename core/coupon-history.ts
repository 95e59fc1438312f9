import { formatJakartaMonth } from "./dates";
import type { Locale } from "./locale";
import * as m from "./paraglide/messages";

/**
 * A course's coupon history as its page tells it: how many coupons, since when, and how long a
 * coupon usually lasts — the median of the ended coupons' lives (a median, so one coupon that
 * stayed a month does not make every coupon look long-lived).
 */

/** One coupon seen for a course (never its code: coupon codes stay private). */
export type CouponHistoryEntry = {
  /** ISO instant the coupon was first found. */
  foundAt: string;
  /** ISO instant it ended; null while it is still free. */
  endedAt: string | null;
  /** The sources that brought it. */
  sources: string[];
};

/** How long a coupon usually lasts, in the unit the sentence says it in. */
export type CouponLasting = { unit: "hour" | "day"; count: number };

export type CouponHistorySummary = {
  /** Coupons seen. */
  times: number;
  /** ISO instant the first one was found. */
  since: string;
  /** Null until a coupon has ended. */
  usualLasting: CouponLasting | null;
};

const HOUR_MS = 60 * 60 * 1000;

/** Under a day in hours (at least 1), else in whole days. */
export function couponLasting(durationMs: number): CouponLasting {
  const hours = Math.max(1, Math.round(durationMs / HOUR_MS));
  return hours < 24
    ? { unit: "hour", count: hours }
    : { unit: "day", count: Math.round(hours / 24) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Null for a course with no coupon seen. */
export function summariseCouponHistory(
  entries: readonly CouponHistoryEntry[],
): CouponHistorySummary | null {
  if (entries.length === 0) return null;
  const since = entries.reduce(
    (first, entry) => (Date.parse(entry.foundAt) < Date.parse(first) ? entry.foundAt : first),
    entries[0]!.foundAt,
  );
  const lives = entries
    .filter((entry) => entry.endedAt !== null)
    .map((entry) => Math.max(0, Date.parse(entry.endedAt!) - Date.parse(entry.foundAt)));
  return {
    times: entries.length,
    since,
    usualLasting: lives.length > 0 ? couponLasting(median(lives)) : null,
  };
}

/**
 * "Free 4 times since March 2025; a coupon usually lasts 3 days" (Indonesian on /id pages). The
 * second half only once a coupon has ended: before that nobody knows how long one lasts.
 */
export function couponHistorySentence(summary: CouponHistorySummary, locale: Locale): string {
  const month = formatJakartaMonth(new Date(summary.since), locale);
  const times = summary.times === 1 ? m.course_history_times_one : m.course_history_times_other;
  const sentence = times({ count: summary.times, month }, { locale });
  const lasting = summary.usualLasting;
  if (!lasting) return sentence;
  const one = lasting.count === 1;
  const lasts =
    lasting.unit === "hour"
      ? one
        ? m.course_history_lasts_hours_one
        : m.course_history_lasts_hours_other
      : one
        ? m.course_history_lasts_days_one
        : m.course_history_lasts_days_other;
  return `${sentence}; ${lasts({ count: lasting.count }, { locale })}`;
}
