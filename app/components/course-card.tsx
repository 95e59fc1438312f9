import { Link } from "react-router";
import { formatIndonesianDate, formatJakartaTime } from "../../core/dates";
import { formatRating } from "../../core/numbers";
import { taxonomyName } from "../../core/taxonomy-names";
import type { PublicCourse } from "../../core/course";
import { courseBadge, type CourseBadge } from "../../core/course-badge";
import { coursePath } from "../../core/course-paths";
import { formatCount, formatDuration, formatLevel, formatTimeLeft } from "../lib/course-facts";
import { TRUNCATE, truncate } from "../../core/text";
import { canOpenCourse } from "../../core/viewer";
import { outOfCreditsNextStep } from "../lib/course-opening";
import { useCourseOpener } from "./course-opener";
import { CourseImage } from "./course-image";
import { FavouriteButton } from "./favourite-button";
import { OwnCourseButton } from "./claim-forms";
import { StarRating } from "./star-rating";
import { TimeAgo } from "./time-ago";
import { useViewer } from "./personal-layer";
import { OutOfCreditsNextStep } from "./view-course-button";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

export type CourseCardProps = {
  course: PublicCourse;
  /** Today's Jakarta day: a course found today gets the New! badge. */
  today: string;
  /** The server's "now", so the expiry countdown renders the same on server and client. */
  now: Date;
  /** The viewer opened this course before (Visited badge). */
  visited: boolean;
  /**
   * No credits left — View Course becomes a disabled "Out of Credits", except on a course the
   * viewer opened today: the server re-opens it for free, so the card keeps it openable.
   */
  outOfCredits: boolean;
  favourited: boolean;
  /** The card is in the list's first row: its image is fetched at once, with high priority. */
  firstRow?: boolean;
};

/** The quality badge's words and colours: warnings amber, praise green. */
function qualityBadge(badge: CourseBadge, t: ReturnType<typeof useMessages>["t"]) {
  const praise = "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-100";
  const warning = "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100";
  switch (badge.kind) {
    case "practiceTests":
      return { text: t(m.card_badge_practice_tests), tone: warning };
    case "outdated":
      return { text: t(m.card_badge_outdated, { year: String(badge.year) }), tone: warning };
    case "topRated":
      return { text: t(m.card_badge_top_rated), tone: praise };
    case "popular":
      return { text: t(m.card_badge_popular), tone: praise };
    case "updatedThisYear":
      return { text: t(m.card_badge_updated_this_year), tone: praise };
  }
}

/** The image's rendered width: a thumbnail beside the title on phones, the card's width from sm. */
const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 290px, (min-width: 1024px) 300px, (min-width: 640px) 45vw, 112px";

