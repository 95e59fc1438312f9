import { localizedHref, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { formatCount } from "../lib/course-facts";
import { taxonomyName } from "../../core/taxonomy-names";
import { goHref } from "../lib/course-opening";
import { rich } from "./rich-text";
import { WatchButton } from "./watch-button";

export type EndedCourse = {
  id: number;
  title: string;
  category: string;
  usesRemaining?: number | null;
};

/**
 * Where a learner lands instead of Udemy when the coupon died since the list was shown: it says
 * nothing was spent and offers live courses of the same category, each opened the usual way.
 */
export function CouponEndedPage({
  course,
  alternatives,
  signedIn,
  locale,
}: {
  course: EndedCourse;
  alternatives: EndedCourse[];
  /** A signed-in learner can watch the course for its next free coupon from here. */
  signedIn: boolean;
  /** /go has one address: the page's language comes from the loader, not the address. */
  locale: Locale;
}) {
  const t = <Inputs,>(
    message: (inputs: Inputs, options: { locale: Locale }) => string,
    inputs: Inputs,
  ) => message(inputs, { locale });
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold">{t(m.writing_go_ended_title, {})}</h1>
      <p className="mt-4 text-center text-slate-700 dark:text-slate-200">
        {/* The title goes in by the tag, never into the message: a title may hold "<b>". */}
        {rich(t(m.writing_go_ended_text, {}), {
          b: () => <strong data-testid="ended-course-title">{course.title}</strong>,
        })}
      </p>
      {signedIn && (
        <p className="mt-4 text-center">
          <WatchButton courseId={course.id} />
        </p>
      )}
      {alternatives.length > 0 ? (
        <>
          <h2 className="mt-10 text-lg font-semibold">
            {t(m.writing_go_ended_alternatives, {
              category: taxonomyName(course.category, locale),
            })}
          </h2>
          <ul
            className="mt-3 divide-y divide-slate-200 dark:divide-slate-700"
            data-testid="ended-alternatives"
          >
            {alternatives.map((alternative) => (
              <li key={alternative.id} className="flex items-center justify-between gap-4 py-3">
                <span>
                  <span className="font-medium">{alternative.title}</span>
                  {alternative.usesRemaining != null && (
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {t(m.card_uses_left, {
                        count: formatCount(alternative.usesRemaining, locale),
                      })}
                    </span>
                  )}
                </span>
                <a
                  href={goHref(alternative.id, locale)}
                  rel="nofollow"
                  className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
                  aria-label={t(m.view_course_label, { title: alternative.title })}
                >
                  {t(m.view_course, {})}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-10 text-center">
        <a
          href={localizedHref(locale, "/")}
          className="inline-flex min-h-11 items-center text-brand-600 underline dark:text-brand-100"
        >
          {t(m.error_back_to_courses, {})}
        </a>
      </p>
    </section>
  );
}
