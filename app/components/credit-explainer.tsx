import { useId } from "react";
import { ANONYMOUS_DAILY_CREDITS, DAILY_TOP_UP_CREDITS } from "../../core/rules";
import { timeUntilCreditReset } from "../lib/course-opening";

/** The rules of credits, in the words a learner needs before spending one. */
export function CreditExplainer({
  id,
  credits,
  signedIn,
  onClose,
}: {
  id: string;
  credits: number;
  signedIn: boolean;
  onClose: () => void;
}) {
  const headingId = useId();
  // Rendered only after a tap, so reading the clock here cannot differ from the server's HTML.
  const resetIn = timeUntilCreditReset(new Date());
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid="credit-explainer"
      className="fixed inset-x-4 top-16 z-40 rounded-xl border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1 sm:w-80 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="pt-2 text-base font-bold text-slate-900 dark:text-white">
          How credits work
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close credit explanation"
          className="-mt-1 -mr-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          ×
        </button>
      </div>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        <li>Opening a course costs 1 credit.</li>
        <li>
          Visitors get {ANONYMOUS_DAILY_CREDITS} credits a day; signed in, you get{" "}
          {DAILY_TOP_UP_CREDITS} a day. Premium members have unlimited credits.
        </li>
        <li>
          {signedIn
            ? `Your balance tops up to ${DAILY_TOP_UP_CREDITS} at midnight WIB (in ${resetIn}).`
            : `Credits reset at midnight WIB (in ${resetIn}).`}
        </li>
        <li>Opening a course again on the same day is free.</li>
      </ul>
      <p className="mt-3 font-semibold text-slate-900 dark:text-white">
        {signedIn
          ? `You have ${credits} credit${credits === 1 ? "" : "s"}.`
          : `You have ${credits} credit${credits === 1 ? "" : "s"} left today. Sign in for ${DAILY_TOP_UP_CREDITS} a day.`}
      </p>
    </section>
  );
}
