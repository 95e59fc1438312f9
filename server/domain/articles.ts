import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { articles } from "../db/schema";
import type { Services } from "../services";

/** SPEC §3 article as everyone may read it. */
export type PublicArticle = {
  articleId: number;
  slug: string;
  title: string;
  content: string;
  author: string;
  /** Publication instant (ISO). */
  date: string;
  imageUrl: string | null;
};

export const ARTICLES_PAGE_SIZE = 12;

export type ArticleFilters = { search?: string; author?: string; page?: number; pageSize?: number };

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** Where an article's cover is served (uploads are stored by key through the image store). */
export function articleImageUrl(imageKey: string | null): string | null {
  if (!imageKey) return null;
  return /^https?:\/\//.test(imageKey) ? imageKey : `/uploads/${imageKey}`;
}

function toPublicArticle(row: typeof articles.$inferSelect): PublicArticle {
  return {
    articleId: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    author: row.author,
    date: row.createdAt.toISOString(),
    imageUrl: articleImageUrl(row.imageKey),
  };
}

/** Published articles, newest first; search by title/content and by author, case-insensitive. */
export async function listArticles(services: Services, filters: ArticleFilters = {}) {
  const conditions: SQL[] = [eq(articles.status, "published")];
  const search = filters.search?.trim();
  if (search)
    conditions.push(
      or(ilike(articles.title, likePattern(search)), ilike(articles.content, likePattern(search)))!,
    );
  const author = filters.author?.trim();
  if (author) conditions.push(ilike(articles.author, likePattern(author)));
  const where = and(...conditions);
  const pageSize = Math.min(Math.max(filters.pageSize ?? ARTICLES_PAGE_SIZE, 1), 100);
  const [totals] = await services.db.select({ total: count() }).from(articles).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(filters.page ?? 1, 1), pageCount);
  const rows = await services.db
    .select()
    .from(articles)
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { articles: rows.map(toPublicArticle), total, page, pageCount, pageSize };
}

/** A published article, or null (unknown or hidden: both read as "not found"). */
export async function findArticle(services: Services, id: number): Promise<PublicArticle | null> {
  const [row] = await services.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.status, "published")));
  return row ? toPublicArticle(row) : null;
}
