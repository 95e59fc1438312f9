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
};

export type AnonymousViewer = {
  signedIn: false;
  creditsRemaining: number;
  dailyLimit: number;
  isAppUser: boolean;
};

export type ViewerSummary = SignedInViewer | AnonymousViewer;

export const STATUS_LABELS: Record<AccountStatus, string> = {
  premium: "Premium User",
  "app-premium": "App Premium (Temporary)",
  standard: "Standard User",
};

/** Who is out of credits (and so cannot open a course). */
export function isOutOfCredits(viewer: ViewerSummary | null | undefined): boolean {
  if (!viewer) return true;
  return viewer.creditsRemaining !== null && viewer.creditsRemaining <= 0;
}
