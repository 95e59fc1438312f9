import { eq } from "drizzle-orm";
import type { CouponSource } from "../../adapters/coupon-feeds/feeds";
import { ingestRuns, type SourceRunStats } from "../../db/schema";
import { queueAlertsForNewCoupons, type MatchOutcome } from "../alerts/match-new-coupons";
import { ValidationError } from "../common/errors";
import { rescoreAgeingCoursesOnceADay } from "../catalog/quality-score";
import { keepCourseImages } from "./course-images";
import { failedOutcome, importSource, type SourceOutcome } from "./import-source";
import { FACTS_PER_RUN, type IngestServices } from "./ingest-services";
import { MAX_STORED_ERRORS, withIngestLock } from "./ingest-runs";
import { syncCouponHistory } from "./coupon-history";
import { recheckCoupons } from "./recheck-coupons";
import { refreshCourseFacts } from "./refresh-course-facts";
import { retirePastExpiry, retireStale } from "./retire-coupons";
import { createRunCouponCheck } from "./run-coupon-check";

export type { SourceOutcome } from "./import-source";

export type RetiredCounts = {
  /** Past their expiry time. */
  pastExpiry: number;
  /** Not seen by their source for STALE_AFTER_DAYS. */
  stale: number;
  /** Reported invalid by Udemy. */
  invalid: number;
};

export type IngestRunSummary = {
  runId: number;
  /** As recorded in ingest_runs: a source's name, or "all". */
  source: string;
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Coupons that left the list in this run (sum of `retired`). */
  expired: number;
  retired: RetiredCounts;
  /** Coupons re-checked with Udemy. */
  checked: number;
  errors: string[];
  sources: SourceOutcome[];
  /** Alert deliveries queued after the run; null when matching failed (caught up later). */
  alerts?: MatchOutcome | null;
};

export type IngestProgress =
  | { event: "started"; runId: number; sources: string[] }
  | { event: "source"; outcome: SourceOutcome }
  | { event: "checked"; checked: number; invalid: number };

export type IngestRunOptions = {
  /** Run only this source (by name, any letter case). */
  source?: string;
  /** Refuse (ValidationError) when no source is configured, instead of only retiring coupons. */
  requireSources?: boolean;
  /** Stops fetching and checking (server shutdown); what was imported stays. */
  signal?: AbortSignal;
  onProgress?: (event: IngestProgress) => void;
};

export const NO_SOURCES_MESSAGE =
  "No coupon feed sources are configured (set INGEST_SOURCES, or use --file).";

/**
 * One ingest run: every configured source (or one), each on its own so that a broken source
 * never stops the others; then coupons past their expiry, not seen for STALE_AFTER_DAYS, or
 * reported invalid by Udemy leave the list. Recorded in ingest_runs and logged. Throws
 * IngestInProgress when a run is under way anywhere on this database.
 */
