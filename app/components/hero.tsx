import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PublicCourse } from "../../core/course";
import { courseListHref } from "../../core/course-filters";
import { TRUNCATE, truncate } from "../../core/text";
import { formatTimeLeft } from "../lib/course-facts";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { useCourseOpener } from "./course-opener";

export type HeroProps = {
  onOpenGuide: () => void;
  onOpenTrending: () => void;
  /** Listed courses whose coupon ends today, soonest first (public data: shared pages carry it). */
  endingToday: PublicCourse[];
  /** Shown instead when nothing ends today, so the desktop hero's second half is never empty. */
  categories: string[];
  /** The server's "now", so the countdowns render the same on server and client. */
  now: Date;
};

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold md:px-5 md:text-base";

/** A hero button that opens a dialog; a tap before hydration is replayed (data-replay). */
function OutlineButton(props: { replay: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      data-replay={props.replay}
      onClick={props.onClick}
      className={`${buttonClass} border border-white/60 hover:bg-white/10`}
    >
      {props.children}
    </button>
  );
}

/**
 * On a phone the hero stays short (the first course card must start within the first screen);
 * from lg up it has room beside the text, used for the courses that must be opened today.
 */
export function Hero({ onOpenGuide, onOpenTrending, endingToday, categories, now }: HeroProps) {
  const { t, href } = useMessages();
  return (
    <section
      id="hero"
      className="bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600 text-white"
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-5 md:py-14 lg:grid-cols-[3fr_2fr] lg:items-center lg:py-16">
        <div>
          <h1 className="max-w-3xl text-2xl font-extrabold tracking-tight md:text-5xl">
            {t(m.hero_title)}
          </h1>
          <p className="mt-2 max-w-2xl text-sm text-blue-50 md:mt-4 md:text-lg">
            {t(m.hero_intro)}{" "}
            <Link to={href("/articles")} className="font-semibold underline underline-offset-2">
              {t(m.hero_intro_link)}
            </Link>
            {t(m.hero_intro_end)}
          </p>
          <div className="mt-4 flex flex-wrap gap-2 md:mt-8 md:gap-3">
            <a
              href="#courses-section"
              className={`${buttonClass} bg-white text-brand-700 shadow hover:bg-blue-50`}
            >
              {t(m.hero_discover)}
            </a>
            <OutlineButton replay="open-ai-guide" onClick={onOpenGuide}>
              {t(m.hero_ai_guide)}
            </OutlineButton>
            <OutlineButton replay="open-trending" onClick={onOpenTrending}>
              {t(m.hero_trending)}
            </OutlineButton>
          </div>
        </div>
        {/* Left out on phones: there the course list itself must come first. */}
        <div className="hidden lg:block">
          {endingToday.length > 0 ? (
            <EndingToday courses={endingToday} now={now} />
          ) : (
            <CategoryShortcuts categories={categories} />
          )}
        </div>
      </div>
    </section>
  );
}

const panelClass = "rounded-2xl bg-white/10 p-5 ring-1 ring-white/20";

function EndingToday({ courses, now }: { courses: PublicCourse[]; now: Date }) {
  const open = useCourseOpener();
  const { t, locale } = useMessages();
  return (
    <section aria-labelledby="ending-today-heading" className={panelClass}>
      <h2 id="ending-today-heading" className="text-lg font-bold">
        {t(m.hero_ending_today)}
      </h2>
      <p className="text-sm text-blue-50">{t(m.hero_ending_today_note)}</p>
      <ul className="mt-3 divide-y divide-white/20">
        {courses.map((course) => (
          <li key={course.id}>
            <a
              href={`/go/${course.id}`}
              target="_blank"
              rel="nofollow noopener"
              onClick={(event) => open(event, course)}
              title={course.title}
              className="flex min-h-11 flex-col justify-center rounded-md px-2 py-2 hover:bg-white/10"
            >
              <span className="font-semibold">{truncate(course.title, TRUNCATE.cardTitle)}</span>
              <span className="text-sm text-amber-200">
                {formatTimeLeft(course.expiresAt, now, locale) ?? t(m.hero_ends_today)} ·{" "}
                {course.courseType}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nothing ends today: a way into the list by topic instead of an empty half. */
function CategoryShortcuts({ categories }: { categories: string[] }) {
  const { t, href } = useMessages();
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="hero-categories-heading" className={panelClass}>
      <h2 id="hero-categories-heading" className="text-lg font-bold">
        {t(m.hero_browse_categories)}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {categories.slice(0, 8).map((category) => (
          <li key={category}>
            <Link
              to={href(`${courseListHref({ type: category })}#courses-section`)}
              className="inline-flex min-h-11 items-center rounded-full bg-white/15 px-4 text-sm font-semibold hover:bg-white/25"
            >
              {category}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
