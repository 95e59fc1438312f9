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

/**
 * A row a sender may claim now: never claimed, or its last claim's lease ran out (a sender that
 * died, or a try that failed: the next try waits the lease out rather than hammering a broken
 * service). `claimedAt` is the row's claim column as the query names it (`d.claimed_at`).
 */
export function claimLapsed(claimedAt: SQL, now: Date): SQL {
  return sql`(${claimedAt} is null or ${claimedAt} < ${leaseExpiredBefore(now)}::timestamptz)`;
}

/** A claim that still holds: made within the lease. */
export function claimHolds(claimedAt: SQL, now: Date): SQL {
  return sql`${claimedAt} >= ${leaseExpiredBefore(now)}::timestamptz`;
}

/** What claiming writes on a row: the claimant's token, the claim time, and one more try. */
export function claimedBy(token: string, now: Date): SQL {
  return sql`claim_token = ${token}, claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1`;
}
