import { pino } from "pino";
import { migratedPgliteImage } from "./migrated-pglite-image";
import { parseConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { createServices, type Services } from "../../server/services";
import { createTestClock, type TestClock } from "./test-clock";
import { createScratchDatabase } from "./scratch-database";

export type TestServices = {
  services: Services;
  clock: TestClock;
  databaseKind: "pglite" | "postgres";
  close(): Promise<void>;
};

/** A VAPID key pair for tests (made once with web-push's generateVAPIDKeys; signs nothing real). */
export const TEST_VAPID_KEYS = {
  publicKey:
    "BEsH4HzXX2Bj_ef9AFCkgof_4mS3zzCeV0uqToyUD1wwyjT3aaK9QGKKwrPr0bWuIGZXUxSSz9i-fx2j892J0kw",
  privateKey: "AhIjr08flOZNX-PkbqHcrOFM8N4BGOsbF6hvErLi0N8",
};

/**
 * The configuration of a test: no demo seed, a fixed cookie secret and VAPID keys (nothing is
 * written into a data directory), and `env` on top.
 */
export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: "test",
    SEED: "none",
    SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    // Course images only from a port nothing listens on: a CDN address is refused unasked.
    UDEMY_IMAGE_BASE_URL: "http://127.0.0.1:9",
    // Nothing reaches outside: no coupon source and no Udemy check unless the test names them.
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
    ...env,
  });
}

/**
 * Services over a brand-new database: in-memory PGlite by default, or — when DATABASE_URL is set
 * (CI runs the integration suite a second time that way) — a fresh PostgreSQL database created
 * for this test file and dropped afterwards, so files never see each other's rows.
 */
export async function createTestServices(
  options: { now?: Date | string; env?: Record<string, string> } = {},
): Promise<TestServices> {
  const clock = createTestClock(options.now);
  const config = testConfig(options.env);
  const logger = pino({ level: "silent" });
  const adminUrl = process.env.DATABASE_URL;

  if (!adminUrl) {
    const database = await openDatabase({
      pgliteDir: "memory://",
      pgliteImage: await migratedPgliteImage(),
    });
    const handle = await createServices(config, logger, { database, clock });
    return { services: handle.services, clock, databaseKind: "pglite", close: handle.close };
  }

  const scratch = await createScratchDatabase(adminUrl);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  const handle = await createServices(config, logger, { database, clock });
  return {
    services: handle.services,
    clock,
    databaseKind: "postgres",
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
