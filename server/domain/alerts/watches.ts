import { and, count, eq } from "drizzle-orm";
import { ALERT_TEXTS, MAX_WATCHED_COURSES } from "../../../core/alert-rules";
import { normaliseCategory } from "../../../core/course-categories";
import { alertWatches, courses, type NewCourseRow } from "../../db/schema";
import type { Services } from "../../services";
import { LimitReached, NotFound } from "../common/errors";
import { claimFreeSlugs } from "../ingest/course-slugs";
import { channelsReachingUser } from "./channel-facts";

/** The source recorded on a course first known because a user watched it. */
export const WATCH_STUB_SOURCE = "watch";

export type WatchTarget = { courseId: number } | { link: string };

export type WatchedCourse = { courseId: number; slug: string; title: string; listed: boolean };

/**
 * Watches a course for a user: each new coupon of it will be told once per channel. A Udemy
 * course we do not know yet (by its canonical link) becomes an unlisted stub course — inactive,
 * without a coupon — which ingest fills in and lists when a source finds a coupon for it.
 * Watching twice is the same as once. Refused beyond MAX_WATCHED_COURSES.
 */
export async function watchCourse(
  services: Services,
  userId: string,
  target: WatchTarget,
): Promise<WatchedCourse> {
  const course =
    "courseId" in target
      ? await findCourse(services, eq(courses.id, target.courseId))
      : ((await findCourse(services, eq(courses.link, target.link))) ??
        (await createStubCourse(services, target.link)));
  if (!course) throw new NotFound(ALERT_TEXTS.courseUnknown);

  const [watching] = await services.db
    .select({ total: count() })
    .from(alertWatches)
    .where(eq(alertWatches.userId, userId));
  if ((watching?.total ?? 0) >= MAX_WATCHED_COURSES) {
    const [already] = await services.db
      .select({ courseId: alertWatches.courseId })
      .from(alertWatches)
      .where(and(eq(alertWatches.userId, userId), eq(alertWatches.courseId, course.courseId)));
    if (!already) throw new LimitReached(ALERT_TEXTS.watchLimit);
  }
  await services.db
    .insert(alertWatches)
    .values({
      userId,
      courseId: course.courseId,
      channels: await channelsReachingUser(services, userId),
      createdAt: services.clock.now(),
    })
    .onConflictDoNothing();
  return course;
}

/** Stops watching; true when the course was watched. */
export async function unwatchCourse(
  services: Services,
  userId: string,
  courseId: number,
): Promise<boolean> {
  const removed = await services.db
    .delete(alertWatches)
    .where(and(eq(alertWatches.userId, userId), eq(alertWatches.courseId, courseId)))
    .returning({ courseId: alertWatches.courseId });
  return removed.length > 0;
}

async function findCourse(
  services: Services,
  where: ReturnType<typeof eq>,
): Promise<WatchedCourse | null> {
  const [row] = await services.db
    .select({
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      listed: courses.active,
    })
    .from(courses)
    .where(where);
  return row ?? null;
}

/** "learn-python_3" → "Learn Python 3": a stand-in title until a source names the course. */
function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter((word) => word !== "")
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * An unlisted course for a Udemy link nobody has listed. Its last sighting is the epoch, so the
 * first source that finds it (whatever date it reports) writes the real facts over the stub.
 */
async function createStubCourse(services: Services, link: string): Promise<WatchedCourse | null> {
  const slug = new URL(link).pathname.split("/").filter(Boolean).at(-1)!;
  const title = titleFromSlug(slug);
  const now = services.clock.now();
  const row: NewCourseRow = {
    slug,
    title,
    link,
    couponCode: null,
    couponUrl: null,
    category: normaliseCategory({ category: null, subCategory: null, title }),
    date: services.clock.today(),
    source: WATCH_STUB_SOURCE,
    firstSeenAt: now,
    lastSeenAt: new Date(0),
    active: false,
  };
  await claimFreeSlugs(services, [row]);
  await services.db.insert(courses).values(row).onConflictDoNothing();
  // Another request may have created it first: either way the row for the link is the one.
  return findCourse(services, eq(courses.link, link));
}
