import type { CourseFilters } from "./course-filters";
import type { Locale } from "./locale";
import type { OwnCourseList } from "./own-course-list";
import type { ViewerSummary } from "./viewer";

/** A code the user redeemed, newest first on the redeem section. */
export type RedemptionItem = {
  code: string;
  timestamp: string;
  type: "premium" | "credits" | "other";
};

/**
 * What a public page shows differently to each visitor. The page itself is rendered once and
 * shared by everybody (as a visitor without cookies sees it); this small payload travels at the
 * end of the same response and the browser lays it over the shared page after hydration.
 */
export type PersonalLayer = {
  viewer: ViewerSummary;
  /** Of the courses on this page: the ones the visitor favourited, and opened before. */
  favouriteCourseIds: number[];
  visitedCourseIds: number[];
  redemptions: RedemptionItem[];
  canWriteArticles: boolean;
  /** On a course page, for a signed-in user: whether they reviewed it, and reviews left today. */
  review: ReviewState | null;
  /**
   * On the first page of the course list, for a learner with claimed courses that match it: their
   * own page, without those courses (the shared page shows every course).
   */
  courseList: OwnCourseList | null;
};

/**
 * A signed-in user's review state on a course page. `own` is their own review of it (for its
 * Edit and Delete controls): only ever the viewer's own, so no one else's review id travels.
 */
export type ReviewState = {
  reviewed: boolean;
  reviewsLeft: number;
  own: { id: number; rating: number; text: string } | null;
};

/** The data block at the end of a shared page that carries the visitor's PersonalLayer. */
export const PERSONAL_LAYER_ELEMENT_ID = "kk-personal-layer";

/**
 * What a shared page's render notes for the personal layers laid over it: the courses it shows
 * (hearts, Visited badges), whether it shows the redeem section, the course a review is offered for.
 */
export type PersonalScope = {
  courseIds: number[];
  showsRedemptions: boolean;
  reviewCourseId: number | null;
  /** On the course list: the filters its page shows (a learner's own page is cut with them). */
  courseList?: { filters: CourseFilters };
  /**
   * The page's language (its address): the ending's no-script bar speaks it, and a visitor's
   * kept endings for /id pages and English pages never mix. English when not given.
   */
  locale?: Locale;
};

export const EMPTY_PERSONAL_SCOPE: PersonalScope = {
  courseIds: [],
  showsRedemptions: false,
  reviewCourseId: null,
};
