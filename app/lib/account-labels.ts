import type { AlertChannel } from "../../core/alert-rules";
import type { Locale } from "../../core/locale";
import type { MyAlerts } from "../../core/my-alerts";
import * as m from "../../core/paraglide/messages";
import type { AccountStatus } from "../../core/viewer";
import { byCount } from "./i18n";

/**
 * The dashboard's words for the codes it shows (an account status, an alert channel, a delivery's
 * state, a saved search's filters), in the page's language. Plain functions of the locale, so the
 * panels and their tests share them.
 */
export function accountStatusLabel(status: AccountStatus, locale: Locale): string {
  const labels: Record<AccountStatus, string> = {
    premium: m.account_status_premium({}, { locale }),
    "app-premium": m.account_status_app_premium({}, { locale }),
    standard: m.account_status_standard({}, { locale }),
  };
  return labels[status];
}

export function channelLabel(channel: AlertChannel, locale: Locale): string {
  if (channel === "email") return m.account_channel_email({}, { locale });
  if (channel === "push") return m.account_channel_push({}, { locale });
  return m.account_channel_telegram({}, { locale });
}

const DELIVERY_STATES = {
  pending: m.account_delivery_pending,
  sending: m.account_delivery_sending,
  sent: m.account_delivery_sent,
  failed: m.account_delivery_failed,
  cancelled: m.account_delivery_cancelled,
} as const;

const DELIVERY_CHANNELS = {
  email: m.account_delivery_channel_email,
  push: m.account_delivery_channel_push,
  telegram: m.account_delivery_channel_telegram,
} as const;

/**
 * A sent alert's line: its channel and state, in English the codes as they always read
 * ("email · sent"); a code this page does not know is shown as it is.
 */
export function deliveryLabel(channel: string, status: string, locale: Locale): string {
  const channelText = Object.hasOwn(DELIVERY_CHANNELS, channel)
    ? DELIVERY_CHANNELS[channel as keyof typeof DELIVERY_CHANNELS]({}, { locale })
    : channel;
  const state = Object.hasOwn(DELIVERY_STATES, status)
    ? DELIVERY_STATES[status as keyof typeof DELIVERY_STATES]({}, { locale })
    : status;
  return `${channelText} · ${state}`;
}

/** A saved search in a few words: “python” · Development · English · 4+ stars. */
export function describeSearch(
  search: Pick<MyAlerts["searches"][number], "search" | "type" | "language" | "rating">,
  locale: Locale,
): string {
  const parts = [search.search ? `“${search.search}”` : m.account_search_any({}, { locale })];
  if (search.type) parts.push(search.type);
  if (search.language) parts.push(search.language);
  if (search.rating > 0) parts.push(m.account_search_stars({ rating: search.rating }, { locale }));
  return parts.join(" · ");
}

/** A favourite's reviews: "Avg Rating: 4.5/5 (2 reviews)", one review in the singular. */
export function averageRatingText(average: number, count: number, locale: Locale): string {
  const message = byCount(count, m.account_avg_rating_one, m.account_avg_rating_other);
  return message({ rating: average.toFixed(1), count }, { locale });
}
