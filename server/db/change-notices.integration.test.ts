import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestServices } from "../../tests/setup/test-services";
import { eventually, useTwoInstances, type TwoInstances } from "../../tests/setup/two-instances";
import { memoryStore } from "../adapters/rate-limit/rate-limiter";
import { LISTENER_APPLICATION_NAME, type ChangeNotice } from "./change-notices";

const { onPostgres, pair } = useTwoInstances();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Notices from other instances that reach `services`, in order. */
function received(services: TwoInstances["a"]): ChangeNotice[] {
  const seen: ChangeNotice[] = [];
  services.changes.subscribe((notice) => seen.push(notice));
  return seen;
}

describe.runIf(!onPostgres)("change notices on the embedded database", () => {
  it("are a no-op, and the rate limits stay in memory (one process owns the database)", async () => {
    const harness = await createTestServices();
    try {
      expect(harness.services.changes.describe()).toMatch(/^none/);
      expect(harness.services.rateLimits).toBe(memoryStore);
      let forgotten = 0;
      harness.services.cache.onForget(() => (forgotten += 1));
      harness.services.cache.forget("catalog:");
      harness.services.changes.publish({ kind: "pages" });
      expect(forgotten).toBe(1);
    } finally {
      await harness.close();
    }
  });
});

describe.runIf(onPostgres)("change notices between two instances on PostgreSQL", () => {
  it("a cache forget on one instance forgets on the other at once, and never echoes back", async () => {
    let computedOnB = 0;
    const rememberOnB = () =>
      pair().b.cache.remember("catalog:count:x", 60_000, async () => (computedOnB += 1));
    await rememberOnB();
    await rememberOnB();
    expect(computedOnB).toBe(1);
    let forgetsOnA = 0;
    let forgetsOnB = 0;
    pair().a.cache.onForget(() => (forgetsOnA += 1));
    pair().b.cache.onForget(() => (forgetsOnB += 1));

    pair().a.cache.forget("catalog:");
    expect(forgetsOnA).toBe(1);
    await eventually(() => forgetsOnB === 1);
    await rememberOnB();
    expect(computedOnB).toBe(2);
    // B forgot without publishing again: A hears nothing back.
    await sleep(300);
    expect(forgetsOnA).toBe(1);
    expect(forgetsOnB).toBe(1);
  });

  it("a write notice reaches the other instances only, and a burst is folded", async () => {
    const onA = received(pair().a);
    const onB = received(pair().b);
    pair().a.changes.publish({ kind: "pages" });
    await eventually(() => onB.length === 1);
    expect(onB[0]).toEqual({ kind: "pages" });

    onB.length = 0;
    for (let write = 0; write < 50; write += 1) pair().a.changes.publish({ kind: "pages" });
    // The first goes at once; the 49 that came while it was on its way become one follow-up.
    await eventually(() => onB.length === 2);
    await sleep(300);
    expect(onB).toHaveLength(2);
    expect(onA).toHaveLength(0);
  });

  it("listens again after its connection is cut, and forgets everything it may have missed", async () => {
    const onB = received(pair().b);
    let forgetsOnB = 0;
    pair().b.cache.onForget(() => (forgetsOnB += 1));
    const admin = new pg.Client({ connectionString: pair().databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(cut.rowCount).toBe(2); // A's and B's listeners
    } finally {
      await admin.end();
    }
    // Reconnected: everything kept meanwhile is forgotten, then notices flow again.
    await eventually(() => onB.some((notice) => notice.kind === "cache" && notice.prefix === ""));
    expect(forgetsOnB).toBeGreaterThanOrEqual(1);
    onB.length = 0;
    await eventually(async () => {
      pair().a.changes.publish({ kind: "pages" });
      await sleep(100);
      return onB.some((notice) => notice.kind === "pages");
    });
  });
});
