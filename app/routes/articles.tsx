import { data, useNavigation, useRevalidator } from "react-router";
import { canWriteArticles, listArticles } from "../../server/domain/articles/articles";
import { getLiveUpdateCursor } from "../../server/domain/catalog/live-updates";
import { ArticleCard, type ArticleCardData } from "../components/article-card";
import { ArticleFilterBar } from "../components/article-filter-bar";
import { renderMarkdownHtml } from "../components/markdown-html.server";
import { Pagination } from "../components/pagination";
import { usePersonalLayer } from "../components/personal-layer";
import { LiveUpdates } from "../components/live-updates";
import {
  articleListHref,
  articlePath,
  hasActiveArticleFilters,
  parseArticleListQuery,
} from "../../core/article-paths";
import { excerptSource } from "../../core/markdown-text";
import { formatCount } from "../../core/numbers";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { Route } from "./+types/articles";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { localeOfPath } from "../../core/locale";
import { ButtonLink } from "../components/ui/button";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, identity } = context;
  const query = parseArticleListQuery(new URL(request.url).searchParams);
  const canWrite = canWriteArticles(identity.user, identity.isAppClient, services.clock.now());
  try {
    const [page, liveCursor] = await Promise.all([
      listArticles(services, query),
      getLiveUpdateCursor(services),
    ]);
    // Cards only need the start of each article, as HTML made here: the browser gets neither the
    // whole text nor the markdown renderer (decision 0020).
    const siteUrl = services.config.publicSiteUrl;
    const articles: ArticleCardData[] = page.articles.map((article) => ({
      articleId: article.articleId,
      title: article.title,
      excerptHtml: renderMarkdownHtml(excerptSource(article.content), {
        siteUrl,
        variant: "excerpt",
      }),
      author: article.author,
      date: article.date,
      imageUrl: article.imageUrl,
    }));
    return {
      query,
      canWrite,
      sharedRender: Boolean(context.sharedRender),
      page: { articles, total: page.total, page: page.page, pageCount: page.pageCount },
      liveUpdates: { ...liveCursor, intervalMs: services.config.pollIntervalMs },
      error: false,
    };
  } catch (error) {
    services.logger.error({ err: error, requestId: context.requestId }, "article list failed");
    return data(
      {
        query,
        canWrite,
        sharedRender: Boolean(context.sharedRender),
        page: null,
        liveUpdates: null,
        // Shown in the page's language (articles_load_error).
        error: true,
      },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const articles = data?.page?.articles ?? [];
  const locale = localeOfPath(location.pathname);
  const title = m.articles_title({}, { locale });
  return pageMeta({
    locale,
    title,
    description: m.articles_meta_description({}, { locale }),
    siteUrl,
    path: data ? articleListHref(data.query) : "/articles",
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [{ name: title, path: "/articles" }]),
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: m.articles_heading({}, { locale }),
        numberOfItems: articles.length,
        itemListElement: articles.map((article, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: absoluteUrl(siteUrl, articlePath(article.articleId)),
          name: article.title,
        })),
      },
    ],
  });
};

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { query, page, error } = loaderData;
  const { t, href } = useMessages();
  const canWrite =
    usePersonalLayer(loaderData.sharedRender)?.canWriteArticles ?? loaderData.canWrite;
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === href("/articles");
  const filtered = hasActiveArticleFilters(query);
  const revalidator = useRevalidator();
  // New articles belong on top of the unfiltered first page: reloading its data puts them there
  // with their excerpts (the poll's answer carries no content). Elsewhere the toast says enough.
  const showsNewest = page?.page === 1 && !filtered;

  return (
    <section aria-labelledby="articles-heading" className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="articles-heading" className="text-3xl font-bold">
            {t(m.articles_heading)}
          </h1>
          {page && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t(byCount(page.total, m.articles_count_one, m.articles_count_other), {
                shown: formatCount(page.total),
              })}
            </p>
          )}
        </div>
        {canWrite && (
          <ButtonLink variant="primary" size="medium" to={href("/articles/new")}>
            {t(m.articles_write)}
          </ButtonLink>
        )}
      </div>

      <ArticleFilterBar query={query} />

      {loaderData.liveUpdates && (
        <LiveUpdates
          courseSince={loaderData.liveUpdates.courseSince}
          articleSince={loaderData.liveUpdates.articleSince}
          intervalMs={loaderData.liveUpdates.intervalMs}
          onNewArticles={showsNewest ? () => void revalidator.revalidate() : undefined}
        />
      )}

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-600 dark:text-slate-300">
        {loading ? t(m.articles_loading) : null}
      </div>

      {error && (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {t(m.articles_load_error)}
        </div>
      )}

      {page && page.articles.length === 0 && (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          {filtered ? (
            <>
              <h2 className="text-lg font-semibold">{t(m.articles_no_match_title)}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                {t(m.articles_no_match_hint)}
              </p>
              <ButtonLink
                variant="primary"
                size="medium"
                className="mt-4 inline-block"
                to={href("/articles")}
              >
                {t(m.articles_reset)}
              </ButtonLink>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold">{t(m.articles_none_title)}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{t(m.articles_none_hint)}</p>
            </>
          )}
        </div>
      )}

      {page && page.articles.length > 0 && (
        <>
          <ul
            aria-label={t(m.articles_title)}
            className={`grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`}
          >
            {page.articles.map((article, index) => (
              <li key={article.articleId}>
                {/* The first row: one card on a phone, up to three on a wide screen. */}
                <ArticleCard article={article} aboveTheFold={index < 3} />
              </li>
            ))}
          </ul>
          <Pagination
            label={t(m.articles_pagination)}
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(target) => href(articleListHref({ ...query, page: target }))}
          />
        </>
      )}
    </section>
  );
}
