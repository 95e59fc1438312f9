import {
  CERTIFICATE_OPTIONS,
  COURSE_LEVEL_OPTIONS,
  DURATION_OPTIONS,
  FILTER_PARAMS,
  formatHiddenList,
  MAX_HIDDEN_LIST_LENGTH,
  MIN_STUDENTS_OPTIONS,
  UDEMY_RATING_OPTIONS,
  UPDATED_OPTIONS,
  type CertificateOption,
  type CourseLevel,
  type DurationBand,
  type UpdatedWithin,
} from "../../core/course-filter-options";
import type { CourseFilters } from "../../core/course-filters";
import { formatCount } from "../../core/numbers";
import { filterButtonClass, filterFieldClass, filterSelects } from "./filter-fields";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

type Message = typeof m.filter_level_any;

const LEVEL_LABELS: Record<CourseLevel, Message> = {
  beginner: m.filter_level_beginner,
  intermediate: m.filter_level_intermediate,
  expert: m.filter_level_expert,
  all: m.filter_level_all,
};

const DURATION_LABELS: Record<DurationBand, Message> = {
  extraShort: m.filter_duration_extra_short,
  short: m.filter_duration_short,
  medium: m.filter_duration_medium,
  long: m.filter_duration_long,
  extraLong: m.filter_duration_extra_long,
};

const UPDATED_LABELS: Record<UpdatedWithin, Message> = {
  "1y": m.filter_updated_1y,
  "2y": m.filter_updated_2y,
};

const CERTIFICATE_LABELS: Record<CertificateOption, Message> = {
  yes: m.filter_certificate_yes,
  no: m.filter_certificate_no,
};

const labelClass = "text-xs font-medium text-slate-600 dark:text-slate-300";

/** The learners' filters beyond SPEC's, in the filter bar's GET form: open when one is in use. */
export function CourseMoreFilters({
  filters,
  onChange,
}: {
  filters: CourseFilters;
  onChange: () => void;
}) {
  const { t, locale, href } = useMessages();
  const anyLearnerFilter =
    filters.udemyRating !== "" ||
    filters.minStudents !== "" ||
    filters.level !== "" ||
    filters.duration !== "" ||
    filters.updated !== "" ||
    filters.certificate !== "" ||
    filters.hideWords.length + filters.hideInstructors.length > 0;
  const select = filterSelects<keyof typeof FILTER_PARAMS>({
    labelClassName: labelClass,
    onChange,
    paramOf: (field) => FILTER_PARAMS[field],
  });
  const listField = (name: "hideWords" | "hideInstructors", label: string, placeholder: string) => (
    <div className="col-span-2 flex min-w-0 flex-col gap-1">
      <label htmlFor={`course-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`course-${name}`}
        name={FILTER_PARAMS[name]}
        defaultValue={formatHiddenList(filters[name])}
        maxLength={MAX_HIDDEN_LIST_LENGTH}
        placeholder={placeholder}
        className={filterFieldClass}
      />
    </div>
  );

  return (
    <details open={anyLearnerFilter} className="col-span-2 md:col-span-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700 dark:text-brand-300">
        {t(m.filter_more)}
      </summary>
      <div className="mt-2 grid grid-cols-2 gap-x-2 gap-y-3 md:grid-cols-4 md:gap-3">
        {select("udemyRating", t(m.filter_udemy_rating), filters.udemyRating, [
          { value: "", label: t(m.filter_udemy_rating_any) },
          ...UDEMY_RATING_OPTIONS.map((rating) => ({
            value: rating,
            label: t(m.filter_udemy_rating_at_least, {
              rating: formatCount(Number(rating), locale, 1),
            }),
          })),
        ])}
        {select("minStudents", t(m.filter_students), filters.minStudents, [
          { value: "", label: t(m.filter_students_any) },
          ...MIN_STUDENTS_OPTIONS.map((count) => ({
            value: count,
            label: t(m.filter_students_at_least, { count: formatCount(Number(count), locale) }),
          })),
        ])}
        {select("level", t(m.filter_level), filters.level, [
          { value: "", label: t(m.filter_level_any) },
          ...COURSE_LEVEL_OPTIONS.map((level) => ({ value: level, label: t(LEVEL_LABELS[level]) })),
        ])}
        {select("duration", t(m.filter_duration), filters.duration, [
          { value: "", label: t(m.filter_duration_any) },
          ...DURATION_OPTIONS.map((band) => ({ value: band, label: t(DURATION_LABELS[band]) })),
        ])}
        {select("updated", t(m.filter_updated), filters.updated, [
          { value: "", label: t(m.filter_updated_any) },
          ...UPDATED_OPTIONS.map((within) => ({ value: within, label: t(UPDATED_LABELS[within]) })),
        ])}
        {select("certificate", t(m.filter_certificate), filters.certificate, [
          { value: "", label: t(m.filter_certificate_any) },
          ...CERTIFICATE_OPTIONS.map((option) => ({
            value: option,
            label: t(CERTIFICATE_LABELS[option]),
          })),
        ])}
        {listField("hideWords", t(m.filter_hide_words), t(m.filter_hide_words_placeholder))}
        {listField(
          "hideInstructors",
          t(m.filter_hide_instructors),
          t(m.filter_hide_instructors_placeholder),
        )}
        <div className="col-span-2 flex flex-wrap gap-2 md:col-span-4">
          {/* Without JavaScript a select cannot submit on its own; the text fields need a press. */}
          <button
            type="submit"
            className={`${filterButtonClass} bg-brand-600 text-white hover:bg-brand-700`}
          >
            {t(m.filter_apply)}
          </button>
          {/* Saves the two lists (cookie, and the account when signed in): a POST of the same form. */}
          <button
            type="submit"
            name="intent"
            value="save-exclusions"
            formMethod="post"
            formAction={`${href("/")}?index`}
            className={`${filterButtonClass} border border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800`}
          >
            {t(m.filter_hide_save)}
          </button>
        </div>
      </div>
    </details>
  );
}
