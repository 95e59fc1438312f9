import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "../../server/db/client";
import { createServices, type Services, type ServicesHandle } from "../../server/services";
import { createTestClock, type TestClock } from "./test-clock";
import { createScratchDatabase } from "./scratch-database";
import { testConfig } from "./test-services";

export type TwoInstances = {
  /** Two instances of the server's services (own pool, own listener, own memory) on one database. */
  a: Services;
  b: Services;
  handles: [ServicesHandle, ServicesHandle];
  clock: TestClock;
  /** The database both use, for a test that needs a connection of its own. */
  databaseUrl: string;
  close(): Promise<void>;
};

/**
 * Two server instances on one fresh PostgreSQL database, as two processes behind a load balancer
 * would have them: everything they share goes through the database. Only with DATABASE_URL (CI
 * runs the integration suite on PostgreSQL); null on the embedded database, which one process owns.
 */
export async function startTwoInstances(
  options: { now?: Date | string; env?: Record<string, string> } = {},
): Promise<TwoInstances | null> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return null;
  const clock = createTestClock(options.now);
  const config = testConfig(options.env);
  const scratch = await createScratchDatabase(adminUrl);
  const databaseUrl = scratch.url;
  const open = async () =>
    createServices(config, pino({ level: "silent" }), {
      database: await openDatabase({ databaseUrl, poolSize: 10 }),
      clock,
    });
  // Started together, as instances are: the migration lock lets one migrate, the other wait.
  const [first, second] = await Promise.all([open(), open()]);
  return {
    a: first.services,
    b: second.services,
    handles: [first, second],
    clock,
    databaseUrl,
    async close() {
      await Promise.all([first.close(), second.close()]);
      await scratch.drop();
    },
  };
}

/**
 * For a test file about two instances: starts them before its tests and closes them after, on
 * PostgreSQL only (`pair()` is then the running pair; `onPostgres` says whether there is one).
 */
export function useTwoInstances(): { onPostgres: boolean; pair: () => TwoInstances } {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  let running: TwoInstances | null = null;
  beforeAll(async () => {
    if (onPostgres) running = await startTwoInstances();
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    onPostgres,
    pair: () => {
      if (!running) throw new Error("two instances run only on PostgreSQL (DATABASE_URL)");
      return running;
    },
  };
}

/** Resolves once `condition` holds; throws after `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
