import path from "node:path";
import type { Logger } from "pino";
import { createClock, type Clock } from "./clock";
import type { Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { createMemoCache, type MemoCache } from "./memo-cache";

/** Everything the domain needs from the outside world, built once per process. */
export type Services = {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  cache: MemoCache;
};

export type ServicesHandle = {
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
};

export type ServiceOverrides = {
  database?: DatabaseHandle;
  clock?: Clock;
};

export async function createServices(
  config: Config,
  logger: Logger,
  overrides: ServiceOverrides = {},
): Promise<ServicesHandle> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "db"),
    }));
  await database.migrate();
  const services: Services = {
    config,
    db: database.db,
    clock: overrides.clock ?? createClock(config.fakeNow),
    logger,
    cache: createMemoCache(),
  };
  return {
    services,
    database,
    close: () => database.close(),
  };
}
