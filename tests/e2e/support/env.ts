/**
 * Facts shared by playwright.config.ts and the e2e specs: where the test server listens and the
 * fixed clock it runs on (the demo catalogue is seeded from it, so every run sees the same data).
 */
/** E2E_PORT in the environment lets two checkouts run their suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_HOST = "127.0.0.1";
export const E2E_BASE_URL = `http://${E2E_HOST}:${E2E_PORT}`;

/** FAKE_NOW for the server: 10:00 in Jakarta on 22 November 2026. */
export const E2E_FAKE_NOW = "2026-11-22T10:00:00+07:00";
/** FAKE_NOW's day in Asia/Jakarta: courses dated this day carry the New! badge. */
export const E2E_TODAY = "2026-11-22";

/** A fresh embedded-database directory, deleted before the server starts (under test-results/). */
export const E2E_DATA_DIR = "test-results/e2e-data";

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** The operator the e2e server lets into /admin (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = "operator@kursusku.test";

/** The stand-in for Udemy's course APIs that the e2e server asks (UDEMY_CHECK=true). */
export const E2E_UDEMY_PORT = E2E_PORT + 1;
export const E2E_UDEMY_URL = `http://${E2E_HOST}:${E2E_UDEMY_PORT}`;

/**
 * Where a spec starts its stand-in push service (tests/setup/fake-push-service.ts); the e2e
 * server lists it among the allowed push services (PUSH_SERVICES).
 */
export const E2E_PUSH_PORT = E2E_PORT + 2;
export const E2E_PUSH_ORIGIN = `http://${E2E_HOST}:${E2E_PUSH_PORT}`;

/** The stand-in Telegram Bot API the e2e server's bot talks to (tests/setup/fake-telegram.ts). */
export const E2E_TELEGRAM_PORT = E2E_PORT + 3;
export const E2E_TELEGRAM_URL = `http://${E2E_HOST}:${E2E_TELEGRAM_PORT}`;

/**
 * Where alerts-journey.spec.ts starts its own stand-in push service: apart from push.spec's, so
 * the two can run side by side. The e2e server lists both (PUSH_SERVICES).
 */
export const E2E_JOURNEY_PUSH_PORT = E2E_PORT + 5;
export const E2E_JOURNEY_PUSH_ORIGIN = `http://${E2E_HOST}:${E2E_JOURNEY_PUSH_PORT}`;

/**
 * Where alerts-journey.spec.ts starts its SMTP server (tests/setup/smtp-test-server.ts): the e2e
 * server sends alert e-mails there (SMTP_URL). No other spec turns e-mail alerts on, so nothing
 * else is ever sent; while nothing listens, a digest would fail to send and stay queued.
 */
export const E2E_SMTP_PORT = E2E_PORT + 4;
export const E2E_SMTP_URL = `smtp://${E2E_HOST}:${E2E_SMTP_PORT}`;

/**
 * The e2e server's alert worker ticks every few seconds (ALERT_DIGEST_CRON, a pattern with
 * seconds) instead of every 5 minutes, so a spec can wait for the real scheduler.
 */
export const E2E_ALERT_TICK_SECONDS = 5;
export const E2E_ALERT_DIGEST_CRON = `*/${E2E_ALERT_TICK_SECONDS} * * * * *`;

/** FAKE_NOW's hour in Asia/Jakarta (UTC+7, no DST): a digest set to this hour or earlier is due. */
export const E2E_JAKARTA_HOUR = (new Date(E2E_FAKE_NOW).getUTCHours() + 7) % 24;
