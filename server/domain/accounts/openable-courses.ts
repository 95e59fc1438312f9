import { inArray, sql } from "drizzle-orm";
import { isRowId } from "../../../core/row-id";
import { createCallBatcherPerOwner, type BatchOutcome } from "../../db/batched-calls";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";
import { NotFound } from "../common/errors";

/** What opening a course needs to know about it. */
export type OpenableCourse = {
  id: number;
  title: string;
  link: string;
  couponCode: string | null;
  couponUrl: string | null;
  category: string;
  imageUrl: string | null;
  /** When Udemy last said the coupon works. */
  checkedAt: Date | null;
  /** When the coupon ends, when known. */
  expiresAt: Date | null;
  /** An example of the demo catalogue: nothing to open. */
  isDemo: boolean;
  /** Listed now: active, found by today, not past its expiry (the catalogue's one rule). */
  listed: boolean;
};

/**
 * How long a listed course's facts for opening are kept in memory. A popular coupon is opened
 * by the thousand within minutes; its row is read once a minute, not once an open. Every change
 * to the catalogue forgets them at once (the "catalog:" keys, on every instance).
 */
const OPENABLE_COURSE_TTL_MS = 60_000;

/** The most courses one read asks for when many opens arrive together. */
const COURSES_PER_READ = 200;

/**
 * The course behind an id, or NotFound (also for ids no integer column can hold). A kept answer
 * is used only while it says the course is listed and its coupon's end has not come; anything
 * else (an ended coupon, a course not yet or no longer listed) is read again, so the clock's
 * part of the listing rule is always today's.
 */
export async function findOpenableCourse(
  services: Services,
  courseId: number,
): Promise<OpenableCourse> {
  if (!isRowId(courseId)) throw new NotFound("Course not found.");
  let readNow = false;
  const kept = await services.cache.remember(
    `catalog:openable:${courseId}`,
    OPENABLE_COURSE_TTL_MS,
    () => {
      readNow = true;
      return readOpenableCourse(services, courseId);
    },
  );
  const now = services.clock.now();
  const stillListed = kept.listed && (kept.expiresAt === null || kept.expiresAt > now);
  return readNow || stillListed ? kept : readOpenableCourse(services, courseId);
}

/** A course with a coupon to open now: listed, with its code and its coupon URL. */
export function hasLiveCoupon(
  course: OpenableCourse,
): course is OpenableCourse & { couponCode: string; couponUrl: string } {
  return course.listed && Boolean(course.couponCode) && Boolean(course.couponUrl);
}

/** The courses that the opens of one site ask for at once are read in one query. */
const readOpenableCourse = createCallBatcherPerOwner((services: Services) => ({
  maxSize: COURSES_PER_READ,
  run: (courseIds: readonly number[]) => readOpenableCourses(services, courseIds),
}));

async function readOpenableCourses(
  services: Services,
  courseIds: readonly number[],
): Promise<Array<BatchOutcome<OpenableCourse>>> {
  const rows = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      link: courses.link,
      couponCode: courses.couponCode,
      couponUrl: courses.couponUrl,
      category: courses.category,
      imageUrl: courses.imageUrl,
      checkedAt: courses.checkedAt,
      expiresAt: courses.expiresAt,
      isDemo: courses.isDemo,
      listed: sql<boolean>`${listedCondition(services)}`,
    })
    .from(courses)
    .where(inArray(courses.id, [...new Set(courseIds)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return courseIds.map((courseId) => {
    const course = byId.get(courseId);
    return course
      ? { status: "fulfilled", value: course }
      : { status: "rejected", reason: new NotFound("Course not found.") };
  });
}
