/**
 * A signed-in learner's learning list: every course they opened or marked "I already own this"
 * is claimed; they move it on to Learning and Done (and back) with one tap (decision 0043).
 */
export const CLAIM_STATES = ["claimed", "learning", "done"] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export function isClaimState(value: unknown): value is ClaimState {
  return typeof value === "string" && (CLAIM_STATES as readonly string[]).includes(value);
}

/** The list's query parameter that shows claimed courses again (`?claimed=show`; hidden by default). */
export const SHOW_CLAIMED_PARAM = "claimed";
export const SHOW_CLAIMED_VALUE = "show";

/** One course of the learning list, with the day it entered each state it reached. */
export type ClaimedCourse = {
  courseId: number;
  slug: string;
  title: string;
  state: ClaimState;
  owned: boolean;
  claimedAt: string;
  learningAt: string | null;
  doneAt: string | null;
};

/** What the claimed courses would have cost: one total per currency Udemy answered in. */
export type SavedTotal = { currency: string; amount: number };

export type LearningList = { courses: ClaimedCourse[]; saved: SavedTotal[] };

/** The answers to the learning list's buttons (translated at the answer edge, answer-messages.ts). */
export const CLAIM_TEXTS = {
  unknownState: "Unknown learning state.",
  owned: "Marked as yours: it leaves your course lists.",
  moved: "Your learning list is updated.",
} as const;
