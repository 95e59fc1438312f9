import { loadCouponFile } from "../../adapters/coupon-feeds/file-source";
import type { Services } from "../../services";
import type { ImportSummary } from "./import-records";
import { runRecordedImport, withIngestLock } from "./ingest-runs";

export type FileImportRequest = {
  file: string;
  /** Name recorded in ingest_runs; defaults to "file:<basename>". */
  source?: string;
  /** UTC offset of the feed's zone-less timestamps, e.g. "+01:00". */
  updateTimeOffset?: string;
};

/**
 * `npm run ingest -- --file …`: imports a coupon feed file and records the run. Like every run,
 * it waits for no one: while another run holds the lock it throws IngestInProgress.
 */
export function importCouponFile(
  services: Services,
  request: FileImportRequest,
): Promise<ImportSummary> {
  const source = request.source ?? `file:${request.file.split(/[\\/]/).at(-1)}`;
  return withIngestLock(services, () =>
    runRecordedImport(services, source, () =>
      loadCouponFile(request.file, {
        now: services.clock.now(),
        updateTimeOffset: request.updateTimeOffset,
      }),
    ),
  );
}
