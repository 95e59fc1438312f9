import {
  CERTIFICATE_OPTIONS,
  COURSE_LANGUAGES,
  COURSE_LEVEL_OPTIONS,
  DURATION_OPTIONS,
  FILTER_PARAMS,
  formatHiddenList,
  MIN_STUDENTS_OPTIONS,
  parseHiddenList,
  pickOption,
  UDEMY_RATING_OPTIONS,
  UPDATED_OPTIONS,
  type CertificateOption,
  type CourseLevel,
  type DurationBand,
  type MinStudentsOption,
  type UdemyRatingOption,
  type UpdatedWithin,
} from "./course-filter-options";
import { SHOW_CLAIMED_PARAM, SHOW_CLAIMED_VALUE } from "./claims";

/** Home-page state as kept in the query string, plus the learners' filters and the sort. */
export const COURSE_SORTS = ["newest", "best", "rating", "students", "expiring"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const COURSE_SORT_LABELS: Record<CourseSort, string> = {
  newest: "Newest",
  /** By the quality score (core/quality-score.ts). */
  best: "Best first",
  rating: "Udemy rating",
  students: "Most students",
  expiring: "Expiring soon",
};

export const RATING_OPTIONS = [
  { value: 0, label: "Any Rating" },
  { value: 5, label: "5 Stars Only" },
  { value: 4, label: "4 Stars & Up" },
  { value: 3, label: "3 Stars & Up" },
  { value: 2, label: "2 Stars & Up" },
  { value: 1, label: "1 Star & Up" },
] as const;

export const COURSES_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;

export type CourseFilters = {
  search: string;
  /** Course category; empty means All. */
  type: string;
  /** Minimum average rating from our reviews, 0 (any) to 5. */
  rating: number;
  page: number;
  /** One of COURSE_LANGUAGES; empty means every language. */
  language: string;
  sort: CourseSort;
  /** The learners' filters (core/course-filter-options.ts); empty means any. */
  udemyRating: UdemyRatingOption | "";
  minStudents: MinStudentsOption | "";
  level: CourseLevel | "";
  duration: DurationBand | "";
  updated: UpdatedWithin | "";
  certificate: CertificateOption | "";
  /** Courses whose title has one of these words, or by one of these instructors, are hidden. */
  hideWords: string[];
  hideInstructors: string[];
  /**
   * A signed-in learner sees the courses they already claimed too (`claimed=show`); by default
   * their lists hide them (core/claims.ts). Means nothing to a visitor.
   */
  showClaimed: boolean;
};

export const DEFAULT_COURSE_FILTERS: CourseFilters = {
  search: "",
  type: "",
  rating: 0,
  page: 1,
  language: "",
  sort: "newest",
  udemyRating: "",
  minStudents: "",
  level: "",
  duration: "",
  updated: "",
  certificate: "",
  hideWords: [],
  hideInstructors: [],
  showClaimed: false,
};

/** Control characters are dropped (PostgreSQL cannot even store a NUL byte). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function cleanText(value: string | null, max: number): string {
  return (value ?? "").replace(CONTROL_CHARACTERS, "").trim().slice(0, max);
}

/** A whole number within bounds, read as `Number()` reads it ("" is 0), else the fallback. */
function wholeNumberIn(value: string | null, min: number, max: number, fallback: number): number {
  const number = Number(value ?? fallback);
  return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
}

function isCourseSort(value: string | null): value is CourseSort {
  return (COURSE_SORTS as readonly string[]).includes(value ?? "");
}

/**
 * A hand-edited or stale URL must still show a page, so every field falls back to its default
 * instead of failing the request. Written out rather than with zod: this module is in every
 * page's JavaScript, and zod alone would add 26 kB gzip to it.
 */
export function parseCourseFilters(params: URLSearchParams): CourseFilters {
  const type = cleanText(params.get("type"), 80);
  const sort = params.get("sort");
  return {
    search: cleanText(params.get("search"), MAX_SEARCH_LENGTH),
    type: type.toLowerCase() === "all" ? "" : type,
    rating: wholeNumberIn(params.get("rating"), 0, 5, 0),
    page: wholeNumberIn(params.get("page"), 1, 100_000, 1),
    language: pickOption(COURSE_LANGUAGES, cleanText(params.get(FILTER_PARAMS.language), 40)) ?? "",
    sort: isCourseSort(sort) ? sort : "newest",
    showClaimed: params.get(SHOW_CLAIMED_PARAM) === SHOW_CLAIMED_VALUE,
    ...parseLearnerFilters(params),
  };
}

type LearnerFilters = Omit<
  CourseFilters,
  "search" | "type" | "rating" | "page" | "language" | "sort" | "showClaimed"
>;

/** An unknown value, or a list that cannot be one, is dropped (the list is shown without it). */
function parseLearnerFilters(params: URLSearchParams): LearnerFilters {
  const read = (name: keyof typeof FILTER_PARAMS) => params.get(FILTER_PARAMS[name]);
  return {
    udemyRating: pickOption(UDEMY_RATING_OPTIONS, normalRating(read("udemyRating"))) ?? "",
    minStudents: pickOption(MIN_STUDENTS_OPTIONS, read("minStudents")) ?? "",
    level: pickOption(COURSE_LEVEL_OPTIONS, read("level")) ?? "",
    duration: pickOption(DURATION_OPTIONS, read("duration")) ?? "",
    updated: pickOption(UPDATED_OPTIONS, read("updated")) ?? "",
    certificate: pickOption(CERTIFICATE_OPTIONS, read("certificate")) ?? "",
    hideWords: parseHiddenList(read("hideWords")) ?? [],
    hideInstructors: parseHiddenList(read("hideInstructors")) ?? [],
  };
}

/** "4" and "4.0" are one rating (one address). */
function normalRating(value: string | null): string | null {
  const number = Number(value);
  return value && Number.isFinite(number) ? number.toFixed(1) : null;
}

/**
 * Which of the learners' filters in a query are not allowed values, by URL name: the API refuses
 * them (400) while a page just leaves them out.
 */
export function invalidCourseFilterParams(params: URLSearchParams): string[] {
  const parsed = parseLearnerFilters(params);
  const invalid: string[] = [];
  const language = params.get(FILTER_PARAMS.language);
  if (language && language.trim() !== "" && !pickOption(COURSE_LANGUAGES, language))
    invalid.push(FILTER_PARAMS.language);
  for (const name of Object.keys(parsed) as Array<keyof LearnerFilters>) {
    const given = params.get(FILTER_PARAMS[name]);
    if (given === null || given.trim() === "") continue;
    const value = parsed[name];
    if (Array.isArray(value) ? parseHiddenList(given) === null : value === "")
      invalid.push(FILTER_PARAMS[name]);
  }
  return invalid;
}

const SINGLE_CHOICE_FILTERS = [
  "udemyRating",
  "minStudents",
  "level",
  "duration",
  "updated",
  "certificate",
] as const;
const LIST_FILTERS = ["hideWords", "hideInstructors"] as const;

/** Page omitted when 1, type omitted when All, rating omitted when 0 (and so on). */
export function toCourseSearchParams(filters: Partial<CourseFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const merged = { ...DEFAULT_COURSE_FILTERS, ...filters };
  if (merged.search.trim() !== "") params.set("search", merged.search.trim());
  if (merged.type !== "") params.set("type", merged.type);
  if (merged.rating > 0) params.set("rating", String(merged.rating));
  if (merged.language !== "") params.set(FILTER_PARAMS.language, merged.language);
  for (const name of SINGLE_CHOICE_FILTERS)
    if (merged[name] !== "") params.set(FILTER_PARAMS[name], merged[name]);
  for (const name of LIST_FILTERS)
    if (merged[name].length > 0) params.set(FILTER_PARAMS[name], formatHiddenList(merged[name]));
  if (merged.sort !== "newest") params.set("sort", merged.sort);
  if (merged.showClaimed) params.set(SHOW_CLAIMED_PARAM, SHOW_CLAIMED_VALUE);
  if (merged.page > 1) params.set("page", String(merged.page));
  return params;
}

export function courseListHref(filters: Partial<CourseFilters>): string {
  const query = toCourseSearchParams(filters).toString();
  return query === "" ? "/" : `/?${query}`;
}

/**
 * A filter or search is active: the Clear button shows and the empty state offers a reset.
 * The sort order is not a filter: it never hides a course.
 */
export function hasActiveCourseFilters(filters: CourseFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.type !== "" ||
    filters.rating > 0 ||
    filters.language !== "" ||
    SINGLE_CHOICE_FILTERS.some((name) => filters[name] !== "") ||
    LIST_FILTERS.some((name) => filters[name].length > 0)
  );
}
