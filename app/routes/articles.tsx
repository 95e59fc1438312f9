import { data, Link, useNavigation, useRevalidator } from "react-router";
import { canWriteArticles, listArticles } from "../../server/domain/articles";
import { getLiveUpdateCursor } from "../../server/domain/live-updates";
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
      error: null,
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
        error: "We could not load articles right now. Please try again in a moment.",
      },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const articles = data?.page?.articles ?? [];
  return pageMeta({
    title: "Articles",
    description:
      "Latest Insights: articles by the Kursusku community about learning, careers and free online courses.",
    siteUrl,
    path: data ? articleListHref(data.query) : "/articles",
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [{ name: "Articles", path: "/articles" }]),
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: "Latest Insights",
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
  const canWrite =
    usePersonalLayer(loaderData.sharedRender)?.canWriteArticles ?? loaderData.canWrite;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/articles";
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
            Latest Insights
          </h1>
          {page && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {formatCount(page.total)} article{page.total === 1 ? "" : "s"}
            </p>
          )}
        </div>
        {canWrite && (
          <Link
            to="/articles/new"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Write Article
          </Link>
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
        {loading ? "Loading articles..." : null}
      </div>

      {error && (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </div>
      )}

      {page && page.articles.length === 0 && (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          {filtered ? (
            <>
              <h2 className="text-lg font-semibold">No Articles Match Your Search</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                Try different keywords or clear your search to explore all available insights.
              </p>
              <Link
                to="/articles"
                className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                Reset Search
              </Link>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold">No Articles Found Yet</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                Check back soon for new content, or try writing one yourself if you&apos;re a
                premium member!
              </p>
            </>
          )}
        </div>
      )}

      {page && page.articles.length > 0 && (
        <>
          <ul
            aria-label="Articles"
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
            label="Article pages"
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(target) => articleListHref({ ...query, page: target })}
          />
        </>
      )}
    </section>
  );
}
