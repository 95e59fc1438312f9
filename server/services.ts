import path from "node:path";
import type { Logger } from "pino";
import { createClock, type Clock } from "./clock";
import type { Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { createAiProvider } from "./adapters/ai";
import { createCouponFeeds, type CouponFeeds } from "./adapters/coupon-feeds/feeds";
import { botUserAgent, DEFAULT_FETCH_POLICY } from "./adapters/coupon-feeds/http-fetch";
import { createUdemyCheck, type UdemyCheck } from "./adapters/udemy-check/udemy-check";
import type { AiProvider } from "./adapters/ai/types";
import { createIdentity, type Identity } from "./adapters/google-identity/identity";
import type { ImageStore } from "./adapters/image-store/image-store";
import { createConfiguredImageStore } from "./adapters/image-store/configured-image-store";
import { createMemoCache, type MemoCache } from "./memo-cache";
import { shareForgetsAcrossInstances } from "./memo-cache-across-instances";
import {
  noChangeNotices,
  startPostgresChangeNotices,
  type ChangeNotices,
} from "./db/change-notices";
import { createPostgresRateLimitStore } from "./adapters/rate-limit/postgres-store";
import { memoryStore, type RateLimitStore } from "./adapters/rate-limit/rate-limiter";
import { resolveSessionSecret } from "./session-secret";
import { resolveVapidKeys } from "./adapters/web-push/vapid-keys";
import { createWebPushSender, type PushSender } from "./adapters/web-push/web-push-sender";
import { createTelegramBot, type TelegramBot } from "./adapters/telegram/bot-api";
import { createSmtpMailer, type Mailer } from "./adapters/mailer/smtp-mailer";
import { createWriteFailures, type WriteFailures } from "./write-failures";
import { scoreUnscoredCourses } from "./domain/catalog/quality-score";

/** Everything the domain needs from the outside world, built once per process. */
export type Services = {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Forgets reach every instance on the same PostgreSQL database (see `changes`). */
  cache: MemoCache;
  /** Notices between instances on one PostgreSQL database; nothing on the embedded database. */
  changes: ChangeNotices;
  /** Where rate-limit counts live: PostgreSQL when instances share it, memory otherwise. */
  rateLimits: RateLimitStore;
  /** The embedded database's consistent dump, for `npm run backup`; null on PostgreSQL. */
  embeddedDump: (() => Promise<Blob>) | null;
  /** VACUUM (ANALYZE) of the embedded database, which has no autovacuum; null on PostgreSQL. */
  embeddedUpkeep: (() => Promise<void>) | null;
  identity: Identity;
  ai: AiProvider;
  images: ImageStore;
  /** The coupon sources of INGEST_SOURCES. */
  feeds: CouponFeeds;
  /** Udemy's coupon check; null unless UDEMY_CHECK=true. */
  udemyCheck: UdemyCheck | null;
  /** Signs the anonymous-visitor cookie. */
  sessionSecret: string;
  /** Recent failures of the storage under the database (a full disk), for the health check. */
  writeFailures: WriteFailures;
  /** Web Push; null without VAPID keys (PostgreSQL with none configured). */
  push: PushSender | null;
  /** The Telegram bot; null without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramBot | null;
  /** The SMTP server alert e-mails go through; null without SMTP_URL. */
  mailer: Mailer | null;
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
  feeds?: CouponFeeds;
  udemyCheck?: UdemyCheck | null;
  push?: PushSender | null;
  telegram?: TelegramBot | null;
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
  // Courses stored before the quality score existed get theirs once (a no-op afterwards).
  await scoreUnscoredCourses(database.db, clock.today());
  const shared = database.postgres;
  const changes = shared
    ? await startPostgresChangeNotices({ ...shared, logger })
    : noChangeNotices;
  const userAgent = botUserAgent(config.publicSiteUrl);
  const services: Services = {
    config,
    db: database.db,
    clock,
    logger,
    cache: shareForgetsAcrossInstances(createMemoCache(), changes),
    changes,
    rateLimits: shared ? createPostgresRateLimitStore(shared.pool) : memoryStore,
    embeddedDump: database.dumpDataDir,
    embeddedUpkeep: database.upkeep,
    identity: overrides.identity ?? (await createIdentity(config.auth, clock.now)),
    sessionSecret: resolveSessionSecret(config),
    writeFailures: createWriteFailures(),
    ai: overrides.ai ?? createAiProvider(config.ai, { logger }),
    images: overrides.images ?? createConfiguredImageStore(config),
    feeds:
      overrides.feeds ??
      createCouponFeeds(config.ingest.sources, {
        ...DEFAULT_FETCH_POLICY,
        timeoutMs: config.ingest.fetchTimeoutMs,
        maxBytes: config.ingest.maxFeedBytes,
        userAgent,
      }),
    udemyCheck:
      overrides.udemyCheck !== undefined
        ? overrides.udemyCheck
        : config.ingest.udemyCheck
          ? createUdemyCheck({
              baseUrl: config.ingest.udemyBaseUrl,
              policy: {
                timeoutMs: 10_000,
                maxBytes: 2 * 1024 * 1024,
                retries: 1,
                backoffMs: 2_000,
                userAgent,
              },
            })
          : null,
    push: overrides.push !== undefined ? overrides.push : createPushSender(config),
    telegram:
      overrides.telegram !== undefined
        ? overrides.telegram
        : config.telegram
          ? createTelegramBot({
              token: config.telegram.botToken,
              apiBase: config.telegram.apiBase,
              timeoutMs: config.telegram.timeoutMs,
            })
          : null,
    mailer: config.alerts.smtpUrl
      ? createSmtpMailer({ url: config.alerts.smtpUrl, from: config.alerts.mailFrom })
      : null,
  };
  // Whatever write fails for lack of storage, wherever it ran, marks this instance unhealthy.
  database.onQueryFailure((error) => services.writeFailures.note(error));
  return {
    services,
    database,
    close: async () => {
      services.mailer?.close();
      await changes.close();
      await database.close();
    },
  };
}

function createPushSender(config: Config): PushSender | null {
  const keys = resolveVapidKeys(config);
  if (!keys) return null;
  return createWebPushSender({
    keys,
    subject: config.push.vapidSubject,
    services: config.push.services,
    timeoutMs: config.push.timeoutMs,
  });
}
