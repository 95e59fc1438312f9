import { MAX_SEARCH_LENGTH } from "./course-filters";
import { z } from "./zod";
import { ALERT_CHANNELS, ALERT_TEXTS } from "./alert-texts";

/**
 * Alerts: watched courses, saved searches and the e-mail digest. The limits and the texts both
 * the API and a future dashboard tab use.
 */

// The limits, texts and channel names live without zod (alert-texts.ts): the dashboard needs them.
export {
  ALERT_CHANNELS,
  ALERT_TEXTS,
  DEFAULT_DIGEST_HOUR,
  MAX_SAVED_SEARCHES,
  MAX_WATCHED_COURSES,
  type AlertChannel,
} from "./alert-texts";

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
