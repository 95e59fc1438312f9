import { hostname } from "node:os";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "./client";
import { jobClaims } from "./schema";

/** Claims older than this are only history; they are pruned as new ones are made. */
const KEEP_CLAIMS_MS = 30 * 24 * 60 * 60 * 1000;

/** Who claimed a tick, for operators reading `job_claims`: this host and process. */
export const CLAIMANT = `${hostname()}:${process.pid}`;

/**
 * Claims one scheduled tick of a job (`slot`: the time the schedule named, the same on every
 * instance). True for exactly one caller per (job, slot) across every process on the database:
 * the primary key decides, so an instance whose clock runs a little late cannot run the tick
 * again after the first one finished (which the run's advisory lock alone would allow).
 */
export async function claimScheduledTick(
  db: Database,
  job: string,
  slot: Date,
  claimant: string = CLAIMANT,
): Promise<boolean> {
  const claimed = await db
    .insert(jobClaims)
    .values({ job, slot, claimedBy: claimant })
    .onConflictDoNothing()
    .returning({ job: jobClaims.job });
  if (claimed.length === 1) {
    await db
      .delete(jobClaims)
      .where(
        and(eq(jobClaims.job, job), lt(jobClaims.slot, new Date(slot.getTime() - KEEP_CLAIMS_MS))),
      );
  }
  return claimed.length === 1;
}
