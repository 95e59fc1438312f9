import { Cron } from "croner";
import { DEFAULT_INGEST_CRON } from "../../server/config";
import { toIngestServices } from "../../server/domain/ingest/ingest-services";
import { runIngest } from "../../server/domain/ingest/run-sources";
import { startFakeUdemy } from "../../tests/setup/fake-udemy";
import {
  COUPONLESS_COURSE_SLUG,
  startPresetFixtureSites,
} from "../../tests/setup/preset-fixture-sites";
import { createTestServices } from "../../tests/setup/test-services";

/**
 * (i) Freshness: every preset on a fake site in its real format (tests/setup/preset-fixture-sites),
 * the default configuration with only the base addresses pointed at the fakes, and Udemy's
 * stand-in checking each coupon. Reports items, Udemy questions and time per run, then simulates
 * how long a coupon waits between appearing at its source and being listed under the default
 * schedule: appearances uniform over a day, a run every 30 minutes started up to the scheduler's
 * jitter after its tick, listing at the run's end (the measured run time).
 * `npm run drills -- freshness` runs only this one.
 */
const RUNS = 3;
const SIMULATED_COUPONS = 20_000;
/** The scheduler's default jitter for a 30-minute schedule (server/scheduler.ts). */
const JITTER_MS = 2 * 60_000;

export async function drillFreshness(check: (ok: boolean, message: string) => void) {
  console.log("\n(i) freshness: every preset on fakes in its real format, the default schedule");
  const sites = await startPresetFixtureSites();
  const udemy = await startFakeUdemy();
  udemy.set(COUPONLESS_COURSE_SLUG, { kind: "paid" });
  const harness = await createTestServices({
    now: "2026-11-27T10:00:00+07:00",
    env: {
      INGEST_SOURCES: JSON.stringify(sites.sources),
      UDEMY_CHECK: "true",
      UDEMY_BASE_URL: udemy.baseUrl,
      UDEMY_IMAGE_BASE_URL: udemy.baseUrl,
    },
  });
  const runTimesMs: number[] = [];
  try {
    const services = toIngestServices(harness.services);
    for (let run = 1; run <= RUNS; run += 1) {
      const questionsBefore = udemy.requestCount();
      const requestsBefore = sites.requestCount();
      const started = performance.now();
      const summary = await runIngest(services);
      const ms = performance.now() - started;
      runTimesMs.push(ms);
      const failed = summary.sources.filter((source) => !source.ok).map((source) => source.name);
      console.log(
        `     run ${run}: ${summary.found} items from ${summary.sources.length} sources (${sites.requestCount() - requestsBefore} requests to them), added ${summary.added}, ${udemy.requestCount() - questionsBefore} questions to Udemy, ${Math.round(ms)} ms${failed.length > 0 ? `; failed: ${failed.join(", ")}` : ""}`,
      );
      if (run === 1) {
        check(failed.length === 0, "every preset's source was read");
        check(summary.added > 0, `the first run listed coupons (${summary.added})`);
      }
      harness.clock.advance(30 * 60_000);
    }
  } finally {
    await harness.close();
    await udemy.close();
    await sites.close();
  }

  const runMs = Math.max(...runTimesMs);
  const delays = simulateListingDelays(runMs);
  const p50 = percentile(delays, 0.5);
  const p95 = percentile(delays, 0.95);
  console.log(
    `     simulated: ${SIMULATED_COUPONS} coupons appearing uniformly over a day, runs on "${DEFAULT_INGEST_CRON}" + up to ${JITTER_MS / 60_000} min jitter, ${Math.round(runMs)} ms a run: appearing → listed p50 ${minutes(p50)}, p95 ${minutes(p95)}, max ${minutes(Math.max(...delays))}`,
  );
  check(p95 <= 35 * 60_000, `95% of coupons are listed within 35 minutes (${minutes(p95)})`);
}

/** Minutes from each simulated coupon's appearance to the end of the first run after it. */
function simulateListingDelays(runMs: number): number[] {
  const dayStart = Date.parse("2026-11-27T00:00:00+07:00");
  const dayMs = 24 * 60 * 60_000;
  // Two days of ticks, so a coupon late in the day meets the next day's first run.
  const ticks = new Cron(DEFAULT_INGEST_CRON, { timezone: "Asia/Jakarta", paused: true })
    .nextRuns(2 * 48 + 1, new Date(dayStart - 1))
    .map((tick) => tick.getTime());
  const runs = ticks.map((tick) => {
    const start = tick + Math.random() * JITTER_MS;
    return { start, end: start + runMs };
  });
  const delays: number[] = [];
  for (let index = 0; index < SIMULATED_COUPONS; index += 1) {
    const appeared = dayStart + Math.random() * dayMs;
    const run = runs.find((candidate) => candidate.start >= appeared)!;
    delays.push(run.end - appeared);
  }
  return delays.sort((a, b) => a - b);
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}
