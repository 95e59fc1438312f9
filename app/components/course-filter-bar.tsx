import { useEffect, useRef, useState } from "react";
import { Link, useSubmit } from "react-router";
import {
  COURSE_SORTS,
  MAX_SEARCH_LENGTH,
  RATING_OPTIONS,
  hasActiveCourseFilters,
  type CourseFilters,
  type CourseSort,
} from "../../core/course-filters";
import type { Locale } from "../../core/locale";
import { taxonomyName } from "../../core/taxonomy-names";
import { CourseMoreFilters } from "./course-more-filters";
import {
  filledFormParams,
  filterSelects,
  filterButtonClass,
  filterFieldClass,
  SearchForm,
  SearchInput,
} from "./filter-fields";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** Shown above a select in the phone panel, hidden on wider screens (the select names itself). */
const filterLabelClass = "text-xs font-medium text-slate-600 md:sr-only dark:text-slate-300";

/** The sort orders' names (English as core/course-filters.ts words them). */
const SORT_LABELS: Record<CourseSort, typeof m.sort_newest> = {
  newest: m.sort_newest,
  best: m.sort_best,
  rating: m.sort_rating,
  students: m.sort_students,
  expiring: m.sort_expiring,
};

/** "All …" (no filter) first, then each category or language in the visitor's language. */
function taxonomyOptions(allLabel: string, values: string[], locale: Locale) {
  return [
    { value: "", label: allLabel },
    ...values.map((value) => ({ value, label: taxonomyName(value, locale) })),
  ];
}

/** "Any Rating", "5 Stars Only", "4 Stars & Up" … "1 Star & Up". */
function ratingLabel(stars: number, locale: Locale): string {
  if (stars === 0) return m.filter_rating_any({}, { locale });
  if (stars === 5) return m.filter_rating_only_five({}, { locale });
  const label = byCount(stars, m.filter_rating_at_least_one, m.filter_rating_at_least_other);
  return label({ stars }, { locale });
}

export type CourseFilterBarProps = {
  filters: CourseFilters;
  categories: string[];
  languages: string[];
};

/**
 * A plain GET form (works without JavaScript: press Enter, Search or Apply filters). With
 * JavaScript, picking a filter submits at once; a filter picked before hydration is replayed then
 * (data-replay). The page number is not part of the form, so any change returns to page 1; empty
 * fields are dropped so the URL keeps SPEC's omissions.
 *
 * On a phone the four selects sit in a native <details> behind one "Filter" button, so the first
 * course starts within the first screen, and a tap on it before hydration still opens the panel.
 * From md up the panel's content is always shown and the button hidden (where the browser can
 * style a closed <details>; elsewhere the button stays, so the filters stay reachable).
 */
export function CourseFilterBar({ filters, categories, languages }: CourseFilterBarProps) {
  const { t, href, locale } = useMessages();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDetailsElement>(null);
  // Held outside the keyed form, so the panel stays open while its filters are being changed.
  const [panelOpen, setPanelOpen] = useState(false);
  useEffect(() => {
    // Opened natively before hydration: adopt it rather than close it at the next render.
    if (panelRef.current?.open) setPanelOpen(true);
  }, []);
  const submitForm = () => {
    if (formRef.current)
      submit(cleanFormData(formRef.current), {
        method: "get",
        action: href("/"),
        preventScrollReset: true,
      });
  };
  const activeCount = countActiveFilters(filters);
  // submitForm reads the form's ref when a select changes (an event), never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const select = filterSelects<"type" | "rating" | "language" | "sort">({
    labelClassName: filterLabelClass,
    onChange: submitForm,
  });

  return (
    <SearchForm
      action={href("/")}
      label={t(m.filter_form_label)}
      formRef={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        // "Remember exclusions" posts the form (its own method and action) instead of listing.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter instanceof HTMLButtonElement && submitter.name === "intent")
          void submit(submitter, { preventScrollReset: true });
        else submitForm();
      }}
      className="grid gap-2 md:grid-cols-12 md:gap-3"
    >
      <div className="flex gap-2 md:col-span-4 md:self-start">
        <SearchInput
          id="course-search"
          name="search"
          label={t(m.filter_search_label)}
          value={filters.search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t(m.filter_search_placeholder)}
          className={`${filterFieldClass} min-w-0`}
        />
        <button
          type="submit"
          className={`${filterButtonClass} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {t(m.filter_search_button)}
        </button>
        {hasActiveCourseFilters(filters) && (
          <Link
            to={href("/#courses-section")}
            className={`${filterButtonClass} border border-slate-300 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800`}
          >
            {t(m.filter_clear)}
          </Link>
        )}
      </div>
      <details
        ref={panelRef}
        open={panelOpen}
        onToggle={(event) => setPanelOpen(event.currentTarget.open)}
        className="group md:col-span-8 md:details-content:[content-visibility:visible]"
      >
        <summary
          className={`${filterButtonClass} w-full cursor-pointer list-none gap-2 border border-slate-300 bg-white hover:bg-slate-100 md:supports-[selector(::details-content)]:hidden dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden`}
        >
          <FilterIcon />
          {t(m.filter_toggle)}
          {activeCount > 0 && (
            <span className="rounded-full bg-brand-600 px-2 text-xs leading-5 text-white">
              {activeCount}
              <span className="sr-only">{t(m.filter_active)}</span>
            </span>
          )}
          <span aria-hidden="true" className="ml-auto transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-x-2 gap-y-3 md:mt-0 md:grid-cols-4 md:gap-3">
          {select(
            "type",
            t(m.filter_category),
            filters.type,
            taxonomyOptions(t(m.filter_all_categories), categories, locale),
          )}
          {select(
            "rating",
            t(m.filter_min_rating),
            String(filters.rating),
            RATING_OPTIONS.map((option) => ({
              value: String(option.value),
              label: ratingLabel(option.value, locale),
            })),
          )}
          {select(
            "language",
            t(m.filter_language),
            filters.language,
            taxonomyOptions(t(m.filter_all_languages), languages, locale),
          )}
          {select(
            "sort",
            t(m.filter_sort),
            filters.sort,
            COURSE_SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) })),
          )}
          <CourseMoreFilters filters={filters} onChange={submitForm} />
          {/* Without JavaScript a select cannot submit on its own; with it, this is a no-op. */}
          <button
            type="submit"
            className={`${filterButtonClass} col-span-2 bg-brand-600 text-white hover:bg-brand-700 md:hidden`}
          >
            {t(m.filter_apply)}
          </button>
        </div>
      </details>
    </SearchForm>
  );
}

function FilterIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

/** Filters that narrow the list (the sort order counts too: it is a choice made in the panel). */
function countActiveFilters(filters: CourseFilters): number {
  return [
    filters.type !== "",
    filters.rating > 0,
    filters.language !== "",
    filters.sort !== "newest",
    filters.udemyRating !== "",
    filters.minStudents !== "",
    filters.level !== "",
    filters.duration !== "",
    filters.updated !== "",
    filters.certificate !== "",
    filters.hideWords.length > 0,
    filters.hideInstructors.length > 0,
  ].filter(Boolean).length;
}

/** Drops empty and default values: page 1, All categories and rating 0 are left out of the URL. */
function cleanFormData(form: HTMLFormElement): URLSearchParams {
  return filledFormParams(
    form,
    (key, text) =>
      (key === "rating" && text === "0") ||
      (key === "sort" && text === "newest") ||
      key === "intent",
  );
}
