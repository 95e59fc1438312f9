import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../tests/setup/test-services";
import { createFixtureFeeds } from "./adapters/coupon-feeds/fake-feeds";
import { ingestRuns } from "./db/schema";
import { toIngestServices, type IngestServices } from "./domain/ingest/ingest-services";
import { startIngestScheduler } from "./scheduler";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices();
});

afterAll(async () => {
  await harness.close();
});

const waitUntil = async (condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("startIngestScheduler", () => {
  it("reads the default daily pattern at 06:00 in Jakarta", async () => {
    const scheduler = startIngestScheduler(toIngestServices(harness.services), {
      cron: "0 6 * * *",
      timezone: "Asia/Jakarta",
    });
    const next = scheduler.nextRun()!;
    expect(next.toLocaleTimeString("en-GB", { timeZone: "Asia/Jakarta", hour12: false })).toBe(
      "06:00:00",
    );
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    await scheduler.stop();
    expect(scheduler.nextRun()).toBeNull();
  });

  it("runs on schedule, never two at once, and stops a run in progress when stopped", async () => {
    let running = 0;
    let mostAtOnce = 0;
    let loads = 0;
    const services: IngestServices = toIngestServices(harness.services, {
      feeds: createFixtureFeeds([
        {
          name: "slow",
          // Each run takes longer than the one-second schedule.
          answer: async ({ signal }) => {
            loads += 1;
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 1_500);
              signal?.addEventListener("abort", () => {
                clearTimeout(timer);
                resolve();
              });
            });
            running -= 1;
            return { records: [], rejected: [] };
          },
        },
      ]),
    });
    const scheduler = startIngestScheduler(services, { cron: "* * * * * *", timezone: "UTC" });
    await waitUntil(async () => {
      const runs = await harness.services.db.select().from(ingestRuns);
      return runs.some((run) => run.finishedAt !== null) && loads >= 2;
    });
    await scheduler.stop();
    expect(running).toBe(0);
    expect(mostAtOnce).toBe(1);
    const after = loads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(loads).toBe(after);
    const runs = await harness.services.db.select().from(ingestRuns);
    expect(runs.every((run) => run.source === "all" && run.finishedAt !== null)).toBe(true);
  });
});
