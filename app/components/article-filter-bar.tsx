import { Link, useSubmit } from "react-router";
import { ARTICLE_LIMITS } from "../../core/article-rules";
import { hasActiveArticleFilters, type ArticleListQuery } from "../../core/article-paths";
import { filledFormParams, SearchForm, SearchInput } from "./filter-fields";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The two searches: words in the article, and its author's name. */
const ARTICLE_SEARCHES = [
  {
    id: "article-search",
    name: "search",
    span: "md:col-span-5",
    label: m.article_search_label,
    placeholder: m.article_search_placeholder,
  },
  {
    id: "article-author",
    name: "author",
    span: "md:col-span-4",
    label: m.article_author_label,
    placeholder: m.article_author_placeholder,
  },
] as const;

/**
 * The two article searches as a plain GET form (works without JavaScript). With JavaScript the
 * empty fields are left out of the URL; any new search starts again at page 1.
 */
export function ArticleFilterBar({ query }: { query: ArticleListQuery }) {
  const { t, href } = useMessages();
  const submit = useSubmit();
  const active = hasActiveArticleFilters(query);

  return (
    <SearchForm
      action={href("/articles")}
      label={t(m.article_filter_label)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(filledFormParams(event.currentTarget), {
          method: "get",
          action: href("/articles"),
          preventScrollReset: true,
        });
      }}
      className="grid gap-3 md:grid-cols-12"
    >
      {ARTICLE_SEARCHES.map((field) => (
        <div key={field.name} className={field.span}>
          <SearchInput
            id={field.id}
            name={field.name}
            label={t(field.label)}
            value={query[field.name]}
            maxLength={ARTICLE_LIMITS.searchMaxChars}
            placeholder={t(field.placeholder)}
            className={fieldClass}
          />
        </div>
      ))}
      <div className="flex gap-2 md:col-span-3">
        <button
          type="submit"
          className="flex-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t(m.filter_search_button)}
        </button>
        {active && (
          <Link
            to={href("/articles")}
            preventScrollReset
            className="flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            {t(m.filter_clear)}
          </Link>
        )}
      </div>
    </SearchForm>
  );
}
