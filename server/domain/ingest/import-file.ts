import { loadCouponFile } from "../../adapters/coupon-feeds/file-source";
import type { Services } from "../../services";
import type { ImportSummary } from "./import-records";
import { runRecordedImport, withIngestLock } from "./ingest-runs";
import { createRunCouponCheck } from "./run-coupon-check";

export type FileImportRequest = {
  file: string;
  /** Name recorded in ingest_runs; defaults to "file:<basename>". */
  source?: string;
  /** UTC offset of the feed's zone-less timestamps, e.g. "+01:00". */
  updateTimeOffset?: string;
};

export type FileImportSummary = ImportSummary & {
  /** Why Udemy could not be asked about the `unverified` coupons; null when it answered. */
  uncheckedReason: string | null;
};

/**
 * `npm run ingest -- --file …`: imports a coupon feed file and records the run. It follows the
 * same check as a run over the sources: with the Udemy check on, a new coupon is listed only
 * when Udemy says it is 100 % off, and nothing is listed unchecked when Udemy cannot be asked
 * (UDEMY_CHECK=false imports unchecked on purpose). Like every run, it waits for no one: while
 * another run holds the lock it throws IngestInProgress.
 */
export function importCouponFile(
  services: Services,
  request: FileImportRequest,
): Promise<FileImportSummary> {
  const source = request.source ?? `file:${request.file.split(/[\\/]/).at(-1)}`;
  return withIngestLock(services, async () => {
    const runCheck = services.udemyCheck
      ? createRunCouponCheck(services.udemyCheck, {
          budget: services.config.ingest.udemyCheckLimit,
          now: services.clock.now(),
        })
      : null;
    const summary = await runRecordedImport(
      services,
      source,
      () =>
        loadCouponFile(request.file, {
          now: services.clock.now(),
          updateTimeOffset: request.updateTimeOffset,
        }),
      { verify: runCheck ? (check) => runCheck.check(check) : undefined },
    );
    return {
      ...summary,
      uncheckedReason: summary.unverified > 0 ? (runCheck?.firstUnknown ?? null) : null,
    };
  });
}
