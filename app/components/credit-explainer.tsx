import { useId } from "react";
import { ANONYMOUS_DAILY_CREDITS, DAILY_TOP_UP_CREDITS } from "../../core/rules";
import { timeUntilCreditReset } from "../lib/course-opening";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

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
  const { t, locale } = useMessages();
  const headingId = useId();
  // Rendered only after a tap, so reading the clock here cannot differ from the server's HTML.
  const resetIn = timeUntilCreditReset(new Date(), locale);
  return (
    // whitespace-normal: the badge's header slot keeps "8 credits" on one line (nowrap), and
    // the panel sits inside it; its sentences must wrap inside the box, not run past its edge.
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid="credit-explainer"
      className="fixed inset-x-4 top-16 z-40 rounded-xl whitespace-normal border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1 sm:w-80 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="pt-2 text-base font-bold text-slate-900 dark:text-white">
          {t(m.credits_heading)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t(m.credits_close)}
          className="-mt-1 -mr-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          ×
        </button>
      </div>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        <li>{t(m.credits_rule_cost)}</li>
        <li>
          {t(m.credits_rule_daily, {
            visitor: ANONYMOUS_DAILY_CREDITS,
            member: DAILY_TOP_UP_CREDITS,
          })}
        </li>
        <li>
          {signedIn
            ? t(m.credits_rule_top_up, { credits: DAILY_TOP_UP_CREDITS, time: resetIn })
            : t(m.credits_rule_reset, { time: resetIn })}
        </li>
        <li>{t(m.credits_rule_reopen)}</li>
      </ul>
      <p className="mt-3 font-semibold text-slate-900 dark:text-white">
        {signedIn
          ? t(byCount(credits, m.credits_balance_one, m.credits_balance_other), { count: credits })
          : t(byCount(credits, m.credits_balance_visitor_one, m.credits_balance_visitor_other), {
              count: credits,
              daily: DAILY_TOP_UP_CREDITS,
            })}
      </p>
    </section>
  );
}
