/** Home-page state as kept in the query string, plus our language filter and sort. */
export const COURSE_SORTS = ["newest", "rating", "students", "expiring"] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const COURSE_SORT_LABELS: Record<CourseSort, string> = {
  newest: "Newest",
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
  language: string;
  sort: CourseSort;
};

export const DEFAULT_COURSE_FILTERS: CourseFilters = {
  search: "",
  type: "",
  rating: 0,
  page: 1,
  language: "",
  sort: "newest",
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
    language: cleanText(params.get("language"), 40),
    sort: isCourseSort(sort) ? sort : "newest",
  };
}

/** Page omitted when 1, type omitted when All, rating omitted when 0 (and so on). */
export function toCourseSearchParams(filters: Partial<CourseFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const merged = { ...DEFAULT_COURSE_FILTERS, ...filters };
  if (merged.search.trim() !== "") params.set("search", merged.search.trim());
  if (merged.type !== "") params.set("type", merged.type);
  if (merged.rating > 0) params.set("rating", String(merged.rating));
  if (merged.language !== "") params.set("language", merged.language);
  if (merged.sort !== "newest") params.set("sort", merged.sort);
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
    filters.language !== ""
  );
}
