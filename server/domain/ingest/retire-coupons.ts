import { and, eq, inArray, lt, lte } from "drizzle-orm";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import type { IngestServices } from "./ingest-services";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Coupons past their expiry time leave the list. */
export async function retirePastExpiry(services: Services): Promise<number> {
  const retired = await services.db
    .update(courses)
    .set({ active: false })
    .where(and(eq(courses.active, true), lte(courses.expiresAt, services.clock.now())))
    .returning({ id: courses.id });
  return retired.length;
}

/**
 * Coupons whose freshest sighting by one of these sources (by the source's own time) is older
 * than STALE_AFTER_DAYS. Only sources polled in this run count: coupons of the demo catalogue,
 * of file imports or of sources no longer configured leave by their expiry time alone.
 */
export async function retireStale(
  services: IngestServices,
  sourceNames: string[],
): Promise<number> {
  if (sourceNames.length === 0) return 0;
  const cutoff = new Date(
    services.clock.now().getTime() - services.config.ingest.staleAfterDays * DAY_MS,
  );
  const retired = await services.db
    .update(courses)
    .set({ active: false })
    .where(
      and(
        eq(courses.active, true),
        inArray(courses.source, sourceNames),
        lt(courses.lastSeenAt, cutoff),
      ),
    )
    .returning({ id: courses.id });
  return retired.length;
}
