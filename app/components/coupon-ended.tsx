import { formatCount } from "../lib/course-facts";
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
}: {
  course: EndedCourse;
  alternatives: EndedCourse[];
  /** A signed-in learner can watch the course for its next free coupon from here. */
  signedIn: boolean;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold">This coupon has just run out</h1>
      <p className="mt-4 text-center text-slate-700 dark:text-slate-200">
        Udemy no longer gives <strong data-testid="ended-course-title">{course.title}</strong> for
        free, so it has left the list. No credit was used.
      </p>
      {signedIn && (
        <p className="mt-4 text-center">
          <WatchButton courseId={course.id} />
        </p>
      )}
      {alternatives.length > 0 ? (
        <>
          <h2 className="mt-10 text-lg font-semibold">
            Free {course.category} courses you can open now
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
                      {formatCount(alternative.usesRemaining)} uses left
                    </span>
                  )}
                </span>
                <a
                  href={`/go/${alternative.id}`}
                  rel="nofollow"
                  className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
                  aria-label={`View Course: ${alternative.title}`}
                >
                  View Course
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-10 text-center">
        <a
          href="/"
          className="inline-flex min-h-11 items-center text-brand-600 underline dark:text-brand-100"
        >
          Back to Courses
        </a>
      </p>
    </section>
  );
}
