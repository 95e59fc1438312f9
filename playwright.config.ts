import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  CHROMIUM_PATH,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_FAKE_NOW,
  E2E_HOST,
  E2E_PORT,
  E2E_ADMIN_EMAIL,
  E2E_UDEMY_PORT,
  E2E_UDEMY_URL,
  E2E_PUSH_ORIGIN,
  E2E_TELEGRAM_PORT,
  E2E_TELEGRAM_URL,
  E2E_JOURNEY_PUSH_ORIGIN,
  E2E_SMTP_URL,
  E2E_ALERT_DIGEST_CRON,
} from "./tests/e2e/support/env";
import { FAKE_BOT_TOKEN } from "./tests/setup/fake-telegram";
import { DEFAULT_PUSH_SERVICES } from "./core/push";

// DESIGN.md §8: without Chromium the run fails with the instruction, it never skips.
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium is required at ${CHROMIUM_PATH}: apt-get install -y chromium`);
}

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two cores: the server and two browsers already fill them.
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: "test-results/e2e-artifacts",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "Asia/Jakarta",
  },
  projects: [
    {
      name: "chromium",
      // Specs that change the catalogue (or publish articles) run after the read-only ones.
      testIgnore:
        /(live-updates|go-safety|coupon-ended|phone-layout|course-page|alerts-journey|i18n-writing)\.spec\.ts/,
      use: browser,
    },
    {
      name: "catalogue-writes",
      testMatch:
        /(live-updates|go-safety|coupon-ended|phone-layout|course-page|i18n-writing)\.spec\.ts/,
      dependencies: ["chromium"],
      use: browser,
    },
    {
      // The alerts journey adds a course too, and waits for the alert worker: alone at the end,
      // so the course it adds never shows up in live-updates' count of new courses, nor as the
      // "first card" other catalogue-writes specs pick.
      name: "alerts-journey",
      testMatch: /alerts-journey\.spec\.ts/,
      dependencies: ["catalogue-writes"],
      use: browser,
    },
  ],
  webServer: [
    {
      // Udemy's stand-in: the site asks it whether a coupon still works when one is opened.
      command: "npx tsx tests/e2e/support/fake-udemy-server.ts",
      port: E2E_UDEMY_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Telegram's Bot API stand-in: the site's bot long-polls it for /start messages.
      command: "npx tsx tests/e2e/support/fake-telegram-server.ts",
      port: E2E_TELEGRAM_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The production build (npm run test:e2e builds first) on a fresh embedded database.
      command: `rm -rf ${E2E_DATA_DIR} && npx tsx server/index.ts`,
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        HOST: E2E_HOST,
        DATA_DIR: E2E_DATA_DIR,
        FAKE_NOW: E2E_FAKE_NOW,
        // The generated catalogue as ordinary listed courses: the specs open courses and expect a
        // spend and a redirect to Udemy's stand-in. A real fresh install flags it as a demo
        // (SEED=demo); site-shell.spec.ts starts its own server for that.
        SEED: "test",
        LOG_LEVEL: "warn",
        // Every browser of the suite signs in from 127.0.0.1, many times a minute.
        SIGN_INS_PER_IP_PER_MINUTE: "100000",
        SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000",
        NODE_ENV: "test",
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        UDEMY_CHECK: "true",
        // No coupon source: nothing reaches outside, and the catalogue is the seeded one.
        INGEST_SOURCES: "[]",
        // No scheduled ingest: the daily run at the real 06:00 WIB (23:00 UTC, when CI may be
        // running) would ask Udemy about coupons and retire courses under the specs' feet. Specs
        // that kill a coupon need a course never asked about: the server's clock stands still
        // (FAKE_NOW), so an answer never goes stale. 30 February never comes.
        INGEST_CRON: "0 0 30 2 *",
        // Nor the re-check of listed coupons between runs, for the same reason.
        UDEMY_RECHECK_CRON: "0 0 30 2 *",
        UDEMY_BASE_URL: E2E_UDEMY_URL,
        // Course images from the stand-in only: nothing reaches Udemy's CDN.
        UDEMY_IMAGE_BASE_URL: E2E_UDEMY_URL,
        // The vendors' push services and the stand-ins push.spec.ts and alerts-journey.spec.ts start.
        PUSH_SERVICES: [...DEFAULT_PUSH_SERVICES, E2E_PUSH_ORIGIN, E2E_JOURNEY_PUSH_ORIGIN].join(
          ",",
        ),
        TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
        TELEGRAM_API_BASE: E2E_TELEGRAM_URL,
        // Alert e-mails go to the SMTP server alerts-journey.spec.ts starts; the alert worker
        // ticks every few seconds so the spec waits for the real scheduler, not 5 minutes.
        SMTP_URL: E2E_SMTP_URL,
        ALERT_DIGEST_CRON: E2E_ALERT_DIGEST_CRON,
      },
    },
  ],
});
