import { useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import {
  COURSE_SORT_LABELS,
  COURSE_SORTS,
  MAX_SEARCH_LENGTH,
  RATING_OPTIONS,
  hasActiveCourseFilters,
  type CourseFilters,
} from "../../core/course-filters";

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export type CourseFilterBarProps = {
  filters: CourseFilters;
  categories: string[];
  languages: string[];
};

/**
 * A plain GET form (works without JavaScript: press Enter or Search). With JavaScript, picking a
 * filter submits at once; a filter picked before hydration is replayed then (data-replay). The page number is not part of the form, so any change returns to
 * page 1; empty fields are dropped so the URL keeps SPEC's omissions.
 */
export function CourseFilterBar({ filters, categories, languages }: CourseFilterBarProps) {
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitForm = () => {
    if (formRef.current)
      submit(cleanFormData(formRef.current), {
        method: "get",
        action: "/",
        preventScrollReset: true,
      });
  };

  return (
    // Keyed by the query so fields show the URL's state after Back, Forward and Clear.
    <Form
      key={location.search}
      ref={formRef}
      method="get"
      action="/"
      role="search"
      aria-label="Search and filter courses"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        submitForm();
      }}
      className="grid gap-3 md:grid-cols-12"
    >
      <div className="flex gap-2 md:col-span-4">
        <label htmlFor="course-search" className="sr-only">
          Search courses
        </label>
        <input
          id="course-search"
          type="search"
          name="search"
          defaultValue={filters.search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Search courses..."
          className={fieldClass}
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Search
        </button>
      </div>
      <div className="md:col-span-2">
        <label htmlFor="course-type" className="sr-only">
          Category
        </label>
        <select
          id="course-type"
          name="type"
          data-replay="course-type"
          defaultValue={filters.type}
          onChange={submitForm}
          className={fieldClass}
        >
          <option value="">All Categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="md:col-span-2">
        <label htmlFor="course-rating" className="sr-only">
          Minimum rating
        </label>
        <select
          id="course-rating"
          name="rating"
          data-replay="course-rating"
          defaultValue={String(filters.rating)}
          onChange={submitForm}
          className={fieldClass}
        >
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="md:col-span-2">
        <label htmlFor="course-language" className="sr-only">
          Language
        </label>
        <select
          id="course-language"
          name="language"
          data-replay="course-language"
          defaultValue={filters.language}
          onChange={submitForm}
          className={fieldClass}
        >
          <option value="">All Languages</option>
          {languages.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2 md:col-span-2">
        <label htmlFor="course-sort" className="sr-only">
          Sort by
        </label>
        <select
          id="course-sort"
          name="sort"
          data-replay="course-sort"
          defaultValue={filters.sort}
          onChange={submitForm}
          className={fieldClass}
        >
          {COURSE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {COURSE_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        {hasActiveCourseFilters(filters) && (
          <Link
            to="/#courses-section"
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Drops empty and default values: page 1, All categories and rating 0 are left out of the URL. */
function cleanFormData(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text === "") continue;
    if (key === "rating" && text === "0") continue;
    if (key === "sort" && text === "newest") continue;
    params.set(key, text);
  }
  return params;
}
