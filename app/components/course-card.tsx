import { formatIndonesianDate, formatJakartaTime } from "../../core/dates";
import type { PublicCourse } from "../../core/course";
import { formatCount, formatDuration, formatLevel, formatTimeLeft } from "../lib/course-facts";
import { TRUNCATE, truncate } from "../../core/text";
import { useCourseOpener } from "./course-opener";
import { FavouriteButton } from "./favourite-button";
import { StarRating } from "./star-rating";

export type CourseCardProps = {
  course: PublicCourse;
  /** Today's Jakarta day: a course found today gets the New! badge. */
  today: string;
  /** The server's "now", so the expiry countdown renders the same on server and client. */
  now: Date;
  /** The viewer opened this course before (Visited badge). */
  visited: boolean;
  /** No credits left — View Course becomes a disabled "Out of Credits". */
  outOfCredits: boolean;
  favourited: boolean;
};

export function CourseCard({
  course,
  today,
  now,
  visited,
  outOfCredits,
  favourited,
}: CourseCardProps) {
  const open = useCourseOpener();
  const timeLeft = formatTimeLeft(course.expiresAt, now);
  const checkedNote = course.checkedAt
    ? `Checked with Udemy at ${formatJakartaTime(new Date(course.checkedAt))}`
    : undefined;
  const facts = [
    course.instructor,
    course.language,
    formatLevel(course.level),
    formatDuration(course.durationMinutes),
  ].filter((fact): fact is string => Boolean(fact));
  const shortTitle = truncate(course.title, TRUNCATE.ariaTitle);

  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <span
            className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
            title={course.courseType}
          >
            {truncate(course.courseType, TRUNCATE.categoryLabel)}
          </span>
          {course.date === today && (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
              New!
            </span>
          )}
          {visited && (
            <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900 dark:text-violet-100">
              Visited
            </span>
          )}
        </div>
        <FavouriteButton courseId={course.id} title={course.title} initial={favourited} />
      </div>

      <h3 className="mt-3 text-base leading-snug font-semibold" title={course.title}>
        {truncate(course.title, TRUNCATE.cardTitle)}
      </h3>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={course.date}>{formatIndonesianDate(course.date)}</time>
      </p>
      <div className="mt-2">
        <StarRating rating={course.averageRating} count={course.reviewCount} />
      </div>

      {facts.length > 0 && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{facts.join(" · ")}</p>
      )}
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {course.udemyRating !== null && (
          <li>
            Udemy {course.udemyRating.toFixed(1)}★
            {course.udemyReviews !== null && ` (${formatCount(course.udemyReviews)})`}
          </li>
        )}
        {course.students !== null && <li>{formatCount(course.students)} students</li>}
        {course.usesRemaining !== null && (
          <li title={checkedNote}>{formatCount(course.usesRemaining)} uses left</li>
        )}
        {timeLeft && (
          <li title={checkedNote} className="font-medium text-amber-700 dark:text-amber-300">
            {timeLeft}
          </li>
        )}
      </ul>

      <div className="mt-auto pt-4">
        {outOfCredits ? (
          <button
            type="button"
            disabled
            className="block w-full cursor-not-allowed rounded-lg bg-slate-300 px-4 py-2 text-center text-sm font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
          >
            Out of Credits
          </button>
        ) : (
          <a
            href={`/go/${course.id}`}
            target="_blank"
            rel="nofollow noopener"
            onClick={(event) => open(event, course)}
            className="block rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
            aria-label={`View Course: ${shortTitle}`}
          >
            View Course
          </a>
        )}
      </div>
    </article>
  );
}
