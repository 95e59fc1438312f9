import type { MouseEvent } from "react";
import { Link } from "react-router";
import { paginationSlots } from "../../core/pagination";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

const slotClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-medium";
const linkClass = `${slotClass} border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800`;

/**
 * A page link leads to the list's start (its address's #fragment). The page goes there at the
 * tap, while the next page loads: otherwise a phone shows the bottom of the list, dimmed, until
 * the new page arrives and the view jumps up. Once it arrives React Router scrolls to the same
 * place, so nothing moves. A tap that opens a new tab or window leaves this page as it is.
 */
function goToListStart(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const target = new URL(event.currentTarget.href).hash.slice(1);
  if (target) document.getElementById(target)?.scrollIntoView();
}

/**
 * Page links for a list: Previous, up to 5 numbered slots (first and last always shown, gaps as
 * ellipses), Next. Plain links, so paging works before and without JavaScript.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const { t } = useMessages();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev" onClick={goToListStart}>
          {t(m.pagination_previous)}
        </Link>
      ) : null}
      {paginationSlots(page, pageCount).map((slot, index) =>
        slot === "ellipsis" ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : slot === page ? (
          <span
            key={slot}
            aria-current="page"
            className={`${slotClass} border-brand-600 bg-brand-600 text-white`}
          >
            {slot}
          </span>
        ) : (
          <Link
            key={slot}
            to={hrefFor(slot)}
            aria-label={t(m.pagination_page, { page: slot })}
            className={linkClass}
            onClick={goToListStart}
          >
            {slot}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next" onClick={goToListStart}>
          {t(m.pagination_next)}
        </Link>
      ) : null}
    </nav>
  );
}
