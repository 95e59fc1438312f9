import { MAX_SEARCH_LENGTH } from "./course-filters";
import { z } from "./zod";

/**
 * Alerts: watched courses, saved searches and the e-mail digest. The limits and the texts both
 * the API and a future dashboard tab use.
 */

/** Saved searches one user may keep: enough for every interest, far from a flood. */
export const MAX_SAVED_SEARCHES = 50;
/** Courses one user may watch at once. */
export const MAX_WATCHED_COURSES = 500;
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

/** The channels a user chose for one alert, sent as `channels=email,push`: at least one, each known. */
export const alertChannelsSchema = z
  .string({ error: ALERT_TEXTS.channelsNone })
  .max(100, ALERT_TEXTS.channelsUnknown)
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.enum(ALERT_CHANNELS, { error: ALERT_TEXTS.channelsUnknown }))
      .min(1, ALERT_TEXTS.channelsNone),
  );

/** Control characters are dropped (PostgreSQL cannot store a NUL byte). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const filterText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(CONTROL_CHARACTERS, "").trim())
    .pipe(z.string().max(max, "This filter is too long."));

/**
 * A search to save, as the home filters name it (search, type, language, rating). Too long a
 * search is refused rather than cut, so what is saved is what the user sees.
 */
export const savedSearchInputSchema = z.object({
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(CONTROL_CHARACTERS, " ").trim())
    .pipe(z.string().max(MAX_SEARCH_LENGTH, ALERT_TEXTS.searchTooLong)),
  type: filterText(80).transform((value) => (value.toLowerCase() === "all" ? "" : value)),
  language: filterText(40),
  rating: z.coerce
    .number({ error: "Choose a minimum rating from 0 to 5." })
    .int("Choose a minimum rating from 0 to 5.")
    .min(0, "Choose a minimum rating from 0 to 5.")
    .max(5, "Choose a minimum rating from 0 to 5.")
    .default(0),
});
export type SavedSearchInput = z.output<typeof savedSearchInputSchema>;

/** The e-mail channel: on or off, and the Jakarta hour of the daily digest. */
export const emailChannelInputSchema = z.object({
  enabled: z
    .enum(["true", "false", "on", "off"])
    .transform((value) => value === "true" || value === "on"),
  hour: z.coerce
    .number({ error: ALERT_TEXTS.badHour })
    .int(ALERT_TEXTS.badHour)
    .min(0, ALERT_TEXTS.badHour)
    .max(23, ALERT_TEXTS.badHour)
    .optional(),
});
export type EmailChannelInput = z.output<typeof emailChannelInputSchema>;
