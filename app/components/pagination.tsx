import { Link } from "react-router";
import { courseListHref, paginationSlots, type CourseFilters } from "../../core/course-filters";

const slotClass =
  "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";

export function Pagination({
  filters,
  page,
  pageCount,
}: {
  filters: CourseFilters;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) =>
    `${courseListHref({ ...filters, page: target })}#courses-section`;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          className={`${slotClass} border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900`}
          rel="prev"
        >
          Previous
        </Link>
      ) : null}
      {paginationSlots(page, pageCount).map((slot, index) =>
        slot === "ellipsis" ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : slot === page ? (
          <span
            key={slot}
            aria-current="page"
            className={`${slotClass} border-brand-600 bg-brand-600 text-white`}
          >
            {slot}
          </span>
        ) : (
          <Link
            key={slot}
            to={hrefFor(slot)}
            aria-label={`Page ${slot}`}
            className={`${slotClass} border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800`}
          >
            {slot}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link
          to={hrefFor(page + 1)}
          className={`${slotClass} border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900`}
          rel="next"
        >
          Next
        </Link>
      ) : null}
    </nav>
  );
}
