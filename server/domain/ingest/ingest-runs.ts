import { eq } from "drizzle-orm";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { tryJobLock } from "../../db/advisory-lock";
import { ingestRuns } from "../../db/schema";
import type { Services } from "../../services";
import { Conflict } from "../common/errors";
import { importCouponRecords, type ImportSummary } from "./import-records";

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
): Promise<ImportSummary> {
  const [run] = await services.db
    .insert(ingestRuns)
    .values({ source, startedAt: services.clock.now() })
    .returning({ id: ingestRuns.id });
  let summary: ImportSummary;
  try {
    const loaded = await load();
    const imported = await importCouponRecords(services, loaded.records, source);
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
