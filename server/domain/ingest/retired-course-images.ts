import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import { COURSE_IMAGE_SIZES, courseImageFile } from "../../../core/course-images";
import { courses, retiredCourseImages } from "../../db/schema";
import type { Services } from "../../services";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a copy no course shows any more stays in the image store. Whatever named it may still
 * be asked for it: a page is kept by us for seconds and revalidated by browsers, but the Atom
 * feed is cached 30 minutes, the sitemap an hour, an open tab or the back button shows the page
 * it had, and a chat app or social network fetches a shared link's preview image later still.
 * A week covers all of them with room to spare, for a few tens of kB per image.
 */
export const RETIRED_IMAGE_GRACE_DAYS = 7;
/**
 * A course that left the list keeps its page (favourites, history and reviews link to it), with
 * its image for this long: most courses come back with a new coupon within weeks. After that
 * its page shows the cover we draw, and the image is fetched again if it ever comes back.
 */
export const IMAGE_KEPT_AFTER_GONE_DAYS = 30;
/** Retired images deleted per run (three store deletions each); the rest in the next runs. */
const DELETED_PER_RUN = 200;

export type RetiredImageCounts = {
  /** Copies of courses gone for IMAGE_KEPT_AFTER_GONE_DAYS, retired in this run. */
  retiredGone: number;
  /** Retired copies deleted from the image store (every width). */
  deleted: number;
  /** Retired copies a course shows again (the same image bytes): kept, no longer retired. */
  shownAgain: number;
};

/** The copy `key` is no longer shown by the course that had it: deleted after the grace period. */
export async function retireCourseImage(services: Services, key: string): Promise<void> {
  const retiredAt = services.clock.now();
  await services.db
    .insert(retiredCourseImages)
    .values({ key, retiredAt })
    .onConflictDoUpdate({ target: retiredCourseImages.key, set: { retiredAt } });
}

/**
 * Courses not listed and not seen by any source for IMAGE_KEPT_AFTER_GONE_DAYS give up their
 * copy: the page shows the drawn cover, and `image_fetched_from` is forgotten so that the image
 * is fetched again when the course is listed again.
 */
export async function retireImagesOfGoneCourses(services: Services): Promise<number> {
  const goneBefore = new Date(services.clock.now().getTime() - IMAGE_KEPT_AFTER_GONE_DAYS * DAY_MS);
  const gone = await services.db
    .select({ id: courses.id, imageKey: courses.imageKey })
    .from(courses)
    .where(
      and(
        eq(courses.active, false),
        isNotNull(courses.imageKey),
        lt(courses.lastSeenAt, goneBefore),
      ),
    );
  for (const course of gone) {
    await services.db.transaction(async (tx) => {
      await tx
        .update(courses)
        .set({ imageKey: null, imageFetchedFrom: null })
        .where(and(eq(courses.id, course.id), eq(courses.active, false)));
      const retiredAt = services.clock.now();
      await tx
        .insert(retiredCourseImages)
        .values({ key: course.imageKey!, retiredAt })
        .onConflictDoUpdate({ target: retiredCourseImages.key, set: { retiredAt } });
    });
  }
  return gone.length;
}

/**
 * Deletes from the image store every width of the copies retired RETIRED_IMAGE_GRACE_DAYS ago
 * or more. Keys are the hash of the image's bytes, so another course may show the same copy:
 * a copy any course still names is never deleted, only forgotten here. Runs inside the ingest
 * lock, after the run's copies are stored, so no copy is being stored under the same key now.
 * A failed deletion leaves the row: tried again next run.
 */
export async function deleteRetiredCourseImages(
  services: Services,
): Promise<Pick<RetiredImageCounts, "deleted" | "shownAgain">> {
  const counts = { deleted: 0, shownAgain: 0 };
  const graceOver = new Date(services.clock.now().getTime() - RETIRED_IMAGE_GRACE_DAYS * DAY_MS);
  const due = await services.db
    .select({ key: retiredCourseImages.key })
    .from(retiredCourseImages)
    .where(lt(retiredCourseImages.retiredAt, graceOver))
    .orderBy(asc(retiredCourseImages.retiredAt))
    .limit(DELETED_PER_RUN);
  for (const { key } of due) {
    const [shown] = await services.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.imageKey, key))
      .limit(1);
    if (shown) counts.shownAgain += 1;
    else {
      for (const [width] of COURSE_IMAGE_SIZES) {
        await services.images.delete(courseImageFile(key, width));
      }
      counts.deleted += 1;
    }
    await services.db.delete(retiredCourseImages).where(eq(retiredCourseImages.key, key));
  }
  return counts;
}
