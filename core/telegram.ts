import type { ChannelState } from "./alert-texts";

/** Telegram alerts: what the dashboard shows of a user's chat with the bot, and the texts. */

/** How long a "Link Telegram" deep link works. */
export const TELEGRAM_LINK_TTL_MINUTES = 30;

export type TelegramChannel = ChannelState & {
  /** A chat is linked to this account (perhaps disabled, see `note`). */
  linked: boolean;
};

export const TELEGRAM_TEXTS = {
  unavailable: "Telegram alerts are not available on this site.",
  unreachable: "Telegram cannot be reached right now. Please try again in a few minutes.",
  badIntent: "Say intent=link, intent=unlink or intent=test.",
  notLinked: "No Telegram chat is linked to your account.",
  /**
   * The bot's replies in English, word for word as messages/alerts/en.json holds them (the bot
   * speaks from the catalogue, in the user's language; the tests compare English with these).
   */
  linked:
    "Linked to your Kursusku account. New free courses matching your alerts will arrive here (never between 22.00 and 06.00 WIB). Unlink any time from your dashboard.",
  badToken:
    "This link is not valid or has expired. Open your Kursusku dashboard, choose Alerts, then “Link Telegram” for a new one.",
  hello:
    "Hi! To get your Kursusku alerts here, open your dashboard on the site, choose Alerts, then “Link Telegram”.",
} as const;
