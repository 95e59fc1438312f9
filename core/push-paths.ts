/**
 * Where the browser speaks to the server about Web Push. Kept apart from core/push.ts, whose
 * schemas bring zod: the dashboard's buttons need only these two addresses, not a validator
 * (its JavaScript stays within the 150 kB a page may ship).
 */

/** Where the signed-in user's browser posts and deletes its subscription. */
export const PUSH_SUBSCRIPTIONS_PATH = "/push/subscriptions";

/** Where a signed-in user asks for a test notification on every browser they turned push on in. */
export const PUSH_TEST_PATH = "/push/test";
