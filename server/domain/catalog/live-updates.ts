import { createHash } from "node:crypto";
import { and, count, desc, eq, gt, max, type SQL } from "drizzle-orm";
import { toJakartaDay } from "../../../core/dates";
import {
  LIVE_UPDATES_MAX_COUNT,
  LIVE_UPDATES_MAX_ITEMS,
  type LiveArticle,
  type LiveUpdateCursor,
  type LiveUpdates,
} from "../../../core/live-updates";
import { articles, courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition, publicColumns, toPublicCourse } from "./catalog";
import { uploadPath } from "./sitemap";

/** Counting stops here: a page that far behind should reload anyway. */
async function countCapped(
  services: Services,
  table: typeof courses | typeof articles,
  where: SQL,
) {
  const capped = services.db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .limit(LIVE_UPDATES_MAX_COUNT)
    .as("capped");
  const [row] = await services.db.select({ total: count() }).from(capped);
  return row?.total ?? 0;
}

/**
 * Courses listed now with an id above `courseSince` and published articles with an id above
 * `articleSince`: counts, the newest items, and an ETag that changes exactly when the answer
 * does. Both queries walk the primary key from the given id, so they stay cheap however large
 * the tables grow.
 */
export async function getLiveUpdates(
  services: Services,
  cursor: LiveUpdateCursor,
): Promise<{ updates: LiveUpdates; etag: string }> {
  const newCourses = and(listedCondition(services), gt(courses.id, cursor.courseSince))!;
  const newArticles = and(eq(articles.status, "published"), gt(articles.id, cursor.articleSince))!;
  const [courseCount, courseRows, articleCount, articleRows] = await Promise.all([
    countCapped(services, courses, newCourses),
    services.db
      .select(publicColumns)
      .from(courses)
      .where(newCourses)
      .orderBy(desc(courses.id))
      .limit(LIVE_UPDATES_MAX_ITEMS),
    countCapped(services, articles, newArticles),
    services.db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        author: articles.author,
        createdAt: articles.createdAt,
        imageKey: articles.imageKey,
      })
      .from(articles)
      .where(newArticles)
      .orderBy(desc(articles.id))
      .limit(LIVE_UPDATES_MAX_ITEMS),
  ]);
  const updates: LiveUpdates = {
    courses: {
      count: courseCount,
      latestId: courseRows[0]?.id ?? cursor.courseSince,
      items: courseRows.map(toPublicCourse),
    },
    articles: {
      count: articleCount,
      latestId: articleRows[0]?.id ?? cursor.articleSince,
      items: articleRows.map((row): LiveArticle => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        author: row.author,
        date: toJakartaDay(row.createdAt),
        imageUrl: row.imageKey ? uploadPath(row.imageKey) : null,
      })),
    },
  };
  const digest = createHash("sha256").update(JSON.stringify(updates)).digest("base64url");
  return { updates, etag: `W/"${digest.slice(0, 27)}"` };
}

/** Where a freshly rendered page starts polling from: the newest listed course and article. */
export async function getLiveUpdateCursor(services: Services): Promise<LiveUpdateCursor> {
  const [[course], [article]] = await Promise.all([
    services.db
      .select({ latest: max(courses.id) })
      .from(courses)
      .where(listedCondition(services)),
    services.db
      .select({ latest: max(articles.id) })
      .from(articles)
      .where(eq(articles.status, "published")),
  ]);
  return { courseSince: course?.latest ?? 0, articleSince: article?.latest ?? 0 };
}

/** If-None-Match against our ETag (weak comparison, lists and "*" included). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
