import type { PublicCourse } from "./course";

/**
 * GET /api/updates?courseSince=<id>&articleSince=<id>: what was published after the newest
 * course and article a page has. Public fields only: never a coupon.
 */
export type LiveArticle = {
  id: number;
  slug: string;
  title: string;
  author: string;
  /** Jakarta day of publication, YYYY-MM-DD. */
  date: string;
  imageUrl: string | null;
};

export type LiveUpdateList<T> = {
  /** How many are new (capped at LIVE_UPDATES_MAX_COUNT). */
  count: number;
  /** The highest id seen: the next `…Since` (the given one when nothing is new). */
  latestId: number;
  /** The newest of them, newest first (at most LIVE_UPDATES_MAX_ITEMS). */
  items: T[];
};

export type LiveUpdates = {
  courses: LiveUpdateList<PublicCourse>;
  articles: LiveUpdateList<LiveArticle>;
};

export type LiveUpdateCursor = { courseSince: number; articleSince: number };

/** 60 000 ms. */
export const DEFAULT_POLL_INTERVAL_MS = 60_000;
export const LIVE_UPDATES_MAX_ITEMS = 20;
export const LIVE_UPDATES_MAX_COUNT = 1000;

/** Word for word: "2 new course(s) available!". */
export function newCoursesMessage(count: number): string {
  return `${count} new course(s) available!`;
}

/** Word for word: "1 new article(s) published!". */
export function newArticlesMessage(count: number): string {
  return `${count} new article(s) published!`;
}