export function CourseCard({
  course,
  today,
  now,
  visited,
  outOfCredits,
  favourited,
  firstRow = false,
}: CourseCardProps) {
  const { t, href, locale } = useMessages();
  const open = useCourseOpener();
  const viewer = useViewer();
  const blocked = outOfCredits && !canOpenCourse(viewer, course.id);
  const timeLeft = formatTimeLeft(course.expiresAt, now, locale);
  const checkedNote = course.checkedAt
    ? t(m.card_checked, { time: formatJakartaTime(new Date(course.checkedAt)) })
    : undefined;
  const facts = [
    course.instructor,
    course.language && taxonomyName(course.language, locale),
    formatLevel(course.level, locale),
    formatDuration(course.durationMinutes, locale),
  ].filter((fact): fact is string => Boolean(fact));
  const shortTitle = truncate(course.title, TRUNCATE.ariaTitle);
  const category = taxonomyName(course.courseType, locale);
  const badge = courseBadge(course, today);
  const quality = badge && qualityBadge(badge, t);

  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {/* One line of badges on every card, so titles start at the same height across a row. */}
      <div className="flex min-h-7 items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1.5">
          <span
            className="min-w-0 truncate rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
            title={category}
          >
            {truncate(category, TRUNCATE.categoryLabel)}
          </span>
          {course.date === today && (
            <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
              {t(m.card_new)}
            </span>
          )}
          {visited && (
            <span className="shrink-0 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900 dark:text-violet-100">
              {t(m.card_visited)}
            </span>
          )}
        </div>
        {/* A 44 px tap target; the negative margins keep the badge line as low as the badges. */}
        <FavouriteButton
          courseId={course.id}
          title={course.title}
          initial={favourited}
          className="-my-2 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center"
        />
      </div>

      {/* On phones a thumbnail beside the title keeps the first card's title on the first screen. */}
      <div className="mt-3 flex items-start gap-3 sm:flex-col sm:gap-0">
        <CourseImage
          course={course}
          width={480}
          height={270}
          sizes={CARD_IMAGE_SIZES}
          priority={firstRow}
          className="w-28 shrink-0 rounded-lg sm:mb-3 sm:w-full"
        />
        <div className="min-w-0">
          <h3 className="text-base leading-snug font-semibold" title={course.title}>
            {/* The title opens the course page; View Course below still opens the course. */}
            <Link
              to={href(coursePath(course.slug))}
              className="block min-h-11 hover:text-brand-700 hover:underline dark:hover:text-brand-100"
            >
              {truncate(course.title, TRUNCATE.cardTitle)}
            </Link>
          </h3>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t(m.card_added)}{" "}
            <time dateTime={course.date}>{formatIndonesianDate(course.date)}</time>
          </p>
        </div>
      </div>
      {/* Udemy's own numbers first: on a day when every card is New! and unreviewed here, they
          are what tells one course from the next. */}
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {/* The quality badge leads Udemy's numbers it sums up; in the badge line above it cut the
            category and itself short on a four-column row. */}
        {quality && (
          <li>
            <span
              className={`rounded-full px-2 py-0.5 font-semibold ${quality.tone}`}
              data-testid="quality-badge"
            >
              {quality.text}
            </span>
          </li>
        )}
        {course.udemyRating !== null && (
          <li>
            Udemy {formatRating(course.udemyRating, locale)}★
            {course.udemyReviews !== null && ` (${formatCount(course.udemyReviews, locale)})`}
          </li>
        )}
        {course.students !== null && (
          <li>{t(m.card_students, { count: formatCount(course.students, locale) })}</li>
        )}
        {course.usesRemaining !== null && (
          <li title={checkedNote}>
            {t(m.card_uses_left, { count: formatCount(course.usesRemaining, locale) })}
          </li>
        )}
        {timeLeft && (
          <li title={checkedNote} className="font-medium text-amber-700 dark:text-amber-300">
            {timeLeft}
          </li>
        )}
        {course.checkedAt && (
          <li className="text-emerald-700 dark:text-emerald-300">
            <TimeAgo
              at={course.checkedAt}
              serverNow={now.toISOString()}
              words={(ago) => t(m.coupon_confirmed, { ago })}
              title={checkedNote}
              testId="card-confirmed"
            />
          </li>
        )}
      </ul>
      <div className="mt-2">
        <StarRating rating={course.averageRating} count={course.reviewCount} />
      </div>

      {facts.length > 0 && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{facts.join(" · ")}</p>
      )}

      <div className="mt-auto pt-4">
        {blocked ? (
          <OutOfCredits nextStep={outOfCreditsNextStep(viewer, locale)} />
        ) : (
          <a
            href={`/go/${course.id}`}
            target="_blank"
            rel="nofollow noopener"
            onClick={(event) => open(event, course)}
            data-toast-avoid=""
            className="flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
            aria-label={t(m.view_course_label, { title: shortTitle })}
          >
            {t(m.view_course)}
          </a>
        )}
        {/* Signed in only: the course joins their claimed courses and leaves their lists. */}
        <OwnCourseButton
          courseId={course.id}
          title={course.title}
          className="mt-2 flex justify-center"
        />
      </div>
    </article>
  );
}

/** The disabled button, and under it what the learner can do about it. */
function OutOfCredits({ nextStep }: { nextStep: ReturnType<typeof outOfCreditsNextStep> }) {
  const { t } = useMessages();
  return (
    <>
      <button
        type="button"
        disabled
        data-toast-avoid=""
        className="block min-h-11 w-full cursor-not-allowed rounded-lg bg-slate-300 px-4 py-2 text-center text-sm font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
      >
        {t(m.out_of_credits)}
      </button>
      <OutOfCreditsNextStep nextStep={nextStep} className="text-xs" />
    </>
  );
}
