import { canOpenCourse, isOutOfCredits } from "../../core/viewer";
import { TRUNCATE, truncate } from "../../core/text";
import { goHref, outOfCreditsNextStep } from "../lib/course-opening";
import { signInHref } from "../lib/sign-in-href";
import { useCourseOpener } from "./course-opener";
import { useLocation } from "react-router";
import { useViewer } from "./personal-layer";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * A course page's View Course, under the same rules as a card's: it goes through /go/:id (the
 * server spends the credit, or re-opens today's course for free) in a new tab, and it is a
 * disabled "Out of Credits" when the viewer has none left, except for a course they opened today.
 */
export function ViewCourseButton({ course }: { course: { id: number; title: string } }) {
  const { t, locale } = useMessages();
  const open = useCourseOpener();
  const viewer = useViewer();
  const blocked = isOutOfCredits(viewer) && !canOpenCourse(viewer, course.id);
  const button =
    "flex min-h-12 w-full items-center justify-center rounded-lg px-5 text-base font-semibold";
  if (blocked) {
    const nextStep = outOfCreditsNextStep(viewer, locale);
    return (
      <div>
        <button
          type="button"
          disabled
          data-toast-avoid=""
          className={`${button} cursor-not-allowed bg-slate-300 text-slate-700 dark:bg-slate-700 dark:text-slate-200`}
        >
          {t(m.out_of_credits)}
        </button>
        <OutOfCreditsNextStep nextStep={nextStep} className="text-sm" />
      </div>
    );
  }
  return (
    <a
      href={goHref(course.id, locale)}
      target="_blank"
      rel="nofollow noopener"
      onClick={(event) => open(event, course)}
      data-toast-avoid=""
      data-testid="course-page-view-course"
      aria-label={t(m.view_course_label, { title: truncate(course.title, TRUNCATE.ariaTitle) })}
      className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
    >
      {t(m.view_course)}
    </a>
  );
}

/**
 * Under a disabled "Out of Credits": what the learner can do about it. A visitor's line is a
 * plain link to the sign-in, which brings them back to this page.
 */
export function OutOfCreditsNextStep({
  nextStep,
  className,
}: {
  nextStep: ReturnType<typeof outOfCreditsNextStep>;
  className: string;
}) {
  const { t, href, locale } = useMessages();
  const location = useLocation();
  return (
    <p
      data-testid="out-of-credits-next-step"
      className={`mt-1 flex flex-wrap items-center justify-center gap-x-1 text-center text-slate-600 dark:text-slate-300 ${className}`}
    >
      {nextStep.offerSignIn ? (
        <a
          href={signInHref(locale, `${location.pathname}${location.search}`)}
          data-testid="out-of-credits-sign-in"
          className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline dark:text-brand-100"
        >
          {nextStep.text}
        </a>
      ) : (
        <span className="py-1">{nextStep.text}</span>
      )}
      {nextStep.offerRedeem && (
        <>
          <span aria-hidden="true">·</span>
          <a
            href={href("/#redeem-section")}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline dark:text-brand-100"
          >
            {t(m.out_of_credits_redeem)}
          </a>
        </>
      )}
    </p>
  );
}
