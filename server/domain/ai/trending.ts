import { and, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import {
  AI_MESSAGES,
  TRENDING_RELATED_COURSES,
  trendingTopicSchema,
  type RelatedCourse,
  type TrendingTopic,
} from "../../../core/ai-schemas";
import { addDays } from "../../../core/dates";
import type { Locale } from "../../../core/locale";
import { findWholeWords } from "../../adapters/ai/catalog-terms";
import type { TrendingCategory, TrendingCourse, TrendingFacts } from "../../adapters/ai/types";
import { containing } from "../../db/like-pattern";
import { courses, visits } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";
import { AiReplyUnreadable } from "../common/errors";
import { callAiProvider } from "./call-provider";

/**
 * The trending topic: what learners are opening this week, from our own tables (course opens
 * and new courses), put into words by the provider. Its keywords must find listed courses.
 */

const TRENDING_CACHE_MS = 60 * 60 * 1000;
const TRENDING_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** Opens in the last 7 days against the 7 before, and new courses, from our own tables. */
export async function gatherTrendingFacts(services: Services): Promise<TrendingFacts> {
  const now = services.clock.now();
  const today = services.clock.today();
  const weekAgo = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * TRENDING_WINDOW_DAYS * DAY_MS);
  const firstNewDay = addDays(today, -(TRENDING_WINDOW_DAYS - 1));
  const listed = listedCondition(services);

  const opened = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      listed: sql<boolean>`bool_or(${listed})`,
      date: courses.date,
      thisWeek: sql<number>`count(*) filter (where ${visits.visitedAt} >= ${weekAgo})`.mapWith(
        Number,
      ),
      lastWeek: sql<number>`count(*) filter (where ${visits.visitedAt} < ${weekAgo})`.mapWith(
        Number,
      ),
    })
    .from(visits)
    .innerJoin(courses, eq(courses.id, visits.courseId))
    .where(and(gte(visits.visitedAt, twoWeeksAgo), lte(visits.visitedAt, now)))
    .groupBy(courses.id);

  const perCategory = await services.db
    .select({
      category: courses.category,
      listedCourses: sql<number>`count(*)`.mapWith(Number),
      newCourses: sql<number>`count(*) filter (where ${courses.date} >= ${firstNewDay})`.mapWith(
        Number,
      ),
    })
    .from(courses)
    .where(listed)
    .groupBy(courses.category);

  const categories = new Map<string, TrendingCategory>();
  const categoryOf = (category: string) => {
    let entry = categories.get(category);
    if (!entry) {
      entry = { category, opensThisWeek: 0, opensLastWeek: 0, newCourses: 0, listedCourses: 0 };
      categories.set(category, entry);
    }
    return entry;
  };
  for (const row of perCategory) {
    Object.assign(categoryOf(row.category), {
      newCourses: row.newCourses,
      listedCourses: row.listedCourses,
    });
  }
  const trendingCourses = new Map<number, TrendingCourse>();
  for (const row of opened) {
    const entry = categoryOf(row.category);
    entry.opensThisWeek += row.thisWeek;
    entry.opensLastWeek += row.lastWeek;
    // Expired courses still show where interest is, but only listed ones can be suggested.
    if (row.listed) {
      trendingCourses.set(row.id, {
        id: row.id,
        title: row.title,
        category: row.category,
        opensThisWeek: row.thisWeek,
        opensLastWeek: row.lastWeek,
        isNew: row.date >= firstNewDay,
      });
    }
  }

  const newCourses = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      date: courses.date,
    })
    .from(courses)
    .where(and(listed, gte(courses.date, firstNewDay)))
    .orderBy(desc(courses.date), desc(courses.id))
    .limit(500);
  for (const row of newCourses) {
    if (trendingCourses.has(row.id)) continue;
    trendingCourses.set(row.id, {
      id: row.id,
      title: row.title,
      category: row.category,
      opensThisWeek: 0,
      opensLastWeek: 0,
      isNew: true,
    });
  }
  if (trendingCourses.size === 0) {
    // Nothing opened and nothing new: the newest listed courses stand in.
    const newest = await services.db
      .select({ id: courses.id, title: courses.title, category: courses.category })
      .from(courses)
      .where(listed)
      .orderBy(desc(courses.date), desc(courses.id))
      .limit(200);
    for (const row of newest) {
      trendingCourses.set(row.id, { ...row, opensThisWeek: 0, opensLastWeek: 0, isNew: false });
    }
  }

  const categoryList = [...categories.values()].sort(
    (a, b) =>
      b.opensThisWeek - a.opensThisWeek ||
      b.newCourses - a.newCourses ||
      b.listedCourses - a.listedCourses,
  );
  return {
    today,
    windowDays: TRENDING_WINDOW_DAYS,
    totals: {
      opensThisWeek: categoryList.reduce((sum, c) => sum + c.opensThisWeek, 0),
      opensLastWeek: categoryList.reduce((sum, c) => sum + c.opensLastWeek, 0),
      newCoursesThisWeek: categoryList.reduce((sum, c) => sum + c.newCourses, 0),
      listedCourses: categoryList.reduce((sum, c) => sum + c.listedCourses, 0),
    },
    categories: categoryList,
    courses: [...trendingCourses.values()].sort(
      (a, b) =>
        b.opensThisWeek - a.opensThisWeek || b.opensLastWeek - a.opensLastWeek || b.id - a.id,
    ),
  };
}

