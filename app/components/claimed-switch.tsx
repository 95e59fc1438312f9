import { Link } from "react-router";
import { courseListHref, type CourseFilters } from "../../core/course-filters";
import { formatCount } from "../../core/numbers";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * A signed-in learner's list leaves out the courses they already claimed; this link brings them
 * back (`claimed=show`) and hides them again. A link, so it works without JavaScript; shown only
 * when this list has claimed courses to hide or show.
 */
export function ClaimedSwitch({
  filters,
  claimedCount,
}: {
  filters: CourseFilters;
  claimedCount: number;
}) {
  const { t, href, locale } = useMessages();
  if (claimedCount === 0) return null;
  const showing = filters.showClaimed;
  const target = courseListHref({ ...filters, page: 1, showClaimed: !showing });
  const label = showing
    ? t(m.claims_hide)
    : t(byCount(claimedCount, m.claims_show_one, m.claims_show), {
        count: formatCount(claimedCount, locale),
      });
  return (
    <Link
      to={href(`${target}#courses-section`)}
      data-testid="claimed-switch"
      aria-pressed={showing}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {label}
    </Link>
  );
}
