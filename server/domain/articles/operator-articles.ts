import { desc, eq } from "drizzle-orm";
import { articles, type ArticleRow } from "../../db/schema";
import type { Services } from "../../services";
import { NotFound, ValidationError } from "../common/errors";

/** Articles as the operator moderates them (`npm run articles`, the console's ops endpoint). */
export type ArticleStatus = ArticleRow["status"];

export type OperatorArticle = {
  id: number;
  title: string;
  author: string;
  userId: string | null;
  status: ArticleStatus;
  createdAt: Date;
};

/** What an operator sees of an article: hidden ones too, with who wrote it and when. */
const OPERATOR_COLUMNS = {
  id: articles.id,
  title: articles.title,
  author: articles.author,
  userId: articles.userId,
  status: articles.status,
  createdAt: articles.createdAt,
};

/** Hides or shows an article again: a hidden one leaves the list, sitemap and feed, and 404s. */
export async function setArticleStatus(
  services: Services,
  id: number,
  status: ArticleStatus,
): Promise<OperatorArticle> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw new ValidationError("The article id must be a positive whole number.");
  }
  const [row] = await services.db
    .update(articles)
    .set({ status })
    .where(eq(articles.id, id))
    .returning(OPERATOR_COLUMNS);
  if (!row) throw new NotFound(`No article has id ${id}.`);
  return row;
}

/** Every article, hidden ones too, newest first. */
export async function listArticlesForOperators(
  services: Services,
  limit = 100,
): Promise<OperatorArticle[]> {
  return services.db
    .select(OPERATOR_COLUMNS)
    .from(articles)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(Math.min(Math.max(limit, 1), 10_000));
}
