import {
  couponHistorySentence,
  type CouponHistoryEntry,
  type CouponHistorySummary,
} from "../../core/coupon-history";
import { formatJakartaInstant } from "../../core/dates";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";

/**
 * A course's coupons, newest first: when each was found, when it ended (or that it is still
 * free) and which sources brought it, under one sentence that sums them up. Shown for listed and
 * ended courses alike, so an ended course's page still says how often it comes back.
 */
export function CouponHistory({
  entries,
  summary,
}: {
  entries: CouponHistoryEntry[];
  summary: CouponHistorySummary | null;
}) {
  const { t, locale } = useMessages();
  if (!summary) return null;
  return (
    <section aria-labelledby="coupon-history-heading" className="mt-5" data-testid="coupon-history">
      <h2 id="coupon-history-heading" className="text-base font-semibold">
        {t(m.course_history_heading)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {couponHistorySentence(summary, locale)}
      </p>
      <ol className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
        {entries.map((entry) => (
          <li key={entry.foundAt}>
            <time dateTime={entry.foundAt}>
              {t(m.course_history_found, { date: formatJakartaInstant(new Date(entry.foundAt)) })}
            </time>
            {" · "}
            {entry.endedAt ? (
              <time dateTime={entry.endedAt}>
                {t(m.course_history_ended, { date: formatJakartaInstant(new Date(entry.endedAt)) })}
              </time>
            ) : (
              <span className="font-medium text-emerald-700 dark:text-emerald-300">
                {t(m.course_history_still_free)}
              </span>
            )}
            {entry.sources.length > 0 &&
              ` · ${t(m.course_history_sources, { sources: entry.sources.join(", ") })}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
