/** How long a coupon has left, in words (cards, the hero, Telegram messages). */
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
