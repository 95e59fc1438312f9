import type { PersonalLayer, PersonalScope } from "../../core/personal-layer";
import type { ViewerSummary } from "../../core/viewer";
import { canWriteArticles } from "./articles";
import { viewerSubject, type RequestIdentity } from "./accounts";
import { listVisitedCourseIds } from "./credits";
import { listFavouriteCourseIds } from "./favourites";
import { listRedemptions } from "./redeem";
import { listReviewedCourseIds, reviewsLeftToday } from "./reviews";
import type { Services } from "../services";

/** Which of these courses the visitor favourited and which they opened before. */
export async function listCourseMarks(
  services: Services,
  identity: Pick<RequestIdentity, "user" | "anonymousId">,
  courseIds: number[],
): Promise<{ favouriteCourseIds: number[]; visitedCourseIds: number[] }> {
  const subject = viewerSubject(identity);
  if (!subject || courseIds.length === 0) return { favouriteCourseIds: [], visitedCourseIds: [] };
  const [favouriteCourseIds, visitedCourseIds] = await Promise.all([
    listFavouriteCourseIds(services, subject, courseIds),
    listVisitedCourseIds(services, subject, courseIds),
  ]);
  return { favouriteCourseIds, visitedCourseIds };
}

/** Everything a shared public page shows differently to this visitor. */
export async function buildPersonalLayer(
  services: Services,
  identity: RequestIdentity & { viewer: ViewerSummary },
  scope: PersonalScope,
): Promise<PersonalLayer> {
  const { user } = identity;
  const [marks, redemptions, review] = await Promise.all([
    listCourseMarks(services, identity, scope.courseIds),
    user && scope.showsRedemptions ? listRedemptions(services, user.id) : [],
    user && scope.reviewCourseId !== null
      ? reviewStateOf(services, user.id, scope.reviewCourseId)
      : null,
  ]);
  return {
    viewer: identity.viewer,
    ...marks,
    redemptions,
    canWriteArticles: canWriteArticles(user, identity.isAppClient, services.clock.now()),
    review,
  };
}

/** Whether the user already reviewed this course, and how many reviews they may still write today. */
export async function reviewStateOf(
  services: Services,
  userId: string,
  courseId: number,
): Promise<{ reviewed: boolean; reviewsLeft: number }> {
  const [reviewedCourseIds, reviewsLeft] = await Promise.all([
    listReviewedCourseIds(services, userId),
    reviewsLeftToday(services, userId),
  ]);
  return { reviewed: reviewedCourseIds.includes(courseId), reviewsLeft };
}
