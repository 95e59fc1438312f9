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
      <FilterSelect
        id="course-type"
        name="type"
        label="Category"
        value={filters.type}
        options={[
          { value: "", label: "All Categories" },
          ...categories.map((category) => ({ value: category, label: category })),
        ]}
        onChange={submitForm}
      />
      <FilterSelect
        id="course-rating"
        name="rating"
        label="Minimum rating"
        value={String(filters.rating)}
        options={RATING_OPTIONS.map((option) => ({
          value: String(option.value),
          label: option.label,
        }))}
        onChange={submitForm}
      />
      <FilterSelect
        id="course-language"
        name="language"
        label="Language"
        value={filters.language}
        options={[
          { value: "", label: "All Languages" },
          ...languages.map((language) => ({ value: language, label: language })),
        ]}
        onChange={submitForm}
      />
      <div className="flex gap-2 md:col-span-2">
        <FilterSelect
          id="course-sort"
          name="sort"
          label="Sort by"
          value={filters.sort}
          options={COURSE_SORTS.map((sort) => ({ value: sort, label: COURSE_SORT_LABELS[sort] }))}
          onChange={submitForm}
          bare
        />
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

type FilterSelectProps = {
  id: string;
  name: string;
  /** Read by screen readers; the options say what the select is for at a glance. */
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: () => void;
  /** Without its own grid cell (placed inside a cell shared with another control). */
  bare?: boolean;
};

/** One filter of the bar: submits on change, and a change made before hydration is replayed. */
function FilterSelect({ id, name, label, value, options, onChange, bare }: FilterSelectProps) {
  const control = (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        name={name}
        data-replay={id}
        defaultValue={value}
        onChange={onChange}
        className={fieldClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
  return bare ? control : <div className="md:col-span-2">{control}</div>;
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
