import { ARTICLE_LIMITS } from "./article-rules";
import { parseRowId } from "./row-id";

/** Article addresses (slugs, ids) and the article list's query string. */

/** A readable URL segment from a title: lowercase ASCII words joined by hyphens. */
export function slugifyTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "article";
}

/** The readable address of an article (redirects to the canonical /article?id=…). */
export function articleSlugPath(article: { articleId: number; slug: string }): string {
  return `/articles/${article.slug || "article"}-${article.articleId}`;
}

/** The canonical address of an article. */
export function articlePath(articleId: number): string {
  return `/article?id=${articleId}`;
}

function toArticleId(digits: string | undefined): number | null {
  if (!digits) return null;
  return parseRowId(digits);
}

/** The id of /article?id=…: digits only, else null. */
export function parseArticleId(value: string | null | undefined): number | null {
  return toArticleId(/^\d{1,10}$/.exec((value ?? "").trim())?.[0]);
}

/** The id at the end of a readable address segment ("learn-python-fast-12" or "12"). */
export function articleIdFromSlug(value: string | null | undefined): number | null {
  return toArticleId(/^(?:[^/]*-)?(\d{1,10})$/.exec((value ?? "").trim())?.[1]);
}

/** Search terms of the list (active when non-empty after trimming). */
export type ArticleListQuery = { search: string; author: string; page: number };

export function parseArticleListQuery(params: URLSearchParams): ArticleListQuery {
  const text = (name: string) =>
    (params.get(name) ?? "").trim().slice(0, ARTICLE_LIMITS.searchMaxChars);
  const page = Number(params.get("page"));
  return {
    search: text("search"),
    author: text("author"),
    page: Number.isInteger(page) && page > 1 && page < 100_000 ? page : 1,
  };
}

export function hasActiveArticleFilters(query: Pick<ArticleListQuery, "search" | "author">) {
  return query.search !== "" || query.author !== "";
}

/** /articles with the query in the URL; empty terms and page 1 are left out. */
export function articleListHref(query: Partial<ArticleListQuery>): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.author?.trim()) params.set("author", query.author.trim());
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/articles?${search}` : "/articles";
}
