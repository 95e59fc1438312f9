import type { CoursePage, PublicCourse } from "./course";

/**
 * A signed-in learner's own first page of the course list, laid over the shared one: the shared
 * page (as a visitor sees it) is sent to everybody, and a learner who claimed courses gets, in
 * their personal layer, which courses their page shows instead (the claimed ones left out, the
 * next ones in their place). Courses the shared page already shows travel as ids only.
 */
export type OwnCourseList = Omit<CoursePage, "courses"> & {
  /** The learner's page, in order. */
  courseIds: number[];
  /** The courses of `courseIds` that the shared page does not show. */
  moreCourses: PublicCourse[];
};

/** The learner's page as their layer carries it, given the ids the shared page shows. */
export function ownCourseListOf(page: CoursePage, sharedCourseIds: number[]): OwnCourseList {
  const shared = new Set(sharedCourseIds);
  const { courses, ...counts } = page;
  return {
    ...counts,
    courseIds: courses.map((course) => course.id),
    moreCourses: courses.filter((course) => !shared.has(course.id)),
  };
}

/**
 * The page a learner sees: the shared page with their own list laid over it. A course their list
 * names but neither part holds (never, unless the two came from different renders) is left out.
 */
export function withOwnCourseList(shared: CoursePage, own: OwnCourseList | null): CoursePage {
  if (own === null) return shared;
  const known = new Map<number, PublicCourse>();
  for (const course of [...shared.courses, ...own.moreCourses]) known.set(course.id, course);
  const { courseIds, moreCourses: _more, ...counts } = own;
  return {
    ...counts,
    courses: courseIds.flatMap((id) => {
      const course = known.get(id);
      return course ? [course] : [];
    }),
  };
}