export async function runIngest(
  services: IngestServices,
  options: IngestRunOptions = {},
): Promise<IngestRunSummary> {
  const configured = services.feeds.sources;
  let selected: readonly CouponSource[] = configured;
  if (options.source !== undefined) {
    const wanted = options.source.toLowerCase();
    const match = configured.find((source) => source.name.toLowerCase() === wanted);
    if (!match) {
      throw new ValidationError(
        configured.length === 0
          ? NO_SOURCES_MESSAGE
          : `Unknown source "${options.source}". Configured sources: ${configured.map((source) => source.name).join(", ")}.`,
      );
    }
    selected = [match];
  } else if (options.requireSources && configured.length === 0) {
    throw new ValidationError(NO_SOURCES_MESSAGE);
  }

  const summary = await withIngestLock(services, async () => {
    const runSource = options.source === undefined ? "all" : selected[0]!.name;
    const [run] = await services.db
      .insert(ingestRuns)
      .values({ source: runSource, startedAt: services.clock.now() })
      .returning({ id: ingestRuns.id });
    const runId = run!.id;
    const log = services.logger.child({ ingestRun: runId });
    log.info({ sources: selected.map((source) => source.name) }, "ingest run started");
    options.onProgress?.({
      event: "started",
      runId,
      sources: selected.map((source) => source.name),
    });

    const runCheck = services.udemyCheck
      ? createRunCouponCheck(services.udemyCheck, {
          budget: services.config.ingest.udemyCheckLimit,
          now: services.clock.now(),
          signal: options.signal,
        })
      : null;
    const outcomes: SourceOutcome[] = [];
    for (const source of selected) {
      const outcome = options.signal?.aborted
        ? failedOutcome(source, "not run: the run was stopped")
        : await importSource(services, source, options.signal, runCheck);
      outcomes.push(outcome);
      if (outcome.ok) {
        log.info({ ...outcome, errors: outcome.errors.length }, "ingest source imported");
      } else log.warn({ source: outcome.name, errors: outcome.errors }, "ingest source failed");
      options.onProgress?.({ event: "source", outcome });
    }

    const errors = outcomes.flatMap((outcome) =>
      outcome.errors.map((error) => `[${outcome.name}] ${error}`),
    );
    // Udemy's own facts for new courses (and weekly for listed ones), once they are listed.
    if (services.udemyCheck && runCheck && !options.signal?.aborted) {
      try {
        const facts = await refreshCourseFacts(services, services.udemyCheck, {
          limit: services.config.ingest.udemyFactsLimit ?? FACTS_PER_RUN,
          signal: options.signal,
          stopped: () => runCheck.backedOff,
        });
        log.info({ ...facts }, "course facts asked of Udemy");
        if (facts.unknown > 0) {
          errors.push(
            `[udemy-facts] ${facts.unknown} courses not described by Udemy yet (asked next run): ${facts.firstUnknown ?? "Udemy refused earlier in this run"}`,
          );
        }
      } catch (error) {
        errors.push(`[udemy-facts] ${(error as Error).message}`);
      }
    }
    const retired: RetiredCounts = { pastExpiry: 0, stale: 0, invalid: 0 };
    let checked = 0;
    try {
      retired.pastExpiry = await retirePastExpiry(services);
      // A source that answered 304 was not read: its coupons were not missing from it.
      const unchanged = new Set(
        outcomes.filter((outcome) => outcome.notModified).map((outcome) => outcome.name),
      );
      retired.stale = await retireStale(
        services,
        selected.map((source) => source.name).filter((name) => !unchanged.has(name)),
      );
      if (runCheck && !options.signal?.aborted) {
        const budgetLeft = services.config.ingest.udemyCheckLimit - runCheck.counts.asked;
        const recheck = await recheckCoupons(services, runCheck, budgetLeft);
        checked = recheck.checked;
        retired.invalid = recheck.invalid;
        options.onProgress?.({ event: "checked", checked, invalid: recheck.invalid });
      }
      // The coupons that left the list in this run end in their courses' coupon history.
      await syncCouponHistory(services);
    } catch (error) {
      errors.push(`[expiry] ${(error as Error).message}`);
    }
    if (runCheck && runCheck.counts.unknown > 0) {
      errors.push(
        `[udemy-check] ${runCheck.counts.unknown} coupons could not be checked${runCheck.backedOff ? " (Udemy refused: no more checks this run)" : ""}: ${runCheck.firstUnknown}`,
      );
    }

    // Our own copies of course images, once sources and Udemy's facts named them (bounded).
    if (!options.signal?.aborted) {
      await keepCourseImages(
        services,
        { imageBaseUrl: services.config.ingest.udemyImageBaseUrl, signal: options.signal },
        log,
      );
    }

    const totals = outcomes.reduce(
      (sum, outcome) => ({
        found: sum.found + outcome.found,
        added: sum.added + outcome.added,
        updated: sum.updated + outcome.updated,
        unchanged: sum.unchanged + outcome.unchanged,
      }),
      { found: 0, added: 0, updated: 0, unchanged: 0 },
    );
    const expired = retired.pastExpiry + retired.stale + retired.invalid;
    if (expired > 0) services.cache.forget("catalog:");
    await services.db
      .update(ingestRuns)
      .set({
        finishedAt: services.clock.now(),
        ...totals,
        expired,
        errors: errors.slice(0, MAX_STORED_ERRORS),
        sources: outcomes.map(toSourceRunStats),
      })
      .where(eq(ingestRuns.id, runId));
    const summary: IngestRunSummary = {
      runId,
      source: runSource,
      ...totals,
      expired,
      retired,
      checked,
      errors,
      sources: outcomes,
    };
    log.info(
      { ...totals, expired, retired, checked, errors: errors.length },
      "ingest run finished",
    );
    return summary;
  });
  summary.alerts = await queueAlertsAfterIngest(services);
  await rescoreAgeingCoursesOnceADay(services).catch((error: unknown) =>
    services.logger.error({ err: error }, "quality scores of ageing courses not refreshed"),
  );
  if (summary.added + summary.updated + summary.expired > 0) await tidyEmbeddedDatabase(services);
  return summary;
}

/**
 * Once a run has rewritten the catalogue, the embedded database (no autovacuum) gathers its
 * statistics and reclaims the rows the run replaced. Without statistics its planner misjudges
 * the catalogue: at 50 000 courses a category filter took 23 ms and a language filter 40 ms,
 * and with them 1.6 and 1.4 ms. It takes about 1.3 s at that size, while queries wait (shared
 * pages are still served from memory); a failure is logged and retried after the next run.
 */
async function tidyEmbeddedDatabase(services: IngestServices): Promise<void> {
  if (!services.embeddedUpkeep) return;
  const started = performance.now();
  try {
    await services.embeddedUpkeep();
    services.logger.info(
      { ms: Math.round(performance.now() - started) },
      "embedded database vacuumed and analysed",
    );
  } catch (error) {
    services.logger.error({ err: error }, "embedded database upkeep failed");
  }
}

/**
 * Alert matching, once the run's writes are committed and its lock released (matching never
 * holds up an ingest, and an ingest never fails because of it). A failure here is caught up by
 * the next digest tick, which matches whatever listed coupon is still unmatched.
 */
async function queueAlertsAfterIngest(services: IngestServices): Promise<MatchOutcome | null> {
  const started = performance.now();
  try {
    const outcome = await queueAlertsForNewCoupons(services);
    services.logger.info(
      { ...outcome, ms: Math.round(performance.now() - started) },
      "alerts queued for new coupons",
    );
    return outcome;
  } catch (error) {
    services.logger.error({ err: error }, "alert matching after ingest failed");
    return null;
  }
}

/** What the console keeps of a source's outcome (its first errors only). */
function toSourceRunStats(outcome: SourceOutcome): SourceRunStats {
  return {
    name: outcome.name,
    kind: outcome.kind,
    ok: outcome.ok,
    found: outcome.found,
    added: outcome.added,
    updated: outcome.updated,
    duplicate: outcome.duplicate,
    rejected: outcome.rejected,
    rejectedByCheck: outcome.rejectedByCheck,
    ...(outcome.notModified ? { notModified: true } : {}),
    errors: outcome.errors.slice(0, 5),
  };
}
