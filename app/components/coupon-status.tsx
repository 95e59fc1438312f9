import { formatCheckedAgo, formatCount, formatCouponTimeLeft } from "../lib/course-facts";
import { useTickingNow } from "../lib/use-ticking-now";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * The coupon's time left ("19 h 33 min left, until 28 Nov 14.05 WIB") and its uses left with when Udemy last confirmed it.
 * The server renders both for its own "now" (the page reads the same without JavaScript and
 * hydrates without a mismatch); after hydration it follows the clock. It follows the
 * browser's clock when that agrees with the server's, else the server's clock carried forward
 * (a phone set to the wrong time, or a server whose clock is fixed for a trial).
 */
export function CouponStatus({
  expiresAt,
  usesRemaining,
  checkedAt,
  serverNow,
}: {
  expiresAt: string | null;
  usesRemaining: number | null;
  checkedAt: string | null;
  serverNow: string;
}) {
  const { t, locale } = useMessages();
  const now = useTickingNow(serverNow, expiresAt !== null || checkedAt !== null);
  const timeLeft = formatCouponTimeLeft(expiresAt, now, locale);
  const checked = formatCheckedAgo(checkedAt, now, locale);
  if (expiresAt === null && usesRemaining === null && checked === null) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {expiresAt !== null && (
        <>
          <dt className="text-slate-600 dark:text-slate-300">{t(m.coupon_time_left)}</dt>
          <dd className="font-semibold text-amber-700 tabular-nums dark:text-amber-300">
            {timeLeft ? (
              <>
                <span role="timer" data-testid="coupon-countdown">
                  {timeLeft.left}
                </span>{" "}
                <time
                  dateTime={expiresAt}
                  data-testid="coupon-ends-at"
                  className="font-normal text-slate-600 dark:text-slate-300"
                >
                  {timeLeft.until}
                </time>
              </>
            ) : (
              t(m.coupon_run_out)
            )}
          </dd>
        </>
      )}
      {usesRemaining !== null && (
        <>
          <dt className="text-slate-600 dark:text-slate-300">{t(m.coupon_uses_left)}</dt>
          <dd data-testid="coupon-uses-left">
            <span className="font-semibold">{formatCount(usesRemaining, locale)}</span>
            {checked && checkedAt && (
              <time dateTime={checkedAt} className="text-slate-600 dark:text-slate-300">
                {" "}
                · {checked}
              </time>
            )}
          </dd>
        </>
      )}
      {usesRemaining === null && checked && checkedAt && (
        <>
          <dt className="text-slate-600 dark:text-slate-300">{t(m.coupon_checked_label)}</dt>
          <dd data-testid="coupon-confirmed">
            <time dateTime={checkedAt}>{checked}</time>
          </dd>
        </>
      )}
    </dl>
  );
}
