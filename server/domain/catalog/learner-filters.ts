import { and, eq, gte, lt, notIlike, sql, type SQL } from "drizzle-orm";
import type { CourseFilters } from "../../../core/course-filters";
import {
  COURSE_LEVELS,
  DURATION_BANDS,
  UPDATED_WITHIN_YEARS,
} from "../../../core/course-filter-options";
import { addDays } from "../../../core/dates";
import { courses } from "../../db/schema";
import { containing } from "../../db/like-pattern";

/**
 * The SQL of the learners' filters (core/course-filter-options.ts says what each value means).
 * A course without the fact a filter asks about (no rating, no length, no update date) is not
 * shown once that filter is set: nothing says it qualifies.
 */
export function learnerFilterConditions(filters: CourseFilters, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.udemyRating !== "")
    conditions.push(gte(courses.udemyRating, Number(filters.udemyRating)));
  if (filters.minStudents !== "")
    conditions.push(gte(courses.students, Number(filters.minStudents)));
  if (filters.level !== "") conditions.push(eq(courses.level, COURSE_LEVELS[filters.level]));
  if (filters.duration !== "") {
    const band = DURATION_BANDS[filters.duration];
    conditions.push(gte(courses.durationMinutes, band.fromMinutes));
    if (band.toMinutes !== null) conditions.push(lt(courses.durationMinutes, band.toMinutes));
  }
  if (filters.updated !== "") {
    // A year is 365 days here: "within 1 year" on 1 March reaches back to 1 March (or 2 March
    // after a 29 February), which no learner can tell apart.
    const since = addDays(today, -365 * UPDATED_WITHIN_YEARS[filters.updated]);
    conditions.push(gte(courses.lastUpdatedOn, since));
  }
  if (filters.certificate !== "")
    conditions.push(eq(courses.isPaid, filters.certificate === "yes"));
  for (const word of filters.hideWords) conditions.push(notIlike(courses.title, containing(word)));
  if (filters.hideInstructors.length > 0) {
    const instructor = sql`coalesce(${courses.instructor}, '')`;
    conditions.push(
      and(...filters.hideInstructors.map((name) => notIlike(instructor, containing(name))))!,
    );
  }
  return conditions;
}
