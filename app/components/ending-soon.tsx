import { Link } from "react-router";
import { ENDING_SOON_FEWER_USES_THAN, ENDING_SOON_WITHIN_HOURS } from "../../core/alert-texts";
import { coursePath } from "../../core/course-paths";
import { formatJakartaDayAndTime } from "../../core/dates";
import { formatCount } from "../../core/numbers";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";

export type EndingSoonItem = {
  courseId: number;
  slug: string;
  title: string;
  expiresAt: string | null;
  usesRemaining: number | null;
};

/**
 * The top of the dashboard: the learner's favourites and watched courses whose coupon is about
 * to end, each linking to its page with when it ends and how many uses are left. Plain links
 * and text (no script of its own), so the dashboard ships nothing more for it.
 */
export function EndingSoon({ courses }: { courses: EndingSoonItem[] }) {
  const { t, href, locale } = useMessages();
  if (courses.length === 0) return null;
  return (
    <section
      aria-labelledby="ending-soon-heading"
      data-testid="ending-soon"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-900"
    >
      <h2 id="ending-soon-heading" className="text-lg font-semibold">
        {t(m.alerts_ending_soon)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {t(m.alerts_ending_soon_intro, {
          hours: ENDING_SOON_WITHIN_HOURS,
          uses: ENDING_SOON_FEWER_USES_THAN,
        })}
      </p>
      <ul className="mt-2 divide-y divide-amber-200 dark:divide-slate-800">
        {courses.map((course) => (
          <li key={course.courseId} className="py-2">
            <Link
              to={href(coursePath(course.slug))}
              className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              {course.title}
            </Link>
            <p className="text-sm font-medium text-amber-800 dark:text-amber-200">
              {[
                course.expiresAt &&
                  t(m.course_free_until, {
                    end: formatJakartaDayAndTime(new Date(course.expiresAt), locale),
                  }),
                course.usesRemaining !== null &&
                  course.usesRemaining < ENDING_SOON_FEWER_USES_THAN &&
                  t(m.card_uses_left, { count: formatCount(course.usesRemaining, locale) }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
