import { useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { ARTICLE_LIMITS } from "../../core/article-rules";
import { hasActiveArticleFilters, type ArticleListQuery } from "../../core/article-paths";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

/**
 * The two article searches as a plain GET form (works without JavaScript). With JavaScript the
 * empty fields are left out of the URL; any new search starts again at page 1.
 */
export function ArticleFilterBar({ query }: { query: ArticleListQuery }) {
  const { t, href } = useMessages();
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const active = hasActiveArticleFilters(query);

  return (
    <Form
      key={location.search}
      ref={formRef}
      method="get"
      action={href("/articles")}
      role="search"
      aria-label={t(m.article_filter_label)}
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          const text = String(value).trim();
          if (text !== "") params.set(key, text);
        }
        void submit(params, { method: "get", action: href("/articles"), preventScrollReset: true });
      }}
      className="grid gap-3 md:grid-cols-12"
    >
      <div className="md:col-span-5">
        <label htmlFor="article-search" className="sr-only">
          {t(m.article_search_label)}
        </label>
        <input
          id="article-search"
          type="search"
          name="search"
          defaultValue={query.search}
          maxLength={ARTICLE_LIMITS.searchMaxChars}
          placeholder={t(m.article_search_placeholder)}
          className={fieldClass}
        />
      </div>
      <div className="md:col-span-4">
        <label htmlFor="article-author" className="sr-only">
          {t(m.article_author_label)}
        </label>
        <input
          id="article-author"
          type="search"
          name="author"
          defaultValue={query.author}
          maxLength={ARTICLE_LIMITS.searchMaxChars}
          placeholder={t(m.article_author_placeholder)}
          className={fieldClass}
        />
      </div>
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
    </Form>
  );
}
