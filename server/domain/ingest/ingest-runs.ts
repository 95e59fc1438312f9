import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { tryJobLock } from "../../db/advisory-lock";
import { courses, ingestRuns } from "../../db/schema";
import type { Services } from "../../services";
import { Conflict } from "../common/errors";
import { importCouponRecords, type ImportOptions, type ImportSummary } from "./import-records";

// Runs: one at a time across every process on the database, each recorded in ingest_runs.

export const INGEST_IN_PROGRESS_MESSAGE = "An ingest run is already in progress.";

export class IngestInProgress extends Conflict {
  override name = "IngestInProgress";
  constructor() {
    super(INGEST_IN_PROGRESS_MESSAGE);
  }
}

/** Advisory-lock key of ingestion ("KKIN"). */
const INGEST_LOCK_KEY = 0x4b4b494e;

/** Runs `work` holding the ingest lock; throws IngestInProgress while another run holds it. */
export async function withIngestLock<T>(services: Services, work: () => Promise<T>): Promise<T> {
  const lock = await tryJobLock(services.db, INGEST_LOCK_KEY);
  if (!lock) throw new IngestInProgress();
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

/** Errors kept in an ingest_runs row. */
export const MAX_STORED_ERRORS = 200;

/** Imports and records the run in `ingest_runs`, so operators can see what each source did. */
export async function runRecordedImport(
  services: Services,
  source: string,
  load: () => Promise<{ records: CouponRecord[]; rejected: string[] }>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const [run] = await services.db
    .insert(ingestRuns)
    .values({ source, startedAt: services.clock.now() })
    .returning({ id: ingestRuns.id });
  let summary: ImportSummary;
  try {
    const loaded = await load();
    const imported = await importCouponRecords(services, loaded.records, source, options);
    summary = { ...imported, rejected: [...loaded.rejected, ...imported.rejected] };
  } catch (error) {
    summary = {
      found: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      rejected: [String(error)],
      rejectedByCheck: 0,
      unverified: 0,
    };
  }
  await services.db
    .update(ingestRuns)
    .set({
      finishedAt: services.clock.now(),
      found: summary.found,
      added: summary.added,
      updated: summary.updated,
      errors: summary.rejected.slice(0, MAX_STORED_ERRORS),
    })
    .where(eq(ingestRuns.id, run!.id));
  return summary;
}

/**
 * When the catalogue was last refreshed: the end of the latest run in which at least one source
 * was read (a run whose every source failed refreshed nothing), or of an imported file. Null
 * before the first such run (a demo catalogue only).
 */
export async function lastCatalogueRefresh(services: Services): Promise<Date | null> {
  const [row] = await services.db
    .select({ finishedAt: ingestRuns.finishedAt })
    .from(ingestRuns)
    .where(
      and(
        isNotNull(ingestRuns.finishedAt),
        or(
          sql`${ingestRuns.sources} @> '[{"ok": true}]'::jsonb`,
          sql`${ingestRuns.source} like 'file%'`,
        ),
      ),
    )
    .orderBy(desc(ingestRuns.finishedAt))
    .limit(1);
  return row?.finishedAt ?? null;
}

/** When the latest run over every source started (successful or not); null: never. */
export async function lastScheduledRunStart(services: Services): Promise<Date | null> {
  const [row] = await services.db
    .select({ startedAt: ingestRuns.startedAt })
    .from(ingestRuns)
    .where(eq(ingestRuns.source, "all"))
    .orderBy(desc(ingestRuns.startedAt))
    .limit(1);
  return row?.startedAt ?? null;
}

/** Whether the catalogue holds an active course from a real source (not the demo seed). */
export async function hasRealCourse(services: Services): Promise<boolean> {
  const [row] = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.active, true), eq(courses.isDemo, false)))
    .limit(1);
  return row !== undefined;
}

/** lastCatalogueRefresh as the home shows it: remembered for a minute (one query per minute). */
export async function catalogueRefreshedAt(services: Services): Promise<string | null> {
  return services.cache.remember("catalog:refreshed", 60_000, async () => {
    const at = await lastCatalogueRefresh(services);
    return at ? at.toISOString() : null;
  });
}
