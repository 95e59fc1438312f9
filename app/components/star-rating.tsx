import { formatCount, formatRating } from "../../core/numbers";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** Five stars filled to the rating, with the number for screen readers. */
export function StarRating({ rating, count }: { rating: number; count: number }) {
  const { t, locale } = useMessages();
  if (count <= 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t(m.rating_none)}</p>;
  }
  const rounded = Math.round(rating);
  return (
    // An image of the rating, named by its words: a plain <p> may not carry an aria-label.
    <p
      role="img"
      className="flex items-center gap-1 text-sm"
      aria-label={t(byCount(count, m.rating_label_one, m.rating_label_other), {
        rating: formatRating(rating, locale),
        count,
      })}
    >
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {"★".repeat(rounded)}
        <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - rounded)}</span>
      </span>
      <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
        {formatRating(rating, locale)} ({formatCount(count, locale)})
      </span>
    </p>
  );
}
