import { Suspense } from "react";
import type { PublicCourse } from "../../core/course";
import { courseListHref, type CourseFilters } from "../../core/course-filters";
import type { SearchSuggestion } from "../../core/search-words";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { CourseCard } from "./course-card";
import { EmptySearchSuggestions } from "./empty-search-suggestions";
import { Pagination } from "./pagination";

/** Cards in the first row at the widest layout (four columns): their images load at once. */
const FIRST_ROW_CARDS = 4;

/** The home page's course grid with its pages, or the empty state when nothing matched. */
export function CourseResults({
  page,
  courses,
  filters,
  filtersActive,
  searchSuggestions,
  loading,
  today,
  now,
  visited,
  favourites,
  outOfCredits,
}: {
  page: { page: number; pageCount: number };
  courses: PublicCourse[];
  filters: CourseFilters;
  filtersActive: boolean;
  searchSuggestions: SearchSuggestion[];
  loading: boolean;
  today: string;
  now: Date;
  visited: Set<number>;
  favourites: Set<number>;
  outOfCredits: boolean;
}) {
  const { t, href } = useMessages();
  return (
    <>
      {courses.length === 0 && (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          {filtersActive ? (
            <>
              <p className="text-lg font-semibold">{t(m.home_empty_filtered_title)}</p>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                {t(m.home_empty_filtered_hint)}
              </p>
              <a
                href={href("/#courses-section")}
                className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white"
              >
                {t(m.home_reset_navigation)}
              </a>
              <EmptySearchSuggestions suggestions={searchSuggestions} />
            </>
          ) : (
            <p className="text-lg font-semibold">{t(m.home_empty)}</p>
          )}
        </div>
      )}

      {courses.length > 0 && (
        <>
          <ul
            className={`mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${loading ? "opacity-60" : ""}`}
          >
            {courses.map((course, index) => (
              // Cards far below the screen skip layout and paint until scrolled near; 30rem is
              // about a card with its 16:9 image, so the scrollbar hardly moves when they render.
              <li key={course.id} className="render-when-near [--offscreen-height:30rem]">
                {/* Each card hydrates and commits on its own (a boundary per card), so no
                    single task of the page's start-up holds a phone's main thread for long. */}
                <Suspense fallback={null}>
                  <CourseCard
                    firstRow={index < FIRST_ROW_CARDS}
                    course={course}
                    today={today}
                    now={now}
                    visited={visited.has(course.id)}
                    outOfCredits={outOfCredits}
                    favourited={favourites.has(course.id)}
                  />
                </Suspense>
              </li>
            ))}
          </ul>
          <Pagination
            label={t(m.pagination_label)}
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(target) =>
              href(`${courseListHref({ ...filters, page: target })}#courses-section`)
            }
          />
        </>
      )}
    </>
  );
}
