import { Link } from "react-router";
import { articlePath } from "../../core/article-paths";
import { formatJakartaInstant } from "../../core/dates";
import { TRUNCATE, truncate } from "../../core/text";
import { AiScannedBadge, ArticleCover } from "./article-cover";
import { StaticHtml } from "./static-html";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** What a card needs: the article without the whole content. */
export type ArticleCardData = {
  articleId: number;
  title: string;
  /** The start of the article as inline HTML, rendered on the server (renderMarkdownHtml). */
  excerptHtml: string;
  author: string;
  date: string;
  imageUrl: string | null;
};

export function ArticleCard({
  article,
  aboveTheFold = false,
}: {
  article: ArticleCardData;
  /** One of the cards in the first screen: its cover is the page's largest image. */
  aboveTheFold?: boolean;
}) {
  const { t, href: localHref } = useMessages();
  const href = localHref(articlePath(article.articleId));
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <ArticleCover imageUrl={article.imageUrl} variant="card" aboveTheFold={aboveTheFold} />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-300">
            <time dateTime={article.date}>{formatJakartaInstant(new Date(article.date))}</time>
          </p>
          <AiScannedBadge />
        </div>
        <h2 className="mt-2 text-lg leading-snug font-semibold" title={article.title}>
          <Link
            to={href}
            className="-my-2.5 block py-2.5 hover:text-brand-600 dark:hover:text-brand-100"
          >
            {truncate(article.title, TRUNCATE.cardTitle)}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t(m.article_by, { author: article.author })}
        </p>
        <StaticHtml
          html={article.excerptHtml}
          className="mt-3 line-clamp-3 text-sm text-slate-700 dark:text-slate-300"
        />
        <div className="mt-auto pt-4">
          <Link
            to={href}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t(m.article_read_more)}
            {/* In the link's text, not only its aria-label: crawlers and Lighthouse read the text. */}
            <span className="sr-only">: {truncate(article.title, TRUNCATE.ariaTitle)}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
