import { and, desc, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import {
  courseImageGate,
  fetchCourseImage,
  ImageRefused,
  prepareCourseImage,
} from "../../adapters/course-images/image-fetch";
import { botUserAgent } from "../../adapters/coupon-feeds/http-fetch";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import {
  deleteRetiredCourseImages,
  retireCourseImage,
  retireImagesOfGoneCourses,
} from "./retired-course-images";
import { mapWithConcurrency } from "./run-coupon-check";

/** Images fetched per ingest run: the newest courses first, the rest in the next runs. */
export const COURSE_IMAGES_PER_RUN = 40;
const IMAGE_CONCURRENCY = 3;
const MAX_REPORTED_ERRORS = 3;

export type CourseImageCounts = {
  stored: number;
  /** Refused for good (off the CDN, too large, an SVG, not an image): the drawn cover stays. */
  refused: number;
  /** Could not be fetched this time (network, 5xx): tried again next run. */
  failed: number;
  /** The first reasons, "course <id>: <reason>". */
  errors: string[];
};

export type CourseImageSettings = {
  /** UDEMY_IMAGE_BASE_URL: the one origin images may come from instead of Udemy's CDN. */
  imageBaseUrl: string | null;
  limit?: number;
  signal?: AbortSignal;
};

/**
 * Our own copies of listed courses' images, fetched once per image address: a course whose
 * `image_url` was never fetched (or changed since) gets it fetched, checked by its bytes and
 * stored in every width the pages use (core/course-images.ts) in the image store. A refused
 * image is not asked for again until the address changes; a failed fetch is retried next run.
 * Pages then show our copy, or the cover we draw when there is none.
 */
export async function copyCourseImages(
  services: Services,
  settings: CourseImageSettings,
): Promise<CourseImageCounts> {
  const counts: CourseImageCounts = { stored: 0, refused: 0, failed: 0, errors: [] };
  const rows = await services.db
    .select({ id: courses.id, imageUrl: courses.imageUrl, imageKey: courses.imageKey })
    .from(courses)
    .where(
      and(
        eq(courses.active, true),
        isNotNull(courses.imageUrl),
        or(isNull(courses.imageFetchedFrom), ne(courses.imageFetchedFrom, courses.imageUrl)),
      ),
    )
    .orderBy(desc(courses.id))
    .limit(settings.limit ?? COURSE_IMAGES_PER_RUN);
  const gate = courseImageGate(settings.imageBaseUrl);
  const userAgent = botUserAgent(services.config.publicSiteUrl);
  const report = (id: number, reason: string) => {
    if (counts.errors.length < MAX_REPORTED_ERRORS) counts.errors.push(`course ${id}: ${reason}`);
  };

  await mapWithConcurrency(rows, IMAGE_CONCURRENCY, async (row) => {
    const address = row.imageUrl!;
    if (settings.signal?.aborted) return;
    const sameAddress = and(eq(courses.id, row.id), eq(courses.imageUrl, address));
    try {
      const bytes = await fetchCourseImage(address, gate, { userAgent, signal: settings.signal });
      const prepared = await prepareCourseImage(bytes);
      for (const file of prepared.files) {
        await services.images.put(file.name, file.bytes, "image/webp");
      }
      await services.db
        .update(courses)
        .set({ imageKey: prepared.key, imageFetchedFrom: address })
        .where(sameAddress);
      // The copy shown until now may still be named by a cached page: deleted after a grace.
      if (row.imageKey && row.imageKey !== prepared.key) {
        await retireCourseImage(services, row.imageKey);
      }
      counts.stored += 1;
    } catch (error) {
      if (error instanceof ImageRefused) {
        counts.refused += 1;
        await services.db.update(courses).set({ imageFetchedFrom: address }).where(sameAddress);
      } else counts.failed += 1;
      report(row.id, (error as Error).message);
    }
  });
  if (counts.stored > 0) services.cache.forget("catalog:");
  return counts;
}

/**
 * A run's image upkeep, after its sources and Udemy's facts named the images: copies what is
 * new, then retires the copies of courses gone long enough and deletes the copies retired
 * longer ago than their grace period. Logged, never a run error: a course shows its drawn cover.
 */
export async function keepCourseImages(
  services: Services,
  settings: CourseImageSettings,
  log: Services["logger"],
): Promise<void> {
  try {
    log.info(await copyCourseImages(services, settings), "course images copied");
  } catch (error) {
    log.warn({ err: error }, "course images not copied");
  }
  if (settings.signal?.aborted) return;
  try {
    const retiredGone = await retireImagesOfGoneCourses(services);
    const deleted = await deleteRetiredCourseImages(services);
    if (retiredGone > 0) services.cache.forget("catalog:");
    log.info({ retiredGone, ...deleted }, "retired course images deleted");
  } catch (error) {
    log.warn({ err: error }, "retired course images not deleted");
  }
}
