import { data, Link, useNavigation } from "react-router";
import { findArticle, type PublicArticle } from "../../server/domain/articles/articles";
import { AiScannedBadge, ArticleCover } from "../components/article-cover";
import { ArticleLoadError, ArticleNotFound } from "../components/article-not-found";
import { ShareButton } from "../components/share-button";
import { renderMarkdownHtml } from "../components/markdown-html.server";
import { StaticHtml } from "../components/static-html";
import { useRootData } from "../components/use-root-data";
import { articlePath, parseArticleId } from "../../core/article-paths";
import { coverImageSrc } from "../../core/safe-addresses";
import { markdownToPlainText } from "../../core/markdown-text";
import { formatJakartaInstant } from "../../core/dates";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, SITE_NAME, siteUrlFromMatches } from "../lib/seo";
import { TRUNCATE, truncate } from "../../core/text";
import type { Route } from "./+types/article";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { localeOfPath, type Locale } from "../../core/locale";

/**
 * What the page shows of an article: its body as HTML rendered here, never in the browser
 * (decision 0020), and instead of the markdown the start of its plain text for the meta tags.
 */
type ArticleView = Omit<PublicArticle, "content"> & { contentHtml: string; summary: string };

function toArticleView(
  { content, ...article }: PublicArticle,
  siteUrl: string,
  locale: Locale,
): ArticleView {
  return {
    ...article,
    contentHtml: renderMarkdownHtml(content, { siteUrl, locale }),
    // The longest text the meta tags take; a shorter one is cut from it the same way.
    summary: truncate(markdownToPlainText(content), TRUNCATE.structuredDataDescription),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const id = parseArticleId(new URL(request.url).searchParams.get("id"));
  if (id === null) return data({ article: null, error: false }, { status: 404 });
  try {
    const article = await findArticle(services, id);
    if (!article) return data({ article: null, error: false }, { status: 404 });
    const locale = localeOfPath(new URL(request.url).pathname);
    return {
      article: toArticleView(article, services.config.publicSiteUrl, locale),
      error: false,
    };
  } catch (error) {
    services.logger.error({ err: error, requestId: context.requestId }, "article failed to load");
    // Shown in the page's language (article_load_error).
    return data({ article: null, error: true }, { status: 503 });
  }
}

/** A share image must be an absolute http(s) address or one of the site's own paths. */
function shareImage(article: ArticleView, siteUrl: string): string | null {
  const src = coverImageSrc(article.imageUrl, siteUrl);
  return src && !src.startsWith("data:") ? src : null;
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const article = data?.article;
  const locale = localeOfPath(location.pathname);
  if (!article) {
    return pageMeta({
      locale,
      title: data?.error
        ? m.article_title_fallback({}, { locale })
        : m.article_not_found({}, { locale }),
      description: data?.error
        ? m.article_load_error({}, { locale })
        : m.article_not_found_hint({}, { locale }),
      siteUrl,
      path: "/articles",
      noIndex: true,
    });
  }
  const path = articlePath(article.articleId);
  const image = shareImage(article, siteUrl);
  return pageMeta({
    locale,
    title: article.title,
    description: truncate(article.summary, TRUNCATE.articleMetaDescription),
    siteUrl,
    path,
    image,
    type: "article",
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: m.articles_title({}, { locale }), path: "/articles" },
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
  const { t, href } = useMessages();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === href("/article");
  const siteUrl = useRootData()?.siteUrl ?? "";

  return (
    <>
      <div aria-live="polite" className="mx-auto max-w-3xl px-4">
        {loading ? (
          <p className="pt-4 text-sm text-slate-600 dark:text-slate-300">{t(m.article_loading)}</p>
        ) : null}
      </div>
      {error ? (
        <ArticleLoadError />
      ) : !article ? (
        <ArticleNotFound />
      ) : (
        <article className={`mx-auto max-w-3xl px-4 py-8 ${loading ? "opacity-60" : ""}`}>
          <Link
            to={href("/articles")}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-brand-100"
          >
            <span aria-hidden="true">←</span> {t(m.article_back)}
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
              <p>{t(m.article_by, { author: article.author })}</p>
              <p>
                {t(m.article_published)}{" "}
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
            <h2 className="text-lg font-semibold">{t(m.article_share_heading)}</h2>
            <div className="mt-4">
              <ShareButton
                replayKey="article-share"
                title={article.title}
                url={
                  siteUrl
                    ? absoluteUrl(siteUrl, href(articlePath(article.articleId)))
                    : href(articlePath(article.articleId))
                }
              />
            </div>
            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              {t(m.article_ai_notice)}
            </p>
          </footer>
        </article>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ArticleLoadError />;
}
