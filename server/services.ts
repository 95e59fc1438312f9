import path from "node:path";
import type { Logger } from "pino";
import { createClock, type Clock } from "./clock";
import type { Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { createAiProvider } from "./adapters/ai";
import type { AiProvider } from "./adapters/ai/types";
import { createIdentity, type Identity } from "./adapters/google-identity/identity";
import { createLocalImageStore, type ImageStore } from "./adapters/image-store/image-store";
import { createMemoCache, type MemoCache } from "./memo-cache";
import { resolveSessionSecret } from "./session-secret";

/** Everything the domain needs from the outside world, built once per process. */
export type Services = {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  cache: MemoCache;
  identity: Identity;
  ai: AiProvider;
  images: ImageStore;
  /** Signs the anonymous-visitor cookie. */
  sessionSecret: string;
};

export type ServicesHandle = {
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
};

export type ServiceOverrides = {
  database?: DatabaseHandle;
  clock?: Clock;
  identity?: Identity;
  ai?: AiProvider;
  images?: ImageStore;
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
  const clock = overrides.clock ?? createClock(config.fakeNow);
  const services: Services = {
    config,
    db: database.db,
    clock,
    logger,
    cache: createMemoCache(),
    identity: overrides.identity ?? (await createIdentity(config.auth, clock.now)),
    sessionSecret: resolveSessionSecret(config),
    ai: overrides.ai ?? createAiProvider(config.ai, { logger }),
    images: overrides.images ?? createLocalImageStore(config.uploadsDir),
  };
  return {
    services,
    database,
    close: () => database.close(),
  };
}
