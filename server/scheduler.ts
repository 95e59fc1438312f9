import { Cron } from "croner";
import type { IngestConfig } from "./config";
import { claimScheduledTick } from "./db/job-claims";
import type { IngestServices } from "./domain/ingest/ingest-services";
import {
  hasRealCourse,
  IngestInProgress,
  lastScheduledRunStart,
} from "./domain/ingest/ingest-runs";
import { runRecheckTick } from "./domain/ingest/recheck-coupons";
import { runIngest } from "./domain/ingest/run-sources";

export type IngestSchedule = {
  /** Cron pattern, e.g. "*\/30 * * * *" (every 30 minutes) or "0 6 * * *" (daily at 06:00). */
  cron: string;
  /** IANA zone the pattern is read in. */
  timezone: string;
  /** The re-check of listed coupons between runs (only with the Udemy check); unset: none. */
  recheckCron?: string;
  /**
   * How long after start-up the catch-up run may start (it waits 20 s by default: the server
   * answers first, and an instance started together with others sees their claims).
   */
  startUpDelayMs?: number;
  /**
   * A scheduled run starts up to this long after its tick (default 2 minutes, at most a tenth of
   * the time between ticks), so our requests do not reach the sources on the hour with every
   * other tracker's.
   */
  jitterMs?: number;
};

export type IngestScheduler = {
  nextRun(): Date | null;
  /** The catch-up run start-up decided on, once it has finished (or null: none was due). */
  readonly startUpRun: Promise<"ran" | "skipped" | null>;
  /** Stops the schedule, stops a run in progress (what it imported stays) and waits for it. */
  stop(): Promise<void>;
};

/** The schedule the configuration gives (INGEST_CRON, UDEMY_RECHECK_CRON, Asia/Jakarta). */
export function ingestScheduleOf(ingest: IngestConfig): IngestSchedule {
  return { cron: ingest.cron, timezone: ingest.timezone, recheckCron: ingest.recheckCron };
}

const DEFAULT_START_UP_DELAY_MS = 20_000;
const DEFAULT_JITTER_MS = 2 * 60_000;

/**
 * Whether start-up should run the sources at once rather than wait for the next tick: when the
 * catalogue holds no real course (a fresh install shows only the demo) or the last run is older
 * than the schedule's latest tick (the server was down when it came).
 */
export function isCatchUpRunDue(facts: {
  hasSources: boolean;
  hasRealCourse: boolean;
  lastRunStartedAt: Date | null;
  previousTick: Date | null;
}): boolean {
  if (!facts.hasSources) return false;
  if (!facts.hasRealCourse || facts.lastRunStartedAt === null) return true;
  return facts.previousTick !== null && facts.lastRunStartedAt < facts.previousTick;
}

/**
 * The ingest runs inside the server process, on INGEST_CRON, and once soon after start-up when
 * one is due (isCatchUpRunDue). croner's `protect` skips a tick while this process still runs the
 * previous one. Every instance on the database ticks, but each tick runs once: the first instance
 * to claim it in `job_claims` runs it, the others skip it (logged); the start-up run claims the
 * schedule's latest tick, so instances starting together run it once. The run's database lock
 * still keeps the CLI and a late tick from running at the same time as another run. With the
 * Udemy check, listed coupons are re-checked on their own shorter tick (claimed the same way).
 */
