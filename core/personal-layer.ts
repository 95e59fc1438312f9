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
};

/** The data block at the end of a shared page that carries the visitor's PersonalLayer. */
export const PERSONAL_LAYER_ELEMENT_ID = "kk-personal-layer";

/**
 * What a shared page's render notes for the personal layers laid over it: the courses it shows
 * (hearts, Visited badges) and whether it shows the redeem section.
 */
export type PersonalScope = { courseIds: number[]; showsRedemptions: boolean };
