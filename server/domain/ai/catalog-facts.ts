import { and, desc } from "drizzle-orm";
import { everySearchWordIn } from "../../db/like-pattern";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";
import type { ListedCourse } from "./compass-courses";

/** What the Learning Compass knows of our catalogue, read from our own database. */

const SNAPSHOT_CACHE_MS = 10 * 60 * 1000;
const SNAPSHOT_SIZE = 10_000;

/**
 * Listed courses (newest first, capped) for the compass, whichever provider answers: titles,
 * categories, headlines, and each course's page and language for the courses under each skill.
 */
export function loadCatalogueSnapshot(services: Services): Promise<ListedCourse[]> {
  // "catalog:" keys are dropped by every import (server/domain/ingest/import-records.ts).
  return services.cache.remember(
    `catalog:ai-snapshot-v2:${services.clock.today()}`,
    SNAPSHOT_CACHE_MS,
    () =>
      services.db
        .select({
          id: courses.id,
          slug: courses.slug,
          title: courses.title,
          language: courses.language,
          category: courses.category,
          subCategory: courses.subCategory,
          headline: courses.headline,
        })
        .from(courses)
        .where(listedCondition(services))
        .orderBy(desc(courses.date), desc(courses.id))
        .limit(SNAPSHOT_SIZE),
  );
}

/** Whether the home search for `keyword` would list anything (core/search-match.ts). */
export async function keywordFindsCourses(services: Services, keyword: string): Promise<boolean> {
  const words = everySearchWordIn(courses.title, keyword);
  if (words.length === 0) return false;
  const rows = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(listedCondition(services), ...words))
    .limit(1);
  return rows.length > 0;
}
