import type express from "express";

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes that change only what their own visitor sees: the session, hearts, credits and
 * redeemed codes, the app bonus, an AI helper's answer. The shared public pages show none of it
 * (each visitor's part is laid on per request), so these leave the pages as they are. Forgetting
 * every page on each of them would re-render the site after every heart, sign-in and question to
 * the AI — the most frequent writes there are.
 *
 * Every other write (reviews, articles, the operator's console, the action API, anything new)
 * forgets the pages: a path missing here costs a render, never a stale page.
 */
const PERSONAL_WRITE_PATHS = new Set([
  "/favourites",
  "/redeem",
  "/auth/dev",
  "/auth/google",
  "/auth/signout",
  "/auth/app-bonus",
  "/api/ai",
  // A learner's claimed courses and learning list: their own list is rendered for them anyway.
  "/claims",
  // Alerts are the user's own; a watched course we did not know stays unlisted.
  "/alerts/watches",
  "/alerts/searches",
  "/alerts/email",
  "/alerts/telegram",
  "/alerts/unsubscribe",
  "/push/subscriptions",
  "/push/test",
]);

/** Whether an answered request may have changed what a public page shows everybody. */
export function mayChangePublicPages(request: Pick<express.Request, "method" | "path">): boolean {
  if (READ_ONLY.has(request.method)) return false;
  // React Router's data requests name the same route with ".data" appended.
  const path = request.path.replace(/\.data$/, "");
  return !PERSONAL_WRITE_PATHS.has(path);
}
