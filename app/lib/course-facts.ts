/** Human-readable course facts for cards (pure, so the server and browser render the same). */
import type { Locale } from "../../core/locale";
import { byCount } from "./i18n";
import * as m from "../../core/paraglide/messages";

/** "1h 30m" (English), "1 jam 30 mnt" (Indonesian). */
export function formatDuration(minutes: number | null, locale: Locale): string | null {
  if (minutes === null || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return m.duration_minutes({ minutes: rest }, { locale });
  return rest === 0
    ? m.duration_hours({ hours }, { locale })
    : m.duration_hours_minutes({ hours, minutes: rest }, { locale });
}

// Cards format their counts without Intl (core/numbers.ts says why).
export { formatCount } from "../../core/numbers";

// Telegram messages say it too, so it lives in core.
export { formatCouponTimeLeft, formatTimeLeft } from "../../core/time-left";

/** The feed's levels in the page's language; a level it does not know is shown as it comes. */
const LEVELS: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  beginner: m.level_beginner,
  intermediate: m.level_intermediate,
  expert: m.level_expert,
  "all levels": m.level_all,
};

/** "Beginner Level" → "Beginner" (the feed repeats the word Level); "Pemula" in Indonesian. */
export function formatLevel(level: string | null, locale: Locale): string | null {
  if (!level) return null;
  const shown = level.replace(/\s+Level$/i, "");
  const known = locale === "en" ? undefined : LEVELS[shown.toLowerCase()];
  return known ? known({}, { locale }) : shown;
}

/** "just now" / "12 min ago" / "3 hours ago" / "2 days ago"; null for no or a bad time. */
export function formatAgo(at: string | null, now: Date, locale: Locale): string | null {
  if (!at) return null;
  const ms = now.getTime() - Date.parse(at);
  if (Number.isNaN(ms)) return null;
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return m.ago_just_now({}, { locale });
  if (minutes < 60) return m.ago_minutes({ count: minutes }, { locale });
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return byCount(hours, m.ago_hours_one, m.ago_hours_other)({ count: hours }, { locale });
  return m.ago_days({ count: Math.floor(hours / 24) }, { locale });
}

/** "confirmed 12 min ago": when Udemy last said the coupon is 100 % off. */
export function formatCheckedAgo(
  checkedAt: string | null,
  now: Date,
  locale: Locale,
): string | null {
  const ago = formatAgo(checkedAt, now, locale);
  return ago === null ? null : m.coupon_confirmed({ ago }, { locale });
}
