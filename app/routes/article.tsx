import { data, Link, useNavigation } from "react-router";
import { findArticle, type PublicArticle } from "../../server/domain/articles";
import { AiScannedBadge, ArticleCover } from "../components/article-cover";
import { ArticleLoadError, ArticleNotFound } from "../components/article-not-found";
import { ShareButton } from "../components/share-button";
import { renderMarkdownHtml } from "../components/markdown-html.server";
import { StaticHtml } from "../components/static-html";
import { useRootData } from "../components/use-root-data";
import { ARTICLE_MESSAGES } from "../../core/article-rules";
import { articlePath, parseArticleId } from "../../core/article-paths";
import { coverImageSrc } from "../../core/safe-addresses";
import { markdownToPlainText } from "../../core/markdown-text";
import { formatJakartaInstant } from "../../core/dates";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, SITE_NAME, siteUrlFromMatches } from "../lib/seo";
import { TRUNCATE, truncate } from "../../core/text";
import type { Route } from "./+types/article";

const LOAD_ERROR = "We could not load this article right now. Please try again in a moment.";

/**
 * What the page shows of an article: its body as HTML rendered here, never in the browser
 * (decision 0020), and instead of the markdown the start of its plain text for the meta tags.
 */
type ArticleView = Omit<PublicArticle, "content"> & { contentHtml: string; summary: string };

function toArticleView({ content, ...article }: PublicArticle, siteUrl: string): ArticleView {
  return {
    ...article,
    contentHtml: renderMarkdownHtml(content, { siteUrl }),
    // The longest text the meta tags take; a shorter one is cut from it the same way.
    summary: truncate(markdownToPlainText(content), TRUNCATE.structuredDataDescription),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const id = parseArticleId(new URL(request.url).searchParams.get("id"));
  if (id === null) return data({ article: null, error: null }, { status: 404 });
  try {
    const article = await findArticle(services, id);
    if (!article) return data({ article: null, error: null }, { status: 404 });
    return { article: toArticleView(article, services.config.publicSiteUrl), error: null };
  } catch (error) {
    services.logger.error({ err: error, requestId: context.requestId }, "article failed to load");
    return data({ article: null, error: LOAD_ERROR }, { status: 503 });
  }
}

/** A share image must be an absolute http(s) address or one of the site's own paths. */
function shareImage(article: ArticleView, siteUrl: string): string | null {
  const src = coverImageSrc(article.imageUrl, siteUrl);
  return src && !src.startsWith("data:") ? src : null;
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const article = data?.article;
  if (!article) {
    return pageMeta({
      title: data?.error ? "Article" : ARTICLE_MESSAGES.notFound,
      description: data?.error ?? ARTICLE_MESSAGES.notFoundHint,
      siteUrl,
      path: "/articles",
      noIndex: true,
    });
  }
  const path = articlePath(article.articleId);
  const image = shareImage(article, siteUrl);
  return pageMeta({
    title: article.title,
    description: truncate(article.summary, TRUNCATE.articleMetaDescription),
    siteUrl,
    path,
    image,
    type: "article",
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Articles", path: "/articles" },
        { name: article.title, path },
      ]),
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: truncate(article.title, 110),
        description: article.summary,
        ...(image ? { image: [absoluteUrl(siteUrl, image)] } : {}),
        datePublished: article.date,
        dateModified: article.date,
        author: { "@type": "Person", name: article.author },
        publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") },
        mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(siteUrl, path) },
        url: absoluteUrl(siteUrl, path),
      },
    ],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, error } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/article";
  const siteUrl = useRootData()?.siteUrl ?? "";

  return (
    <>
      <div aria-live="polite" className="mx-auto max-w-3xl px-4">
        {loading ? (
          <p className="pt-4 text-sm text-slate-600 dark:text-slate-300">Loading article...</p>
        ) : null}
      </div>
      {error ? (
        <ArticleLoadError message={error} />
      ) : !article ? (
        <ArticleNotFound />
      ) : (
        <article className={`mx-auto max-w-3xl px-4 py-8 ${loading ? "opacity-60" : ""}`}>
          <Link
            to="/articles"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-brand-100"
          >
            <span aria-hidden="true">←</span> Back to Articles
          </Link>
          {/* No cover, no box: the title follows the back link directly. */}
          {article.imageUrl && (
            <div className="mt-4">
              <ArticleCover imageUrl={article.imageUrl} variant="detail" />
            </div>
          )}
          <header className="mt-6">
            <h1 className="text-3xl leading-tight font-bold md:text-4xl">{article.title}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
              <p>By {article.author}</p>
              <p>
                Published on{" "}
                <time dateTime={article.date}>{formatJakartaInstant(new Date(article.date))}</time>
              </p>
              <AiScannedBadge />
            </div>
          </header>
          <StaticHtml
            html={article.contentHtml}
            className="mt-6 text-base break-words text-slate-800 dark:text-slate-200"
          />
          <footer className="mt-10 rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-lg font-semibold">Enjoyed this article? Share it!</h2>
            <div className="mt-4">
              <ShareButton
                replayKey="article-share"
                title={article.title}
                url={
                  siteUrl
                    ? absoluteUrl(siteUrl, articlePath(article.articleId))
                    : articlePath(article.articleId)
                }
              />
            </div>
            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              {ARTICLE_MESSAGES.aiNotice}
            </p>
          </footer>
        </article>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ArticleLoadError message={LOAD_ERROR} />;
}
