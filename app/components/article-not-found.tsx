import { Link } from "react-router";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { ButtonLink } from "./ui/button";

/** An unknown, hidden or malformed article address. */
export function ArticleNotFound() {
  const { t, href } = useMessages();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t(m.article_not_found)}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t(m.article_not_found_hint)}</p>
      <ButtonLink
        variant="primary"
        size="medium"
        className="mt-6 inline-block"
        to={href("/articles")}
      >
        {t(m.article_back)}
      </ButtonLink>
    </section>
  );
}

/** The article could not be loaded (not a 404). */
export function ArticleLoadError() {
  const { t, href } = useMessages();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <div
        role="alert"
        className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p>{t(m.article_load_error)}</p>
        <Link
          to={href("/articles")}
          className="mt-3 inline-block rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-100 dark:bg-red-900 dark:text-red-50"
        >
          {t(m.article_back)}
        </Link>
      </div>
    </section>
  );
}
