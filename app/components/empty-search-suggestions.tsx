import type { SearchSuggestion } from "../../core/search-words";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * Ways out of a search that found nothing, under the empty state. Plain links: a tap before the
 * page is interactive still works, and each is at least 44 × 44 px.
 */
export function EmptySearchSuggestions({ suggestions }: { suggestions: SearchSuggestion[] }) {
  const { t, href } = useMessages();
  if (suggestions.length === 0) return null;
  return (
    <nav aria-labelledby="search-suggestions-heading" className="mt-6">
      <h3 id="search-suggestions-heading" className="text-sm font-semibold">
        {t(m.search_suggestions_heading)}
      </h3>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion.href}>
            <a
              href={href(suggestion.href)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-brand-50 px-4 text-sm font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600"
            >
              {suggestion.kind === "category"
                ? t(m.search_suggestion_category, { category: suggestion.label })
                : suggestion.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
