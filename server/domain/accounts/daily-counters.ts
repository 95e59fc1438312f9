import { sql } from "drizzle-orm";
import { dailyCounters } from "../../db/schema";
import type { Database, Transaction } from "../../db/client";

export type DailyCounter = "creditsUsed" | "reviews" | "favouritesAdded";

/**
 * Counts one more use of a daily allowance (credits, reviews, favourites added) for a subject,
 * unless the subject has already used `limit` that day. It is one conditional upsert, so two
 * requests racing for the last unit cannot both get it. Returns the day's count after this use,
 * or null when the limit had been reached.
 * Call it inside the transaction that does the counted thing, so a refusal leaves nothing behind.
 */
export async function countWithinDailyLimit(
  tx: Database | Transaction,
  counter: DailyCounter,
  subject: string,
  day: string,
  limit: number,
): Promise<number | null> {
  const column = dailyCounters[counter];
  const [counted] = await tx
    .insert(dailyCounters)
    .values({ subject, day, [counter]: 1 })
    .onConflictDoUpdate({
      target: [dailyCounters.subject, dailyCounters.day],
      set: { [counter]: sql`${column} + 1` },
      setWhere: sql`${column} < ${limit}`,
    })
    .returning({ used: column });
  return counted?.used ?? null;
}
