import type { CouponSource, SourceLoadResult } from "../../adapters/coupon-feeds/feeds";
import { NoUsableCoupons } from "../../adapters/coupon-feeds/finalise-records";
import type { Services } from "../../services";
import { importCouponRecords } from "./import-records";
import type { RunCouponCheck } from "./run-coupon-check";
import { rememberValidators, validatorsToSend } from "./source-validators";

export type SourceOutcome = {
  name: string;
  kind: CouponSource["kind"];
  /** False when the source could not be read at all. */
  ok: boolean;
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Found, but the course and coupon were already listed (by this or another source). */
  duplicate: number;
  /** Records that were not usable (bad link, title, coupon code). */
  rejected: number;
  /** New coupons Udemy said are not free. */
  rejectedByCheck: number;
  /** New coupons Udemy could not be asked about: not listed this run. */
  unverified: number;
  /**
   * The source answered 304 Not Modified to its first page: read OK, nothing new, and its
   * coupons count as still seen (none is retired as stale in this run).
   */
  notModified?: boolean;
  /** With `notModified`: when the source was last read in full (ISO), its validators kept. */
  notModifiedSince?: string;
  errors: string[];
};

const MAX_ERRORS_PER_SOURCE = 50;

export function failedOutcome(source: CouponSource, error: string): SourceOutcome {
  return { ...noCounts(source), ok: false, errors: [error] };
}

/** Read OK, nothing new: the source answered 304 Not Modified. */
function unchangedOutcome(source: CouponSource, since: Date | undefined): SourceOutcome {
  return {
    ...noCounts(source),
    ok: true,
    notModified: true,
    ...(since ? { notModifiedSince: since.toISOString() } : {}),
    errors: [],
  };
}

function noCounts(source: CouponSource) {
  return {
    name: source.name,
    kind: source.kind,
    found: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    duplicate: 0,
    rejected: 0,
    rejectedByCheck: 0,
    unverified: 0,
  };
}

function capErrors(errors: string[]): string[] {
  return errors.length <= MAX_ERRORS_PER_SOURCE
    ? errors
    : [
        ...errors.slice(0, MAX_ERRORS_PER_SOURCE),
        `… and ${errors.length - MAX_ERRORS_PER_SOURCE} more`,
      ];
}

/**
 * Reads one source and imports what it gave, asking its first page conditionally when its
 * validators are kept. Never throws: a source that cannot be read is a failed outcome, so one
 * broken source never stops the others.
 */
export async function importSource(
  services: Services,
  source: CouponSource,
  signal: AbortSignal | undefined,
  runCheck: RunCouponCheck | null,
): Promise<SourceOutcome> {
  let loaded: SourceLoadResult;
  let kept: Awaited<ReturnType<typeof validatorsToSend>>;
  try {
    kept = await validatorsToSend(services, source.name);
    const validators = kept?.validators;
    loaded = await source.load({
      now: services.clock.now(),
      signal,
      ...(validators ? { validators } : {}),
    });
  } catch (error) {
    const failed = failedOutcome(source, `failed: ${(error as Error).message}`);
    if (error instanceof NoUsableCoupons) {
      // Every item was refused: count them, and keep their reasons after the verdict.
      failed.rejected = error.rejected.length;
      failed.errors = capErrors([...failed.errors, ...error.rejected]);
    }
    return failed;
  }
  if (loaded.notModified) return unchangedOutcome(source, kept?.savedAt);
  try {
    const imported = await importCouponRecords(services, loaded.records, source.name, {
      verify: runCheck ? (request) => runCheck.check(request) : undefined,
    });
    // Coupons Udemy could not be asked about must be seen again: the next run reads in full.
    await rememberValidators(services, source.name, loaded.validators, imported.unverified === 0);
    const rejected = loaded.rejected.length + imported.rejected.length;
    return {
      name: source.name,
      kind: source.kind,
      ok: true,
      found: imported.found,
      added: imported.added,
      updated: imported.updated,
      unchanged: imported.unchanged,
      duplicate: Math.max(
        0,
        imported.found -
          imported.rejected.length -
          imported.added -
          imported.updated -
          imported.rejectedByCheck -
          imported.unverified,
      ),
      rejected,
      rejectedByCheck: imported.rejectedByCheck,
      unverified: imported.unverified,
      errors: capErrors([...loaded.rejected, ...imported.rejected]),
    };
  } catch (error) {
    return {
      ...failedOutcome(source, `import failed: ${(error as Error).message}`),
      found: loaded.records.length,
    };
  }
}
