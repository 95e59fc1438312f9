import { sql, type SQL } from "drizzle-orm";

/**
 * What the three alert queues share — the e-mail digest, the per-message channels (push,
 * Telegram) and the Telegram channel's posts: a sender claims waiting rows with SKIP LOCKED and a
 * claim time; a claim older than the lease belongs to a sender that died (or a try that failed,
 * whose next try waits the lease out rather than hammering a broken service); a row is given up
 * after MAX_DELIVERY_ATTEMPTS tries, never retried forever.
 */

/** A claim older than this belongs to a sender that died: its rows are claimed again. */
export const DELIVERY_LEASE_MS = 10 * 60 * 1000;
/** Tries of one delivery before it is given up (failed). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Claims made before this instant have run out: their rows are waiting again. */
export function leaseExpiredBefore(now: Date): string {
  return new Date(now.getTime() - DELIVERY_LEASE_MS).toISOString();
}

/** The status of a row whose try failed but may be tried again: pending, or failed for good. */
export function statusAfterFailedTry(attempts: SQL): SQL {
  return sql`case when ${attempts} >= ${MAX_DELIVERY_ATTEMPTS} then 'failed' else 'pending' end`;
}
