import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { ClaimState } from "../../core/claims";
import { ANSWER_LANGUAGE_FIELD } from "../../core/locale";
import { TRUNCATE, truncate } from "../../core/text";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { useViewer } from "./personal-layer";

/**
 * The learning list's buttons are native forms posting to /claims and coming back to this page:
 * a tap works before the page's JavaScript runs, and without it (no tap is lost).
 */
function ClaimForm({
  courseId,
  fields,
  children,
  className = "",
}: {
  courseId: number;
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  const { locale } = useMessages();
  const location = useLocation();
  return (
    <form method="post" action="/claims" className={className}>
      <input type="hidden" name="courseId" value={courseId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name={ANSWER_LANGUAGE_FIELD} value={locale} />
      {children}
    </form>
  );
}

const SMALL_BUTTON =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";

/** "I already own this" on a course card or page, for a signed-in learner (hidden for a visitor). */
export function OwnCourseButton({
  courseId,
  title,
  className = "",
}: {
  courseId: number;
  title: string;
  className?: string;
}) {
  const { t } = useMessages();
  const viewer = useViewer();
  if (!viewer?.signedIn) return null;
  return (
    <ClaimForm courseId={courseId} fields={{ intent: "own" }} className={className}>
      <button
        type="submit"
        className={SMALL_BUTTON}
        aria-label={t(m.claims_own_label, { title: truncate(title, TRUNCATE.ariaTitle) })}
      >
        {t(m.claims_own_button)}
      </button>
    </ClaimForm>
  );
}

export function stateName(state: ClaimState, t: ReturnType<typeof useMessages>["t"]): string {
  if (state === "learning") return t(m.learning_state_learning);
  if (state === "done") return t(m.learning_state_done);
  return t(m.learning_state_claimed);
}

/** One tap moves a course of the learning list to `state`. */
export function MoveClaimButton({
  courseId,
  title,
  state,
}: {
  courseId: number;
  title: string;
  state: ClaimState;
}) {
  const { t } = useMessages();
  const name = stateName(state, t);
  return (
    <ClaimForm courseId={courseId} fields={{ intent: "move", state }}>
      <button
        type="submit"
        className={SMALL_BUTTON}
        aria-label={t(m.learning_move_label, {
          title: truncate(title, TRUNCATE.ariaTitle),
          state: name,
        })}
      >
        {t(m.learning_move, { state: name })}
      </button>
    </ClaimForm>
  );
}
