import { and, eq, inArray } from "drizzle-orm";
import type { favourites, visits } from "../../db/schema";
import type { Services } from "../../services";

/**
 * The tables that mark a course for a subject (a user or an anonymous visitor): a favourite
 * (the heart on a card) or a visit (the Visited badge). Both are read the same way.
 */
export type CourseMarks = typeof favourites | typeof visits;

/** Of these courses, the ones the subject has marked in `marks` (on a page of cards). */
export async function listMarkedCourseIds(
  services: Services,
  marks: CourseMarks,
  subject: string,
  courseIds: number[],
): Promise<number[]> {
  if (courseIds.length === 0) return [];
  const rows = await services.db
    .selectDistinct({ courseId: marks.courseId })
    .from(marks)
    .where(and(eq(marks.subject, subject), inArray(marks.courseId, courseIds)));
  return rows.map((row) => row.courseId);
}

/** The courses the subject has marked in `marks`, at most `limit` of them. */
export async function listMarkedCourseIdsUpTo(
  services: Services,
  marks: CourseMarks,
  subject: string,
  limit: number,
): Promise<number[]> {
  const rows = await services.db
    .selectDistinct({ courseId: marks.courseId })
    .from(marks)
    .where(eq(marks.subject, subject))
    .limit(limit);
  return rows.map((row) => row.courseId);
}
