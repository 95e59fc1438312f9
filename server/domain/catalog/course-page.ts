import { and, desc, eq, ilike, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { PublicCourse } from "../../../core/course";
import { courses } from "../../db/schema";
import { containing } from "../../db/like-pattern";
import type { Services } from "../../services";
import { listedCondition, publicColumns, toPublicCourse } from "./catalog";
import { sanitiseCourseDescription, type CourseDescription } from "./course-description";
import { listReviews, type PublicReview } from "./reviews";

/** What a course page shows: the public facts, whether its coupon is live, the description. */
export type CoursePageCourse = PublicCourse & {
  /** Its coupon is live (the course is in the list); else the page says the coupon has ended. */
  listed: boolean;
  description: CourseDescription;
  /** From Udemy's course API (null until Udemy has answered for the course). */
  lastUpdatedOn: string | null;
  listPrice: { amount: number; currency: string } | null;
  /** What the learner will learn, as Udemy lists it. */
  objectives: string[];
};

/**
 * The course with this slug (already in its canonical spelling), listed or not: a course whose
 * coupon ended keeps its page, with its facts and reviews. Null when no course has the slug.
 */
export async function findCourseBySlug(
  services: Services,
  slug: string,
): Promise<CoursePageCourse | null> {
  const [row] = await services.db
    .select({
      ...publicColumns,
      description: courses.description,
      lastUpdatedOn: courses.lastUpdatedOn,
      listPriceAmount: courses.listPriceAmount,
      listPriceCurrency: courses.listPriceCurrency,
      objectives: courses.objectives,
      listed: sql<boolean>`(${listedCondition(services)})`,
    })
    .from(courses)
    .where(eq(courses.slug, slug));
  if (!row) return null;
  return {
    ...toPublicCourse(row),
    listed: Boolean(row.listed),
    description: sanitiseCourseDescription(row.description, services.config.publicSiteUrl),
    lastUpdatedOn: row.lastUpdatedOn,
    listPrice:
      row.listPriceAmount !== null && row.listPriceCurrency
        ? { amount: Number(row.listPriceAmount), currency: row.listPriceCurrency }
        : null,
    objectives: Array.isArray(row.objectives) ? row.objectives.filter(isText) : [],
  };
}

const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/** The reviews a page lists (newest first); the page shows the total count beside them. */
export const COURSE_PAGE_REVIEWS = 50;

/** Published reviews of the course, newest first, by display name only (never an account id). */
export function listCoursePageReviews(
  services: Services,
  course: Pick<PublicCourse, "link">,
): Promise<PublicReview[]> {
  return listReviews(services, { courseLink: course.link, limit: COURSE_PAGE_REVIEWS });
}

export const SIMILAR_COURSES = 6;

/** Words too common in course titles to say what a course is about. */
const GENERIC_TITLE_WORDS = new Set(
  (
    "to in of on an at by or as is it be we my the and for with from into your you are how " +
    "what why who this that its all any " +
    "learn learning course courses class complete guide ultimate beginner beginners " +
    "advanced intermediate basic basics introduction intro master masterclass mastery " +
    "bootcamp training practical hands zero hero step new full free tutorial tutorials " +
    "part edition crash fundamentals essentials expert pro using use"
  ).split(" "),
);

/** The words of a title that say what the course is about (at most six). */
export function titleTopicWords(title: string): string[] {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word.length >= 2 && !GENERIC_TITLE_WORDS.has(word) && !/^\d+$/.test(word));
  return [...new Set(words)].slice(0, 6);
}

/**
 * Up to six listed courses like this one: the same sub-category first, then the same category,
 * then courses sharing words of its title; within each, the most shared title words first, then
 * the newest. Each step is one query and stops the search once six are found, so the common case
 * (a sub-category with six live courses) reads one indexed slice of the catalogue.
 */
export async function listSimilarCourses(
  services: Services,
  course: Pick<PublicCourse, "id" | "title" | "courseType" | "subCategory">,
): Promise<PublicCourse[]> {
  const words = titleTopicWords(course.title);
  const matches = words.map((word) => ilike(courses.title, containing(word)));
  const sharedWords = words.length
    ? sql.join(
        matches.map((match) => sql`(${match})::int`),
        sql` + `,
      )
    : sql`0`;
  const steps: SQL[] = [];
  if (course.subCategory) steps.push(eq(courses.subCategory, course.subCategory));
  steps.push(eq(courses.category, course.courseType));
  if (matches.length > 0) steps.push(or(...matches)!);

  const listed = listedCondition(services);
  const found: PublicCourse[] = [];
  for (const step of steps) {
    if (found.length >= SIMILAR_COURSES) break;
    const rows = await services.db
      .select(publicColumns)
      .from(courses)
      .where(
        and(listed, step, notInArray(courses.id, [course.id, ...found.map((item) => item.id)])),
      )
      .orderBy(desc(sharedWords), sql`${courses.date} desc nulls last`, desc(courses.id))
      .limit(SIMILAR_COURSES - found.length);
    found.push(...rows.map(toPublicCourse));
  }
  return found;
}
