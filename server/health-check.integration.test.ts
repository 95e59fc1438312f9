import { listenOnLoopback, type LoopbackServer } from "../tests/setup/loopback-server";
import { sql } from "drizzle-orm";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponRecord, seedCourses } from "../tests/setup/api-test-server";
import { createTestServices, type TestServices } from "../tests/setup/test-services";
import type { Database } from "./db/client";
import { healthHeartbeat } from "./db/schema";
import { createHttpApp } from "./http-app";
import type { Services } from "./services";
import { createWriteFailures, WRITE_FAILURE_WINDOW_MS } from "./write-failures";

const DISK_FULL = 'could not extend file "base/5/16384": No space left on device';
// Raw `execute` stays a read here: a read-only health check ran `select 1` through it.
const WRITES = new Set(["insert", "update", "delete", "transaction"]);

let harness: TestServices;
/** What the app sees: its `db` can be swapped for one whose writes fail. */
let services: Services;
let server: LoopbackServer;
let base: string;

/** The real database for reads; every write fails as on a full disk. */
function diskFullDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === "string" && WRITES.has(property))
        return () => {
          throw new Error(DISK_FULL);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function health(): Promise<number> {
  return (await fetch(`${base}/healthz`)).status;
}

beforeAll(async () => {
  harness = await createTestServices();
  await seedCourses(harness.services, [couponRecord({ slug: "health-course" })]);
  services = { ...harness.services };
  const app = createHttpApp({
    services,
    build: () => Promise.reject(new Error("no pages in this test")),
    clientDir: tmpdir(),
  });
  server = await listenOnLoopback(app);
  base = server.base;
});

afterAll(async () => {
  await server.close();
  await harness.close();
});

beforeEach(() => {
  services.db = harness.services.db;
  services.writeFailures = createWriteFailures(() => harness.clock.now().getTime());
});

describe("/healthz", () => {
  it("answers 200 when a write reaches the database, and records its heartbeat", async () => {
    expect(await health()).toBe(200);
    const [beat] = await harness.services.db.select().from(healthHeartbeat);
    expect(beat?.beatAt.getTime()).toBe(harness.clock.now().getTime());
  });

  it("answers 503 while writes fail even though reads still work", async () => {
    services.db = diskFullDatabase(harness.services.db);
    // Reads are fine: a read-only check would have said healthy.
    expect((await services.db.select().from(healthHeartbeat)).length).toBe(1);
    await services.db.execute(sql`select 1`);
    expect(await health()).toBe(503);
    expect(await fetch(`${base}/healthz`).then((response) => response.json())).toEqual({
      status: "unavailable",
    });
  });

  it("stays 503 for a minute after a write failed for lack of storage, then recovers", async () => {
    services.db = diskFullDatabase(harness.services.db);
    expect(await health()).toBe(503);
    // Space is back for the heartbeat, but writes failed moments ago.
    services.db = harness.services.db;
    expect(await health()).toBe(503);
    harness.clock.advance(WRITE_FAILURE_WINDOW_MS - 1000);
    expect(await health()).toBe(503);
    harness.clock.advance(1000);
    expect(await health()).toBe(200);
  });

  it("answers 503 when the write does not finish in time", async () => {
    services.db = new Proxy(harness.services.db, {
      get(target, property, receiver) {
        if (property === "insert")
          return () => ({
            values: () => ({ onConflictDoUpdate: () => new Promise(() => undefined) }),
          });
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const started = Date.now();
    expect(await health()).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
