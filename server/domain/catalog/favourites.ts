import { and, desc, eq, sql } from "drizzle-orm";
import { favouriteLimitMessage } from "../../../core/messages";
import { DAILY_FAVOURITE_LIMIT } from "../../../core/rules";
import { courses, favourites } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "./catalog";
import { countWithinDailyLimit } from "../accounts/daily-counters";
import { LimitReached, NotFound } from "../common/errors";

export type FavouriteChange = { favourited: boolean; changed: boolean };

/**
 * Adds or removes a favourite for a subject (user id or anonymous subject). Adding counts
 * towards the daily cap (30 a Jakarta day), in the same transaction as the insert,
 * so a refused add leaves nothing behind. Adding an existing favourite costs nothing.
 */
export async function setFavourite(
  services: Services,
  subject: string,
  courseId: number,
  favourite: boolean,
): Promise<FavouriteChange> {
  // Not a course id the integer column can hold: no such course (the database would throw).
  const knownShape = Number.isInteger(courseId) && courseId > 0 && courseId <= 2_147_483_647;
  if (!favourite) {
    if (!knownShape) return { favourited: false, changed: false };
    const removed = await services.db
      .delete(favourites)
      .where(and(eq(favourites.subject, subject), eq(favourites.courseId, courseId)))
      .returning({ courseId: favourites.courseId });
    return { favourited: false, changed: removed.length > 0 };
  }
  if (!knownShape) throw new NotFound("Course not found.");
  const [course] = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new NotFound("Course not found.");
  const today = services.clock.today();
  return services.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(favourites)
      .values({ subject, courseId, createdAt: services.clock.now() })
      .onConflictDoNothing()
      .returning({ courseId: favourites.courseId });
    if (inserted.length === 0) return { favourited: true, changed: false };
    const added = await countWithinDailyLimit(
      tx,
      "favouritesAdded",
      subject,
      today,
      DAILY_FAVOURITE_LIMIT,
    );
    if (added === null) throw new LimitReached(favouriteLimitMessage(DAILY_FAVOURITE_LIMIT));
    return { favourited: true, changed: true };
  });
}

export type FavouriteCourse = {
  courseId: number;
  title: string;
  link: string;
  courseType: string;
  date: string;
  averageRating: number;
  reviewCount: number;
  /** False once its coupon has ended (expired or delisted): the tab offers to watch it instead. */
  listed: boolean;
  /** A course of the demo catalogue: kept among the favourites, shown as an example course. */
  demo: boolean;
};

/** The dashboard's Favorites tab, newest favourite first. */
/** The most favourites a list holds (the dashboard, the app's getUser). */
export const FAVOURITES_LIMIT = 500;

export async function listFavourites(
  services: Services,
  subject: string,
): Promise<FavouriteCourse[]> {
  const rows = await services.db
    .select({
      courseId: courses.id,
      title: courses.title,
      link: courses.link,
      courseType: courses.category,
      date: courses.date,
      reviewAverage: courses.reviewAverage,
      reviewCount: courses.reviewCount,
      listed: sql<boolean>`(${listedCondition(services)})`,
      demo: courses.isDemo,
    })
    .from(favourites)
    .innerJoin(courses, eq(courses.id, favourites.courseId))
    .where(eq(favourites.subject, subject))
    .orderBy(desc(favourites.createdAt))
    .limit(FAVOURITES_LIMIT);
  return rows.map(({ reviewAverage, ...row }) => ({
    ...row,
    averageRating: reviewAverage === null ? 0 : Math.round(reviewAverage * 10) / 10,
  }));
}
