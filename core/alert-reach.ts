import { ALERT_CHANNELS, ALERT_TEXTS, type AlertChannel } from "./alert-texts";
import type { EmailChannel } from "./my-alerts";
import { TELEGRAM_TEXTS, type TelegramChannel } from "./telegram";

/**
 * Whether a channel can reach a user now, and if not, what it needs first. An alert offers and
 * keeps only the channels that can reach its user: a ticked box that tells no one misleads.
 */
export type ChannelReach =
  | "ready"
  /** The site sends no e-mail (no SMTP server). */
  | "email-unavailable"
  /** The user has not turned on the daily e-mail digest. */
  | "email-off"
  /** No browser of the user takes push notifications. */
  | "push-off"
  /** The site has no Telegram bot. */
  | "telegram-unavailable"
  /** The user has not linked a Telegram chat (or we stopped sending there). */
  | "telegram-unlinked";

/** What the server knows about a user's channels (the dashboard's alerts answer holds it). */
export type ChannelFacts = {
  email: Pick<EmailChannel, "available" | "enabled">;
  browsers: Array<{ offNote: string | null }>;
  telegram: Pick<TelegramChannel, "available" | "enabled">;
};

export function channelReach(facts: ChannelFacts): Record<AlertChannel, ChannelReach> {
  return {
    email: !facts.email.available
      ? "email-unavailable"
      : facts.email.enabled
        ? "ready"
        : "email-off",
    push: facts.browsers.some((browser) => browser.offNote === null) ? "ready" : "push-off",
    telegram: !facts.telegram.available
      ? "telegram-unavailable"
      : facts.telegram.enabled
        ? "ready"
        : "telegram-unlinked",
  };
}

/** The channels that reach the user now, in their usual order. */
export function reachableChannels(facts: ChannelFacts): AlertChannel[] {
  const reach = channelReach(facts);
  return ALERT_CHANNELS.filter((channel) => reach[channel] === "ready");
}

/**
 * What a channel that cannot reach the user needs, in SPEC's English: the server's refusal when
 * such a channel is chosen, and the line the dashboard shows in place of its box.
 */
export const CHANNEL_NEEDS: Record<Exclude<ChannelReach, "ready">, string> = {
  "email-unavailable": ALERT_TEXTS.emailUnavailable,
  "email-off": ALERT_TEXTS.emailNeedsDigest,
  "push-off": ALERT_TEXTS.pushNeedsBrowser,
  "telegram-unavailable": TELEGRAM_TEXTS.unavailable,
  "telegram-unlinked": ALERT_TEXTS.telegramNeedsLink,
};
