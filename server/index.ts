import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import { loadConfigOrExit } from "./config-or-exit";
import {
  acquireDataDirLock,
  DataDirBusyError,
  updateDataDirLockPort,
  type DataDirLock,
} from "./data-dir-lock";
import { ensureWritableDirectory, UnwritableDirectoryError } from "./data-dir-check";
import { seedDemoCatalogueIfEmpty } from "./domain/catalog/seed";
import { startAlertDigestScheduler } from "./alert-digest-scheduler";
import { startTelegramBotWorker } from "./telegram-bot-worker";
import { createHttpApp } from "./http-app";
import { createServerLogger } from "./logger";
import { createServices } from "./services";
import { describeCouponFeeds } from "./adapters/coupon-feeds/feeds";
import { ingestScheduleOf, startIngestScheduler } from "./scheduler";
import { isClusterPrimary, runPrimary } from "./workers";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHUTDOWN_GRACE_MS = 10_000;
// Node closes an idle keep-alive socket after 5 s by default. A client (a browser, a proxy, a
// test's request pool) that reuses the socket in the same instant gets ECONNRESET. Keeping
// idle sockets longer than the usual 60 s idle timeout of proxies and load balancers means the
// client side always closes first, so a reused socket is never one the server just dropped.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** A directory the server cannot write stops it here, with one sentence and no stack trace. */
function refuseUnwritableDirectories(config: Config): void {
  try {
    // The embedded database and its generated secret live in the data directory.
    if (!config.databaseUrl)
      ensureWritableDirectory(config.dataDir, { label: "data directory", setting: "DATA_DIR" });
    ensureWritableDirectory(config.uploadsDir, {
      label: "uploads directory",
      setting: "UPLOADS_DIR",
    });
  } catch (error) {
    if (error instanceof UnwritableDirectoryError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const useVite = process.argv.includes("--dev");
  const config = loadConfigOrExit(1);
  const logger = createServerLogger(config.logLevel);
  refuseUnwritableDirectories(config);
  if (config.workersRefused) {
    logger.warn(
      { WEB_CONCURRENCY: config.workersRefused },
      "WEB_CONCURRENCY is ignored on the embedded database, which one process owns: one worker runs (set DATABASE_URL for more)",
    );
  }
  // On PostgreSQL this process forks the workers that serve (workers.ts); the development
  // server (hot reload) stays one process.
  if (!useVite && isClusterPrimary(config.workers)) {
    runPrimary(config.workers, logger);
    return;
  }
  // The embedded database belongs to one process at a time.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir, "server", config.port);
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(
          `${error.message}\nStop that process first, or point DATA_DIR at another directory.`,
        );
        process.exit(1);
      }
      throw error;
    }
  }
  const handle = await createServices(config, logger);
  const { services } = handle;
  logger.info(
    { database: handle.database.kind, location: handle.database.location },
    "database ready (migrations applied)",
  );
  logger.info(
    {
      identity: services.identity.describe(),
      ai: services.ai.name,
      images: services.images.describe(),
      rateLimits: handle.database.postgres ? "PostgreSQL (shared by instances)" : "memory",
      changeNotices: services.changes.describe(),
      feeds: describeCouponFeeds(services.feeds),
      udemyCheck: services.udemyCheck
        ? `live (${config.ingest.udemyBaseUrl}): before listing, on each ingest run and re-check tick "${config.ingest.recheckCron}" (${config.ingest.udemyCheckLimit} each) and at opening; none at start-up`
        : "off (coupons are listed as their sources give them)",
      alertEmail: config.alerts.smtpUrl
        ? `SMTP (${new URL(config.alerts.smtpUrl).host}), digests on "${config.alerts.digestCron}"`
        : "off (SMTP_URL not set)",
      push: services.push
        ? `on: VAPID ${config.push.vapidKeys ? "keys from the environment" : "keys in DATA_DIR"}; services ${config.push.services.join(", ")}`
        : "off (PostgreSQL without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY)",
    },
    "adapters (live or local stand-ins)",
  );
  if (config.isProduction && config.publicSiteUrlIsDefault) {
    logger.warn(
      { publicSiteUrl: config.publicSiteUrl },
      "PUBLIC_SITE_URL is not set: canonical links and the sitemap point at localhost",
    );
  }
  if (config.isProduction && config.auth.devSignIn) {
    logger.warn(
      "DEV_SIGNIN is on in production: anyone can sign in as any e-mail address without a password",
    );
  }
  if (config.fakeNow)
    logger.warn({ fakeNow: config.fakeNow.toISOString() }, "clock fixed by FAKE_NOW");

  const seeded = await seedDemoCatalogueIfEmpty(services);
  if (seeded)
    logger.info({ added: seeded.added }, "seeded the demo catalogue into an empty database");
  const scheduler = startIngestScheduler(services, ingestScheduleOf(config.ingest));
  const digestScheduler = startAlertDigestScheduler(services);
  const telegramWorker = startTelegramBotWorker(services);

  let app;
  if (useVite) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createHttpApp({
      services,
      vite: viteServer,
      clientDir: path.join(projectRoot, "public"),
      opsToken: () => lock?.owner.token,
    });
  } else {
    const buildFile = path.join(projectRoot, "build/server/index.js");
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    app = createHttpApp({
      services,
      build: async () => build,
      clientDir: path.join(projectRoot, "build/client"),
      opsToken: () => lock?.owner.token,
    });
  }

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    if (lock) updateDataDirLockPort(config.dataDir, lock, port);
    logger.info(
      { url: `http://localhost:${port}`, env: config.env, mode: useVite ? "vite-dev" : "built" },
      "Kursusku is listening",
    );
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a slow second request on a kept socket is cut off.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stops the schedule and any scheduled run at once; awaited before the database closes.
    const schedulerStopped = Promise.all([
      scheduler.stop(),
      digestScheduler?.stop(),
      telegramWorker?.stop(),
    ]);
    server.close(async () => {
      try {
        await schedulerStopped;
        await handle.close();
        lock?.release();
        logger.info("database closed; bye");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing the database");
        process.exit(1);
      }
    });
    // Sockets that finish an in-flight request after this point become idle and would be kept
    // for the keep-alive timeout; close them as they go idle so shutdown is not held up.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 200).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
