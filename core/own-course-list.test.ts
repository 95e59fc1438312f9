import { describe, expect, it } from "vitest";
import type { CoursePage, PublicCourse } from "./course";
import { ownCourseListOf, withOwnCourseList } from "./own-course-list";

const course = (id: number) => ({ id, title: `Course ${id}` }) as PublicCourse;
const pageOf = (ids: number[], counts: Partial<CoursePage> = {}): CoursePage => ({
  courses: ids.map(course),
  total: 40,
  page: 1,
  pageCount: 2,
  pageSize: 20,
  claimedCount: 0,
  ...counts,
});

describe("a learner's own course list over the shared one", () => {
  it("carries only the courses the shared page does not show, and the learner's counts", () => {
    const shared = pageOf([1, 2, 3, 4]);
    // Claimed 2 and 3: the learner's page moves up 4 and brings 5 and 6.
    const own = ownCourseListOf(pageOf([1, 4, 5, 6], { total: 38, claimedCount: 2 }), [1, 2, 3, 4]);
    expect(own.courseIds).toEqual([1, 4, 5, 6]);
    expect(own.moreCourses.map((shown) => shown.id)).toEqual([5, 6]);

    const seen = withOwnCourseList(shared, own);
    expect(seen.courses.map((shown) => shown.id)).toEqual([1, 4, 5, 6]);
    expect([seen.total, seen.claimedCount, seen.pageCount]).toEqual([38, 2, 2]);
    expect(seen.courses[2]).toBe(own.moreCourses[0]);
  });

  it("leaves the shared page as it is without a list of the learner's own", () => {
    const shared = pageOf([1, 2]);
    expect(withOwnCourseList(shared, null)).toBe(shared);
  });

  it("leaves out a course neither part holds rather than show an empty card", () => {
    const own = { ...ownCourseListOf(pageOf([7, 1]), [1]), moreCourses: [] };
    expect(withOwnCourseList(pageOf([1]), own).courses.map((shown) => shown.id)).toEqual([1]);
  });
});
