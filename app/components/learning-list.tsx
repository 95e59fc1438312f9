import { Link } from "react-router";
import {
  CLAIM_STATES,
  type ClaimedCourse,
  type ClaimState,
  type LearningList,
} from "../../core/claims";
import { coursePath } from "../../core/course-paths";
import { formatIndonesianDate, toJakartaDay } from "../../core/dates";
import { formatListPrice } from "../lib/course-price";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { MoveClaimButton, stateName } from "./claim-forms";

const day = (iso: string) => formatIndonesianDate(toJakartaDay(new Date(iso)));

/**
 * The dashboard's learning list: Claimed → Learning → Done, each course with the days it reached
 * its states and one-tap moves to the other two, and what the claimed courses would have cost.
 */
export function LearningListPanel({ list }: { list: LearningList }) {
  const { t, locale } = useMessages();
  return (
    <div data-testid="learning-list">
      <h2 className="text-xl font-semibold">{t(m.learning_heading)}</h2>
      {list.saved.length > 0 && (
        <p className="mt-2 text-lg font-semibold text-emerald-700 dark:text-emerald-300">
          {t(m.learning_saved, {
            amount: list.saved.map((total) => formatListPrice(total, locale)).join(" + "),
          })}
        </p>
      )}
      {list.courses.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t(m.learning_empty)}</p>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {CLAIM_STATES.map((state) => (
            <StateColumn
              key={state}
              state={state}
              courses={list.courses.filter((course) => course.state === state)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function StateColumn({ state, courses }: { state: ClaimState; courses: ClaimedCourse[] }) {
  const { t } = useMessages();
  return (
    <section aria-labelledby={`learning-${state}`} data-testid={`learning-${state}`}>
      <h3 id={`learning-${state}`} className="font-semibold">
        {stateName(state, t)} ({courses.length})
      </h3>
      {courses.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          {t(m.learning_none_in_state)}
        </p>
      ) : (
        <ul className="mt-2 space-y-3">
          {courses.map((course) => (
            <ClaimedCourseItem key={course.courseId} course={course} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClaimedCourseItem({ course }: { course: ClaimedCourse }) {
  const { t, href } = useMessages();
  const dates = [t(m.learning_claimed_on, { date: day(course.claimedAt) })];
  if (course.learningAt) dates.push(t(m.learning_started_on, { date: day(course.learningAt) }));
  if (course.doneAt && course.state === "done")
    dates.push(t(m.learning_done_on, { date: day(course.doneAt) }));
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <Link to={href(coursePath(course.slug))} className="font-medium hover:underline">
        {course.title}
      </Link>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {course.owned && `${t(m.learning_owned)} · `}
        {dates.join(" · ")}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {CLAIM_STATES.filter((state) => state !== course.state).map((state) => (
          <MoveClaimButton
            key={state}
            courseId={course.courseId}
            title={course.title}
            state={state}
          />
        ))}
      </div>
    </li>
  );
}