export function startIngestScheduler(
  services: IngestServices,
  schedule: IngestSchedule,
): IngestScheduler {
  const logger = services.logger.child({ job: "ingest" });
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const jitterMs = schedule.jitterMs ?? defaultJitterMs(schedule);

  /** Runs the sources once, unless stopped meanwhile; another run in progress is a skip. */
  const runOnce = async (reason: string): Promise<"ran" | "skipped"> => {
    if (stopping.signal.aborted) return "skipped";
    const run = runIngest(services, { signal: stopping.signal });
    running.add(run);
    try {
      await run;
      return "ran";
    } catch (error) {
      if (error instanceof IngestInProgress) {
        logger.info({ reason }, "another process is running an ingest; skipped");
        return "skipped";
      }
      throw error;
    } finally {
      running.delete(run);
    }
  };

  const job = new Cron(
    schedule.cron,
    {
      timezone: schedule.timezone,
      protect: () => logger.warn("previous ingest run still in progress; tick skipped"),
      // The run never throws on a source's failure; anything else is logged, not fatal.
      catch: (error) => logger.error({ err: error }, "scheduled ingest run failed"),
    },
    async (self: Cron) => {
      // The time the pattern named (the same on every instance), not when this timer fired.
      const slot = self.previousRuns(1, new Date())[0] ?? new Date();
      if (!(await claimScheduledTick(services.db, "ingest", slot))) {
        logger.info({ slot: slot.toISOString() }, "another instance runs this tick; skipped");
        return;
      }
      if (jitterMs > 0) await pause(Math.random() * jitterMs, stopping.signal);
      await runOnce("tick");
    },
  );

  const recheck =
    schedule.recheckCron && services.udemyCheck
      ? new Cron(
          schedule.recheckCron,
          {
            timezone: schedule.timezone,
            protect: true,
            catch: (error) => logger.error({ err: error }, "coupon re-check failed"),
          },
          async (self: Cron) => {
            const slot = self.previousRuns(1, new Date())[0] ?? new Date();
            if (!(await claimScheduledTick(services.db, "recheck", slot))) return;
            try {
              const outcome = await runRecheckTick(services, stopping.signal);
              if (outcome) logger.info(outcome, "listed coupons re-checked with Udemy");
            } catch (error) {
              if (error instanceof IngestInProgress) return;
              throw error;
            }
          },
        )
      : null;

  const startUpRun = (async (): Promise<"ran" | "skipped" | null> => {
    await pause(schedule.startUpDelayMs ?? DEFAULT_START_UP_DELAY_MS, stopping.signal);
    if (stopping.signal.aborted) return null;
    const previousTick = job.previousRuns(1, new Date())[0] ?? null;
    const due = isCatchUpRunDue({
      hasSources: services.feeds.sources.length > 0,
      hasRealCourse: await hasRealCourse(services),
      lastRunStartedAt: await lastScheduledRunStart(services),
      previousTick,
    });
    if (!due) return null;
    // Claimed as the schedule's latest tick: instances starting together run it once, and
    // an instance that ran that tick already leaves it be.
    const slot = previousTick ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
    if (!(await claimScheduledTick(services.db, "ingest", slot))) return "skipped";
    logger.info("first ingest run after start-up (no real course yet, or a tick was missed)");
    return runOnce("start-up");
  })().catch((error: unknown) => {
    logger.error({ err: error }, "ingest run after start-up failed");
    return "skipped" as const;
  });

  logger.info(
    {
      cron: schedule.cron,
      recheckCron: recheck ? schedule.recheckCron : null,
      timezone: schedule.timezone,
      sources: services.feeds.sources.map((source) => source.name),
      udemyCheck: services.udemyCheck !== null,
      nextRun: job.nextRun()?.toISOString() ?? null,
    },
    "ingest scheduler started",
  );

  return {
    nextRun: () => job.nextRun(),
    startUpRun,
    async stop() {
      job.stop();
      recheck?.stop();
      stopping.abort();
      await startUpRun;
      await Promise.all([...running].map((run) => run.catch(() => undefined)));
    },
  };
}

/** Up to 2 minutes, and never more than a tenth of the time between two ticks. */
function defaultJitterMs(schedule: IngestSchedule): number {
  const pattern = new Cron(schedule.cron, { timezone: schedule.timezone, paused: true });
  const [first, second] = pattern.nextRuns(2);
  pattern.stop();
  if (!first || !second) return 0;
  return Math.min(DEFAULT_JITTER_MS, (second.getTime() - first.getTime()) / 10);
}

/** Waits `ms`, or less when `signal` aborts (never rejects). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