/** Enough candidates that 5 whole-word matches survive titles that only contain the letters. */
const RELATED_CANDIDATES = 60;

/**
 * The courses shown under a trending topic: up to 5 listed courses whose titles contain any of
 * the keywords as whole words, most opened in the last week first. "Rust" must not list
 * "Building Trust", nor "Boost" a course about "Booster": the index narrows by substring, the
 * title check keeps whole words.
 */
export async function findRelatedCourses(
  services: Services,
  keywords: string[],
): Promise<RelatedCourse[]> {
  const terms = keywords.map((keyword) => keyword.trim()).filter((keyword) => keyword !== "");
  if (terms.length === 0) return [];
  const weekAgo = new Date(services.clock.now().getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const opens = sql`(select count(*) from ${visits} where ${visits.courseId} = ${courses.id} and ${visits.visitedAt} >= ${weekAgo})`;
  const candidates = await services.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      and(
        listedCondition(services),
        or(...terms.map((term) => ilike(courses.title, containing(term)))),
      ),
    )
    .orderBy(desc(opens), desc(courses.date), desc(courses.id))
    .limit(RELATED_CANDIDATES);
  const lowerTerms = terms.map((term) => term.toLowerCase());
  // One title under two coupons would read as the same suggestion twice.
  const seen = new Set<string>();
  return candidates
    .filter((course) => {
      const title = course.title.toLowerCase();
      if (seen.has(title) || !lowerTerms.some((term) => findWholeWords(title, term) !== -1)) {
        return false;
      }
      seen.add(title);
      return true;
    })
    .slice(0, TRENDING_RELATED_COURSES);
}

async function computeTrendingTopic(services: Services, locale: Locale): Promise<TrendingTopic> {
  const facts = await gatherTrendingFacts(services);
  const reply = await callAiProvider(() => services.ai.trending(facts, locale));
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable trending reply");
    throw new AiReplyUnreadable(AI_MESSAGES.trendingMalformed);
  }
  // Keywords must find courses: the modal lists courses whose titles contain them.
  const keywords: string[] = [];
  for (const keyword of reply.value.keywords) {
    const key = keyword.trim();
    if (key === "" || keywords.some((k) => k.toLowerCase() === key.toLowerCase())) continue;
    if ((await findRelatedCourses(services, [key])).length > 0) keywords.push(key);
  }
  const relatedCourses = await findRelatedCourses(services, keywords);
  return trendingTopicSchema.parse({
    topic: reply.value.topic,
    explanation: reply.value.explanation,
    keywords,
    relatedCourses,
  });
}

/**
 * Cached for an hour (per Jakarta day and language): it is computed from a week of data, and
 * written in the page's language.
 */
export function getTrendingTopic(
  services: Services,
  locale: Locale = "en",
): Promise<TrendingTopic> {
  return services.cache.remember(
    `ai:trending:${locale}:${services.clock.today()}`,
    TRENDING_CACHE_MS,
    () => computeTrendingTopic(services, locale),
  );
}
