import { MAX_SEARCH_LENGTH } from "./course-filters";

/**
 * The alerts' limits, refusal texts and channel names: plain values, apart from the schemas in
 * alert-rules.ts, which bring zod — the dashboard shows these and must not ship a validator
 * (its JavaScript stays within the 150 kB a page may ship).
 */

/** Saved searches one user may keep: enough for every interest, far from a flood. */
export const MAX_SAVED_SEARCHES = 50;
/** Courses one user may watch at once. */
export const MAX_WATCHED_COURSES = 500;
/**
 * A favourite or watched course is "ending soon" when its coupon ends within this many hours or
 * has fewer uses left than this: the dashboard shows it first and the digest leads with it.
 */
export const ENDING_SOON_WITHIN_HOURS = 6;
export const ENDING_SOON_FEWER_USES_THAN = 50;
/** Digest hour when a user turns e-mail on without choosing one (07:00 Jakarta). */
export const DEFAULT_DIGEST_HOUR = 7;

export const ALERT_TEXTS = {
  signInRequired: "Please sign in to manage your alerts.",
  notUdemyCourseUrl:
    "Paste a Udemy course address such as https://www.udemy.com/course/learn-python/.",
  courseUnknown: "Unknown course.",
  watchLimit: `You can watch at most ${MAX_WATCHED_COURSES} courses. Stop watching one first.`,
  searchTooLong: `A saved search can be at most ${MAX_SEARCH_LENGTH} characters.`,
  searchEmpty: "Choose search words or a filter before saving the search as an alert.",
  searchLimit: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`,
  searchDuplicate: "You already saved this search.",
  searchUnknown: "Unknown saved search.",
  badHour: "Choose a whole hour from 0 to 23 (Asia/Jakarta).",
  emailUnavailable: "E-mail alerts are not available on this site.",
  badUnsubscribeLink: "This unsubscribe link is not valid.",
  unsubscribed: "You will get no more alert e-mails. You can turn them on again on your dashboard.",
  channelsNone: "Choose at least one way to be told: e-mail, push or Telegram.",
  channelsUnknown: "Choose e-mail, push or Telegram.",
  emailNeedsDigest: "To be told by e-mail, turn on the e-mail digest below.",
  pushNeedsBrowser: "To be told by push, turn on notifications in this browser below.",
  telegramNeedsLink: "To be told on Telegram, link Telegram below.",
} as const;

/**
 * The ways an alert can reach a user. Each watched course and saved search names the ones it
 * uses (all of them until the user chooses); a user is told on a channel only when the alert
 * names it and the user has that channel on.
 */
export const ALERT_CHANNELS = ["email", "push", "telegram"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** What the dashboard shows of one of a user's alert channels (e-mail, Telegram). */
export type ChannelState = {
  /** The site can use the channel at all (SMTP_URL, TELEGRAM_BOT_TOKEN is set). */
  available: boolean;
  /** Alerts go out on it. */
  enabled: boolean;
  /** Why we stopped sending (a refused address, a blocked bot, an unsubscribe link), if we did. */
  note: string | null;
};
