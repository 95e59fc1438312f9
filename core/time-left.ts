/** How long a coupon has left, in words (cards, the hero, Telegram messages). */
import { formatJakartaDayAndTime } from "./dates";
import type { Locale } from "./locale";
import * as m from "./paraglide/messages";

/**
 * "Expires in 2 days" / "Expires in 5 hours" / "Expires in 12 minutes" ("Berakhir dalam 2 hari"
 * in Indonesian), relative to `now`.
 */
export function formatTimeLeft(expiresAt: string | null, now: Date, locale: Locale): string | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) {
    const count = Math.max(1, minutes);
    const message = count === 1 ? m.time_left_minutes_one : m.time_left_minutes_other;
    return message({ count }, { locale });
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const message = hours === 1 ? m.time_left_hours_one : m.time_left_hours_other;
    return message({ count: hours }, { locale });
  }
  return m.time_left_days({ count: Math.floor(hours / 24) }, { locale });
}

/**
 * A span of minutes: "19 h 33 min", "33 min", and from 48 hours (as the cards count) "2 d 4 h"
 * ("19 jam 33 menit", "2 hari 4 jam").
 */
export function formatSpan(totalMinutes: number, locale: Locale): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours >= 48) {
    const days = Math.floor(hours / 24);
    return m.span_days_hours({ days, hours: hours % 24 }, { locale });
  }
  if (hours === 0) return m.reset_in_minutes({ minutes }, { locale });
  return minutes === 0
    ? m.reset_in_hours({ hours }, { locale })
    : m.reset_in_hours_minutes({ hours, minutes }, { locale });
}

/**
 * A coupon's time left on its page: "19 h 33 min left" and when it ends, "until 28 Nov 14.05
 * WIB" ("19 jam 33 menit lagi", "sampai 28 Nov 14.05 WIB"). Not "19:33:10", which reads like a
 * time of day. Whole minutes, rounded down (never promises more time than there is), at least 1.
 */
export function formatCouponTimeLeft(
  expiresAt: string | null,
  now: Date,
  locale: Locale,
): { left: string; until: string } | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  return {
    left: m.coupon_left({ time: formatSpan(minutes, locale) }, { locale }),
    until: m.coupon_until(
      { time: formatJakartaDayAndTime(new Date(expiresAt), locale) },
      { locale },
    ),
  };
}
