import type {
  PersonalLayer,
  PersonalScope,
  RedemptionItem,
  ReviewState,
} from "../../../core/personal-layer";
import type { ViewerSummary } from "../../../core/viewer";
import type { CourseFilters } from "../../../core/course-filters";
import { ownCourseListOf, type OwnCourseList } from "../../../core/own-course-list";
import { canWriteArticles } from "../articles/articles";
import { viewerSubject, type RequestIdentity } from "./accounts";
import { favourites, visits } from "../../db/schema";
import { listCourses } from "../catalog/catalog";
import { hasClaimedCourses } from "../catalog/claims";
import { listMarkedCourseIds, listMarkedCourseIdsUpTo } from "../catalog/course-marks";
import { listRedemptions } from "./redeem";
import { findOwnReview, listReviewedCourseIds, reviewsLeftToday } from "../catalog/reviews";
import { courseIdSet, type CourseIdSet } from "../catalog/course-id-set";
import type { Services } from "../../services";

/** Which of these courses the visitor favourited and which they opened before. */
export async function listCourseMarks(
  services: Services,
  identity: Pick<RequestIdentity, "user" | "anonymousId">,
  courseIds: number[],
): Promise<{ favouriteCourseIds: number[]; visitedCourseIds: number[] }> {
  const subject = viewerSubject(identity);
  if (!subject || courseIds.length === 0) return { favouriteCourseIds: [], visitedCourseIds: [] };
  const [favouriteCourseIds, visitedCourseIds] = await Promise.all([
    listMarkedCourseIds(services, favourites, subject, courseIds),
    listMarkedCourseIds(services, visits, subject, courseIds),
  ]);
  return { favouriteCourseIds, visitedCourseIds };
}

/**
 * A visitor's marks kept in memory: beyond this many courses in one list, that list is not kept
 * and each page asks the database for its own courses instead (memory per visitor stays small).
 */
export const COURSE_MARKS_KEPT = 500;

/**
 * Everything personal the shared pages can show one visitor, read once: each page's layer is then
 * cut from it in memory (personalLayerFrom), whichever courses the page shows.
 */
export type VisitorFacts = {
  subject: string;
  userId: string | null;
  viewer: ViewerSummary;
  canWriteArticles: boolean;
  /** Null when the visitor has more than COURSE_MARKS_KEPT of them. */
  favouriteCourseIds: CourseIdSet | null;
  visitedCourseIds: CourseIdSet | null;
  reviewedCourseIds: CourseIdSet | null;
  reviewsLeft: number;
  redemptions: RedemptionItem[];
  /** A signed-in learner who claimed a course: their course list leaves such courses out. */
  hasClaims: boolean;
};

/** The visitor's facts, or null for nobody (no valid session or visitor cookie). */
export async function loadVisitorFacts(
  services: Services,
  identity: RequestIdentity & { viewer: ViewerSummary },
  marksKept = COURSE_MARKS_KEPT,
): Promise<VisitorFacts | null> {
  const subject = viewerSubject(identity);
  if (subject === null) return null;
  const { user } = identity;
  // One more than is kept tells a list that is too long to keep.
  const [favourited, visited, reviewed, reviewsLeft, redemptions] = await Promise.all([
    listMarkedCourseIdsUpTo(services, favourites, subject, marksKept + 1),
    listMarkedCourseIdsUpTo(services, visits, subject, marksKept + 1),
    user ? listReviewedCourseIds(services, user.id) : [],
    user ? reviewsLeftToday(services, user.id) : 0,
    user ? listRedemptions(services, user.id) : [],
  ]);
  // A signed-in learner's opened courses are claimed: only without one is the list asked.
  const hasClaims =
    user !== null && (visited.length > 0 || (await hasClaimedCourses(services, user.id)));
  return {
    subject,
    userId: user?.id ?? null,
    viewer: identity.viewer,
    canWriteArticles: canWriteArticles(user, identity.isAppClient, services.clock.now()),
    favouriteCourseIds: keptIds(favourited, marksKept),
    visitedCourseIds: keptIds(visited, marksKept),
    reviewedCourseIds: keptIds(reviewed, marksKept),
    reviewsLeft,
    redemptions,
    hasClaims,
  };
}

/** The ids as a set to keep, or null when there are more than `marksKept`. */
function keptIds(courseIds: number[], marksKept: number): CourseIdSet | null {
  return courseIds.length > marksKept ? null : courseIdSet(courseIds);
}

/**
 * What one shared page shows differently to this visitor, cut from their facts. Only a list too
 * long to keep is asked of the database, for this page's own courses.
 */
export async function personalLayerFrom(
  services: Services,
  facts: VisitorFacts,
  scope: PersonalScope,
): Promise<PersonalLayer> {
  const { subject, userId } = facts;
  const courseList =
    userId !== null && facts.hasClaims && scope.courseList
      ? await ownCourseList(services, userId, scope.courseList.filters, scope.courseIds)
      : null;
  // The learner's own list may show courses the shared page does not: their marks too.
  const onPage = courseList
    ? [...new Set([...scope.courseIds, ...courseList.courseIds])]
    : scope.courseIds;
  const [favouriteCourseIds, visitedCourseIds, reviewed] = await Promise.all([
    facts.favouriteCourseIds?.within(onPage) ??
      listMarkedCourseIds(services, favourites, subject, onPage),
    facts.visitedCourseIds?.within(onPage) ??
      listMarkedCourseIds(services, visits, subject, onPage),
    userId === null || scope.reviewCourseId === null
      ? false
      : (facts.reviewedCourseIds?.has(scope.reviewCourseId) ??
        listReviewedCourseIds(services, userId).then((ids) => ids.includes(scope.reviewCourseId!))),
  ]);
  return {
    viewer: facts.viewer,
    favouriteCourseIds,
    visitedCourseIds,
    redemptions: userId !== null && scope.showsRedemptions ? facts.redemptions : [],
    canWriteArticles: facts.canWriteArticles,
    review:
      userId !== null && scope.reviewCourseId !== null
        ? {
            reviewed,
            reviewsLeft: facts.reviewsLeft,
            // Asked only of a reviewer: the one extra query a reviewed course's page costs.
            own: reviewed ? await findOwnReview(services, userId, scope.reviewCourseId) : null,
          }
        : null,
    courseList,
  };
}

/**
 * The learner's own first page of the course list, when the courses they claimed change it (they
 * match its filters): the shared page shows every course, their list leaves those out. A later
 * page is rendered for them instead (server/web/claimed-lists.ts): laid over the shared one, it
 * would show other courses altogether. A list that shows claimed courses is the shared one on
 * every page, the switch that hides them aside.
 */
async function ownCourseList(
  services: Services,
  userId: string,
  filters: CourseFilters,
  sharedCourseIds: number[],
): Promise<OwnCourseList | null> {
  // Showing claimed courses, every page is the shared one: only the switch is the learner's.
  if (filters.page !== 1 && !filters.showClaimed) return null;
  const page = await listCourses(services, filters, userId);
  return page.claimedCount === 0 ? null : ownCourseListOf(page, sharedCourseIds);
}

/** Whether the user already reviewed this course, and how many reviews they may still write today. */
export async function reviewStateOf(
  services: Services,
  userId: string,
  courseId: number,
): Promise<ReviewState> {
  const [own, reviewsLeft] = await Promise.all([
    findOwnReview(services, userId, courseId),
    reviewsLeftToday(services, userId),
  ]);
  return { reviewed: own !== null, reviewsLeft, own };
}
