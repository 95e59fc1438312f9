/**
 * Business constants (credits, limits, cooldowns), shared by the server (which enforces them)
 * and the browser (which only mirrors them for a quick answer).
 */
export const ANONYMOUS_DAILY_CREDITS = 3;
/** Signed-in balances are raised to at least this at the first request of a Jakarta day. */
export const DAILY_TOP_UP_CREDITS = 10;
export const SESSION_LIFETIME_DAYS = 30;
export const APP_PREMIUM_DURATION_MS = 60 * 60 * 1000;
export const APP_BONUS_MODAL_DELAY_MS = 3000;
export const DAILY_REVIEW_LIMIT = 5;
export const DAILY_FAVOURITE_LIMIT = 30;
export const ARTICLE_COOLDOWN_MS = 10 * 60 * 1000;
export const REDEEM_FAILURES_PER_HOUR = 10;
