import { eq, gte, type SQL } from "drizzle-orm";
import { courseListHref } from "../../../core/course-filters";
import { courses } from "../../db/schema";
import { everySearchWordIn } from "../../db/like-pattern";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";
import { buildAtomFeed, FEED_TITLE, selectFeedCourses, type FeedCourse } from "../catalog/course-feed";
import { findSavedSearchByFeedToken, type SavedSearch } from "./saved-searches";

/**
 * The private Atom feed of a saved search, or null for an unknown (or renewed) token: the
 * newest listed courses the search finds, as the home page would list them.
 */
export async function buildSavedSearchFeed(
  services: Services,
  token: string,
): Promise<string | null> {
  const search = await findSavedSearchByFeedToken(services, token);
  if (!search) return null;
  const siteUrl = services.config.publicSiteUrl;
  const label = describeSearch(search);
  return buildAtomFeed({
    siteUrl,
    courses: await listCoursesOfSearch(services, search),
    now: services.clock.now(),
    feed: {
      specific: `saved-search:${search.id}`,
      title: `${FEED_TITLE}: ${label}`,
      subtitle: `New free courses matching your saved search (${label}).`,
      selfUrl: `${siteUrl}/alerts/feed/${token}`,
      homeUrl: `${siteUrl}${courseListHref({
        search: search.search,
        type: search.category ?? "",
        language: search.language ?? "",
        rating: search.minRating,
      })}`,
    },
  });
}

function describeSearch(search: SavedSearch): string {
  const parts = [
    search.search === "" ? null : `“${search.search}”`,
    search.category,
    search.language,
    search.minRating > 0 ? `${search.minRating}+ stars` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(", ");
}

async function listCoursesOfSearch(services: Services, search: SavedSearch): Promise<FeedCourse[]> {
  const conditions: SQL[] = [
    listedCondition(services),
    ...everySearchWordIn(courses.title, search.search),
  ];
  if (search.category) conditions.push(eq(courses.category, search.category));
  if (search.language) conditions.push(eq(courses.language, search.language));
  if (search.minRating > 0) conditions.push(gte(courses.reviewAverage, search.minRating));
  return selectFeedCourses(services, conditions);
}
