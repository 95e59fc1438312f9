import { eq, gte, ilike, lt, notIlike, or, sql, type SQL } from "drizzle-orm";
import type { CourseFilters } from "../../../core/course-filters";
import {
  COURSE_LEVELS,
  DURATION_BANDS,
  UPDATED_WITHIN_YEARS,
} from "../../../core/course-filter-options";
import { addDays } from "../../../core/dates";
import { courses } from "../../db/schema";
import { containing } from "../../db/like-pattern";

/** The columns the chosen (not typed) filters compare: a course's facts. */
export const FACT_COLUMNS = {
  category: courses.category,
  language: courses.language,
  level: courses.level,
  udemyRating: courses.udemyRating,
  students: courses.students,
  durationMinutes: courses.durationMinutes,
  lastUpdatedOn: courses.lastUpdatedOn,
  isPaid: courses.isPaid,
  reviewAverage: courses.reviewAverage,
};
export type FactName = keyof typeof FACT_COLUMNS;

/** One comparison of a fact with a value; a missing fact (null) never passes. */
export type FactCheck = {
  fact: FactName;
  op: "eq" | "gte" | "lt";
  value: string | number | boolean;
};

/**
 * The comparisons every filter chosen from a list makes (category, language, our rating, and the
 * learners' filters; core/course-filter-options.ts says what each value means). Written once and
 * read both as SQL (the list) and in memory (its count, listed-count.ts). A course without the
 * fact a filter asks about (no rating, no length, no update date) is not shown once that filter
 * is set: nothing says it qualifies.
 */
export function factChecks(filters: CourseFilters, today: string): FactCheck[] {
  const checks: FactCheck[] = [];
  if (filters.type !== "") checks.push({ fact: "category", op: "eq", value: filters.type });
  if (filters.language !== "") checks.push({ fact: "language", op: "eq", value: filters.language });
  if (filters.rating > 0) checks.push({ fact: "reviewAverage", op: "gte", value: filters.rating });
  if (filters.udemyRating !== "")
    checks.push({ fact: "udemyRating", op: "gte", value: Number(filters.udemyRating) });
  if (filters.minStudents !== "")
    checks.push({ fact: "students", op: "gte", value: Number(filters.minStudents) });
  if (filters.level !== "")
    checks.push({ fact: "level", op: "eq", value: COURSE_LEVELS[filters.level] });
  if (filters.duration !== "") {
    const band = DURATION_BANDS[filters.duration];
    checks.push({ fact: "durationMinutes", op: "gte", value: band.fromMinutes });
    if (band.toMinutes !== null)
      checks.push({ fact: "durationMinutes", op: "lt", value: band.toMinutes });
  }
  if (filters.updated !== "") {
    // A year is 365 days here: "within 1 year" on 1 March reaches back to 1 March (or 2 March
    // after a 29 February), which no learner can tell apart.
    const since = addDays(today, -365 * UPDATED_WITHIN_YEARS[filters.updated]);
    checks.push({ fact: "lastUpdatedOn", op: "gte", value: since });
  }
  if (filters.certificate !== "")
    checks.push({ fact: "isPaid", op: "eq", value: filters.certificate === "yes" });
  return checks;
}

const SQL_COMPARISONS = { eq, gte, lt } as const;

export function factCheckSql(check: FactCheck): SQL {
  return SQL_COMPARISONS[check.op](FACT_COLUMNS[check.fact], check.value);
}

export function hasExclusions(filters: CourseFilters): boolean {
  return filters.hideWords.length + filters.hideInstructors.length > 0;
}

/** The hidden words and instructors: a course whose title or instructor holds one is left out. */
export function exclusionConditions(filters: CourseFilters): SQL[] {
  const conditions = filters.hideWords.map((word) => notIlike(courses.title, containing(word)));
  if (filters.hideInstructors.length > 0) {
    const instructor = sql`coalesce(${courses.instructor}, '')`;
    conditions.push(
      ...filters.hideInstructors.map((name) => notIlike(instructor, containing(name))),
    );
  }
  return conditions;
}

/**
 * The opposite of exclusionConditions: a course one of them leaves out. Found by the trigram
 * indexes on the title and the instructor, so the few hidden courses are counted rather than
 * every course tested word by word (NOT ILIKE can use no index).
 */
export function excludedCondition(filters: CourseFilters): SQL | undefined {
  return or(
    ...filters.hideWords.map((word) => ilike(courses.title, containing(word))),
    ...filters.hideInstructors.map((name) => ilike(courses.instructor, containing(name))),
  );
}

/** The SQL of every filter chosen from a list and of the exclusions. */
export function learnerFilterConditions(filters: CourseFilters, today: string): SQL[] {
  return [...factChecks(filters, today).map(factCheckSql), ...exclusionConditions(filters)];
}
