import { eq } from "drizzle-orm";
import type { FirstPageValidators } from "../../adapters/coupon-feeds/feeds";
import { sourceValidators } from "../../db/schema";
import type { Services } from "../../services";

/**
 * A source is read in full at least this often, whatever its validators say: an item that failed
 * for a moment in the last full read (a detail page that timed out, a link that could not be
 * followed) is asked again, and a site whose validators never change is still looked at.
 */
export const FULL_READ_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The validators of the source's first page to send with this run's request, and when they were
 * kept (the last full read), or undefined when the source must be read in full (none kept, or
 * kept longer than FULL_READ_EVERY_MS ago).
 */
export async function validatorsToSend(
  services: Services,
  source: string,
): Promise<{ validators: FirstPageValidators; savedAt: Date } | undefined> {
  const [row] = await services.db
    .select()
    .from(sourceValidators)
    .where(eq(sourceValidators.source, source))
    .limit(1);
  if (!row) return undefined;
  if (services.clock.now().getTime() - row.savedAt.getTime() >= FULL_READ_EVERY_MS) {
    return undefined;
  }
  return {
    validators: {
      url: row.url,
      ...(row.etag === null ? {} : { etag: row.etag }),
      ...(row.lastModified === null ? {} : { lastModified: row.lastModified }),
    },
    savedAt: row.savedAt,
  };
}

/**
 * After a full read: keeps the first page's validators when everything the source gave was
 * settled (imported, or refused for good), so that the next run may skip an unchanged source.
 * Forgets them otherwise (no validators sent, or coupons Udemy could not be asked about, which
 * the next run must see again), so that the next run reads the source in full.
 */
export async function rememberValidators(
  services: Services,
  source: string,
  validators: FirstPageValidators | null | undefined,
  settled: boolean,
): Promise<void> {
  if (!validators || !settled) {
    await services.db.delete(sourceValidators).where(eq(sourceValidators.source, source));
    return;
  }
  const row = {
    url: validators.url,
    etag: validators.etag ?? null,
    lastModified: validators.lastModified ?? null,
    savedAt: services.clock.now(),
  };
  await services.db
    .insert(sourceValidators)
    .values({ source, ...row })
    .onConflictDoUpdate({ target: sourceValidators.source, set: row });
}
