/**
 * Who is looking at the page, as the browser may know it (no secrets, no coupon data). Built on
 * the server for every request and handed to the UI through the root loader.
 */
export type AccountStatus = "premium" | "app-premium" | "standard";

export type SignedInViewer = {
  signedIn: true;
  userId: string;
  email: string;
  name: string | null;
  avatarUrl: string;
  status: AccountStatus;
  /** Null means unlimited (premium). */
  creditsRemaining: number | null;
  creditBalance: number;
  premiumUntil: string | null;
  isAppUser: boolean;
  /** An app user who is not premium and has not claimed today's free hour. */
  appBonusClaimable: boolean;
  joinedAt: string;
  /** An operator (ADMIN_EMAILS, decided by the server): the avatar menu links to the console. */
  isOperator?: boolean;
  /** See AnonymousViewer.openedToday. */
  openedToday: number[];
};

export type AnonymousViewer = {
  signedIn: false;
  creditsRemaining: number;
  dailyLimit: number;
  isAppUser: boolean;
  /**
   * Courses this viewer opened today (Jakarta day), which the server re-opens for free. Filled
   * only at 0 credits: with credits left every course is openable, so the list would only cost a
   * query on every request.
   */
  openedToday: number[];
};

export type ViewerSummary = SignedInViewer | AnonymousViewer;

/** Who is out of credits (and so cannot open a course). */
export function isOutOfCredits(viewer: ViewerSummary | null | undefined): boolean {
  if (!viewer) return true;
  return viewer.creditsRemaining !== null && viewer.creditsRemaining <= 0;
}

/**
 * Whether the viewer may open this course now: with credits left, or — at 0 credits — when it
 * was already opened today, since the server re-opens a course the same day for free.
 */
export function canOpenCourse(viewer: ViewerSummary | null | undefined, courseId: number): boolean {
  if (!isOutOfCredits(viewer)) return true;
  return viewer?.openedToday.includes(courseId) ?? false;
}
