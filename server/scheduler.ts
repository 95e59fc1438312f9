import { Cron } from "croner";
import { claimScheduledTick } from "./db/job-claims";
import type { IngestServices } from "./domain/ingest/ingest-services";
import { IngestInProgress } from "./domain/ingest/ingest-runs";
import { runIngest } from "./domain/ingest/run-sources";

export type IngestSchedule = {
  /** Cron pattern, e.g. "0 6 * * *" (daily at 06:00) or "0 * * * *" (hourly). */
  cron: string;
  /** IANA zone the pattern is read in. */
  timezone: string;
};

export type IngestScheduler = {
  nextRun(): Date | null;
  /** Stops the schedule, stops a run in progress (what it imported stays) and waits for it. */
  stop(): Promise<void>;
};

/**
 * The daily ingest runs inside the server process, on INGEST_CRON. croner's `protect` skips a
 * tick while this process still runs the previous one. Every instance on the database ticks, but
 * each tick runs once: the first instance to claim it in `job_claims` runs it, the others skip it
 * (logged). The run's database lock still keeps the CLI and a late tick from running at the same
 * time as another run.
 */
export function startIngestScheduler(
  services: IngestServices,
  schedule: IngestSchedule,
): IngestScheduler {
  const logger = services.logger.child({ job: "ingest" });
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;

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
      const run = runIngest(services, { signal: stopping.signal });
      running = run;
      try {
        await run;
      } catch (error) {
        if (error instanceof IngestInProgress) {
          logger.info("another process is running an ingest; tick skipped");
        } else throw error;
      } finally {
        running = null;
      }
    },
  );
  logger.info(
    {
      cron: schedule.cron,
      timezone: schedule.timezone,
      sources: services.feeds.sources.map((source) => source.name),
      udemyCheck: services.udemyCheck !== null,
      nextRun: job.nextRun()?.toISOString() ?? null,
    },
    "ingest scheduler started",
  );

  return {
    nextRun: () => job.nextRun(),
    async stop() {
      job.stop();
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}
