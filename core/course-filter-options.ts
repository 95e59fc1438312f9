/**
 * The filters learners ask for beyond category, our own rating and the sort: each one's URL name,
 * its allowed values (the URL spelling), and what a value means for the list. The page's form,
 * the URL parser, the API's schema, the OpenAPI document and the SQL all read them from here.
 * Only listed values exist: anything else in a URL is dropped, so junk never makes a new page.
 */

/** Udemy's course languages (their English names, as the catalogue stores them). */
export const COURSE_LANGUAGES = [
  "English",
  "Indonesian",
  "Spanish",
  "Arabic",
  "French",
  "Hindi",
  "Portuguese",
  "German",
  "Japanese",
  "Turkish",
  "Italian",
  "Russian",
  "Chinese",
  "Simplified Chinese",
  "Traditional Chinese",
  "Korean",
  "Malay",
  "Vietnamese",
  "Thai",
  "Dutch",
  "Polish",
  "Urdu",
  "Bengali",
  "Tamil",
  "Telugu",
  "Malayalam",
  "Punjabi",
  "Marathi",
  "Romanian",
  "Greek",
  "Persian",
  "Hebrew",
  "Ukrainian",
  "Czech",
  "Hungarian",
  "Swedish",
  "Filipino",
] as const;

/** Minimum Udemy rating: "any" is the default (left out of the URL). */
export const UDEMY_RATING_OPTIONS = ["3.5", "4.0", "4.5"] as const;
export type UdemyRatingOption = (typeof UDEMY_RATING_OPTIONS)[number];

/** Minimum number of students on Udemy. */
export const MIN_STUDENTS_OPTIONS = ["1000", "10000", "50000", "100000"] as const;
export type MinStudentsOption = (typeof MIN_STUDENTS_OPTIONS)[number];

/** Udemy's levels, by the word in their name ("Beginner Level"); "all" is Udemy's "All Levels". */
export const COURSE_LEVELS = {
  beginner: "Beginner Level",
  intermediate: "Intermediate Level",
  expert: "Expert Level",
  all: "All Levels",
} as const;
export type CourseLevel = keyof typeof COURSE_LEVELS;
export const COURSE_LEVEL_OPTIONS = Object.keys(COURSE_LEVELS) as CourseLevel[];

/** Udemy's own length bands (its `duration` filter): minutes from (inclusive) to (exclusive). */
export const DURATION_BANDS = {
  extraShort: { fromMinutes: 0, toMinutes: 60 },
  short: { fromMinutes: 60, toMinutes: 180 },
  medium: { fromMinutes: 180, toMinutes: 360 },
  long: { fromMinutes: 360, toMinutes: 1020 },
  extraLong: { fromMinutes: 1020, toMinutes: null },
} as const;
export type DurationBand = keyof typeof DURATION_BANDS;
export const DURATION_OPTIONS = Object.keys(DURATION_BANDS) as DurationBand[];

/** Last updated on Udemy within this many years. */
export const UPDATED_WITHIN_YEARS = { "1y": 1, "2y": 2 } as const;
export type UpdatedWithin = keyof typeof UPDATED_WITHIN_YEARS;
export const UPDATED_OPTIONS = Object.keys(UPDATED_WITHIN_YEARS) as UpdatedWithin[];

/**
 * Udemy gives a certificate of completion for paid courses only: "yes" is a coupon for a paid
 * course, "no" a course that is always free.
 */
export const CERTIFICATE_OPTIONS = ["yes", "no"] as const;
export type CertificateOption = (typeof CERTIFICATE_OPTIONS)[number];

/** Exclusions: comma-separated in one field, so a GET form's text box can hold them. */
export const MAX_HIDDEN_ENTRIES = 20;
export const MAX_HIDDEN_ENTRY_LENGTH = 60;
export const HIDDEN_SEPARATOR = ",";
/** The longest a whole list may be: full entries, each with a separator and a space. */
export const MAX_HIDDEN_LIST_LENGTH = MAX_HIDDEN_ENTRIES * (MAX_HIDDEN_ENTRY_LENGTH + 2);

/**
 * The URL name of each filter (its default is always left out of the URL).
 */
export const FILTER_PARAMS = {
  language: "language",
  udemyRating: "udemyRating",
  minStudents: "minStudents",
  level: "level",
  duration: "duration",
  updated: "updated",
  certificate: "certificate",
  hideWords: "hideWords",
  hideInstructors: "hideInstructors",
} as const;

/** The allowed value with this spelling (any letter case), or null. */
export function pickOption<T extends string>(
  options: readonly T[],
  value: string | null | undefined,
): T | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === lower) ?? null;
}

/**
 * A list of words or instructor names to hide, or null when it cannot be one: more than
 * MAX_HIDDEN_ENTRIES entries, an entry longer than MAX_HIDDEN_ENTRY_LENGTH, or markup or control
 * characters (a name is text, never HTML). Blank entries and repeats are dropped.
 */
export function parseHiddenList(value: string | null | undefined): string[] | null {
  if (!value) return [];
  if (value.length > MAX_HIDDEN_LIST_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[<>\u0000-\u001f\u007f]/.test(value)) return null;
  const entries: string[] = [];
  for (const raw of value.split(HIDDEN_SEPARATOR)) {
    const entry = raw.trim().replace(/\s+/g, " ");
    if (entry === "") continue;
    if (entry.length > MAX_HIDDEN_ENTRY_LENGTH) return null;
    if (!entries.some((kept) => kept.toLowerCase() === entry.toLowerCase())) entries.push(entry);
    if (entries.length > MAX_HIDDEN_ENTRIES) return null;
  }
  return entries;
}

export function formatHiddenList(entries: readonly string[]): string {
  return entries.join(`${HIDDEN_SEPARATOR} `);
}
