import { availableParallelism } from "node:os";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { DEFAULT_PUSH_SERVICES } from "../core/push";
import { COUPON_SOURCE_PRESET_NAMES } from "./adapters/coupon-feeds/presets";
import { parseIngestSources } from "./adapters/coupon-feeds/source-config";

/**
 * Every environment variable the server reads, parsed once. Nothing else reads process.env:
 * a typo or a forbidden combination stops the process at start-up with a readable message,
 * instead of surfacing as odd behaviour later.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** Every 30 minutes (Asia/Jakarta). */
export const DEFAULT_INGEST_CRON = "*/30 * * * *";
/** Every 10 minutes, on the minutes the runs leave free (5, 15, 25 …). */
export const DEFAULT_RECHECK_CRON = "5-55/10 * * * *";

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_SITE_URL: z.url().optional(),
  FAKE_NOW: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("fixes the clock for trials and tests"),
  /**
   * demo: an empty database gets the generated catalogue, flagged as examples (a banner says so,
   * nothing opens); test: the same catalogue as ordinary listed courses, for test harnesses that
   * open and spend (NODE_ENV=test only); none: nothing.
   */
  SEED: z.enum(["demo", "test", "none"]).default("demo"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFlag,
  SUPPORT_EMAIL: z.email().default("support@kursusku.id"),
  INSTAGRAM_URL: z.url().default("https://www.instagram.com/kursusku.id"),
  TELEGRAM_URL: z.url().default("https://t.me/kursusku"),
  /** Android APK: an absolute URL, or unset to serve public/downloads/kursusku.apk when present. */
  APK_URL: z.url().optional(),
  /** Google Identity Services client id; unset → the local dev sign-in is offered instead. */
  GOOGLE_CLIENT_ID: z.string().min(10).optional(),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  /** Offer the local dev sign-in even with Google configured, or in production. */
  DEV_SIGNIN: booleanFlag,
  /** Signs the anonymous-visitor cookie. Generated into DATA_DIR when unset (embedded database). */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** User-agent token of the companion Android app. */
  APP_USER_AGENT_TOKEN: z.string().min(3).default("KursuskuApp"),
  GEMINI_API_KEY: z.string().min(10).optional(),
  GEMINI_MODEL: z.string().min(3).default("gemini-2.5-flash"),
  GEMINI_BASE_URL: z.url().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Uploaded images; default DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /**
   * Uploads in an S3-compatible object store instead (several instances share it): the bucket,
   * and for a store other than AWS its endpoint; credentials as below or from the AWS defaults.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses objects as endpoint/bucket/key (most S3-compatible stores); default with an endpoint. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"]).optional(),
  /** Key prefix inside the bucket, e.g. "uploads/". */
  S3_PREFIX: z.string().max(200).default(""),
  /** Comma-separated e-mails of operators who may use /admin. */
  ADMIN_EMAILS: z.string().default(""),
  /** Comma-separated origins allowed to call /api from a browser (CORS); empty: none. */
  CORS_ORIGINS: z.string().default(""),
  ANON_CREDITS_PER_IP_PER_DAY: z.coerce.number().int().min(3).max(100_000).default(30),
  /** Sign-ins a minute from one IP address, and for one e-mail address. */
  SIGN_INS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  SIGN_INS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(5),
  /**
   * JSON list of coupon sources: see server/adapters/coupon-feeds/source-config.ts. Unset: every
   * preset (the live catalogue by default); "[]": none; names or entries: those.
   */
  INGEST_SOURCES: z
    .string()
    .optional()
    .transform((text, context) => {
      try {
        return parseIngestSources(text ?? JSON.stringify(COUPON_SOURCE_PRESET_NAMES));
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * When the ingest runs, read in Asia/Jakarta: every 30 minutes, as the best trackers refresh
   * (a free coupon lives a few days with a limited number of uses); "0 6 * * *" is daily.
   */
  INGEST_CRON: z
    .string()
    .default(DEFAULT_INGEST_CRON)
    .refine(isCronPattern, 'must be a cron pattern such as "*/30 * * * *"'),
  /**
   * When listed coupons are asked about again (UDEMY_CHECK_LIMIT a tick), between the runs: a
   * coupon that ran out of uses leaves the list within this tick, not the next run's.
   */
  UDEMY_RECHECK_CRON: z
    .string()
    .default(DEFAULT_RECHECK_CRON)
    .refine(isCronPattern, 'must be a cron pattern such as "*/10 * * * *"'),
  /** A coupon its source has not shown for this many days leaves the list. */
  STALE_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  /**
   * Ask Udemy's course-landing API whether coupons are 100% off before listing them and while
   * listed (on by default: a coupon Udemy cannot confirm is not listed).
   */
  UDEMY_CHECK: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((value) => value === "true" || value === "1"),
  UDEMY_BASE_URL: z.url().default("https://www.udemy.com"),
  /**
   * Where course images may be fetched from. Unset: Udemy's image CDN only (the allow-list in
   * server/adapters/course-images/image-fetch.ts); set: only this origin (a stand-in or mirror).
   */
  UDEMY_IMAGE_BASE_URL: z.url().optional(),
  /** Coupons asked about with Udemy per run, and per re-check tick. */
  UDEMY_CHECK_LIMIT: z.coerce.number().int().min(1).max(5000).default(200),
  INGEST_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  INGEST_MAX_FEED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /**
   * Worker processes of one server on PostgreSQL (default: one per core). The embedded database
   * belongs to one process, so there it is always 1.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** The SMTP server alert digests go through (smtp:// or smtps://, login in the URL); unset: no e-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The From of alert e-mails. */
  MAIL_FROM: z.string().min(3).max(200).default("Kursusku <alerts@kursusku.id>"),
  /** How often the e-mail digest worker looks for users whose hour has come (every 5 minutes). */
  ALERT_DIGEST_CRON: z
    .string()
    .default("*/5 * * * *")
    .refine(isCronPattern, 'must be a cron pattern such as "*/5 * * * *"'),
  /** How often an open home page asks for new courses and articles (60 000 ms). */
  POLL_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Web Push (VAPID): the key pair, base64url as `web-push generate-vapid-keys` prints it. Unset:
   * generated into DATA_DIR on the embedded database (server/adapters/web-push/vapid-keys.ts).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
    .optional(),
  /** Who push services contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// address")
    .optional(),
  /**
   * Push services a subscription may point at, comma-separated: a host suffix ("fcm.googleapis.com"
   * also admits subdomains; https only) or an exact origin ("http://127.0.0.1:4100", for a test's
   * stand-in). Replaces the default list of the browser vendors' services.
   */
  PUSH_SERVICES: z.string().optional(),
  /** The whole request to a push service, connection to answer. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** The Telegram bot (from @BotFather) that sends alerts and channel posts; unset: Telegram off. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{10,}$/, "must be a bot token as @BotFather gives it (123456:ABC…)")
    .optional(),
  /** The Bot API's address (a stand-in's in tests). */
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
  /** The channel every new course is posted to (@name, the bot an admin of it); unset: no posts. */
  TELEGRAM_CHANNEL: z
    .string()
    .regex(/^(@[A-Za-z][A-Za-z0-9_]{3,}|-100\d+)$/, "must be @channelname or a -100… chat id")
    .optional(),
  /** One Bot API call (a long poll waits its own time on top). */
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
});

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

import type { Config } from "./config-types";

export type {
  Config,
  TelegramSettings,
  PushSettings,
  IngestConfig,
  AlertSettings,
  AuthSettings,
  S3Settings,
  SiteSettings,
} from "./config-types";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  const problems: string[] = [];
  if (isProduction && values.FAKE_NOW) {
    problems.push(
      "FAKE_NOW is refused when NODE_ENV=production (it would freeze the site's clock)",
    );
  }
  if (isProduction && values.DATABASE_URL && !values.SESSION_SECRET) {
    problems.push(
      "SESSION_SECRET is required when NODE_ENV=production with DATABASE_URL (every instance must sign cookies alike)",
    );
  }
  // The dev sign-in lets anyone type any e-mail: next to an operator list it would hand /admin
  // to whoever types an operator's address.
  if (isProduction && values.DEV_SIGNIN && values.ADMIN_EMAILS.trim() !== "") {
    problems.push(
      "DEV_SIGNIN=true is refused together with ADMIN_EMAILS when NODE_ENV=production (anyone could sign in as an operator); unset one of them",
    );
  }
  // The test seed lists made-up courses as if their coupons were live: never for learners.
  if (values.SEED === "test" && values.NODE_ENV !== "test") {
    problems.push(
      "SEED=test (the demo catalogue listed as live courses) is only for test runs (NODE_ENV=test); use SEED=demo",
    );
  }
  if (!values.S3_ACCESS_KEY_ID !== !values.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither");
  }
  if (!values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID)) {
    problems.push("S3_BUCKET is required when another S3_* setting is given");
  }
  if (!values.VAPID_PUBLIC_KEY !== !values.VAPID_PRIVATE_KEY) {
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  }
  if (values.TELEGRAM_CHANNEL && !values.TELEGRAM_BOT_TOKEN) {
    problems.push("TELEGRAM_CHANNEL needs TELEGRAM_BOT_TOKEN (the bot posts to the channel)");
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicSiteUrl: (values.PUBLIC_SITE_URL ?? `http://localhost:${values.PORT}`).replace(
      /\/+$/,
      "",
    ),
    publicSiteUrlIsDefault: values.PUBLIC_SITE_URL === undefined,
    fakeNow: values.FAKE_NOW ? new Date(values.FAKE_NOW) : undefined,
    seed: values.SEED,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    site: {
      supportEmail: values.SUPPORT_EMAIL,
      instagramUrl: values.INSTAGRAM_URL,
      telegramUrl: values.TELEGRAM_URL,
      apkUrl: values.APK_URL,
    },
    ai: {
      geminiApiKey: values.GEMINI_API_KEY,
      geminiModel: values.GEMINI_MODEL,
      geminiBaseUrl: values.GEMINI_BASE_URL,
      timeoutMs: values.AI_TIMEOUT_MS,
    },
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(values.DATA_DIR, "uploads")),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: values.S3_ACCESS_KEY_ID,
                  secretAccessKey: values.S3_SECRET_ACCESS_KEY,
                }
              : undefined,
          forcePathStyle:
            values.S3_FORCE_PATH_STYLE === undefined
              ? values.S3_ENDPOINT !== undefined
              : values.S3_FORCE_PATH_STYLE === "true" || values.S3_FORCE_PATH_STYLE === "1",
          prefix: values.S3_PREFIX,
        }
      : null,
    adminEmails: values.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ""),
    corsOrigins: values.CORS_ORIGINS.split(",")
      .map((origin) => origin.trim().replace(/\/+$/, ""))
      .filter((origin) => origin !== ""),
    ingest: {
      sources: values.INGEST_SOURCES,
      cron: values.INGEST_CRON,
      recheckCron: values.UDEMY_RECHECK_CRON,
      timezone: "Asia/Jakarta",
      staleAfterDays: values.STALE_AFTER_DAYS,
      udemyCheck: values.UDEMY_CHECK,
      udemyBaseUrl: values.UDEMY_BASE_URL,
      udemyImageBaseUrl: values.UDEMY_IMAGE_BASE_URL ?? null,
      udemyCheckLimit: values.UDEMY_CHECK_LIMIT,
      fetchTimeoutMs: values.INGEST_FETCH_TIMEOUT_MS,
      maxFeedBytes: values.INGEST_MAX_FEED_BYTES,
    },
    pollIntervalMs: values.POLL_INTERVAL_MS,
    alerts: {
      smtpUrl: values.SMTP_URL ?? null,
      mailFrom: values.MAIL_FROM,
      digestCron: values.ALERT_DIGEST_CRON,
    },
    push: {
      vapidKeys:
        values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
          ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: values.VAPID_SUBJECT ?? `mailto:${values.SUPPORT_EMAIL}`,
      services: values.PUSH_SERVICES
        ? values.PUSH_SERVICES.split(",")
            .map((entry) => entry.trim().toLowerCase().replace(/\/+$/, ""))
            .filter((entry) => entry !== "")
        : [...DEFAULT_PUSH_SERVICES],
      timeoutMs: values.PUSH_TIMEOUT_MS,
    },
    telegram: values.TELEGRAM_BOT_TOKEN
      ? {
          botToken: values.TELEGRAM_BOT_TOKEN,
          apiBase: values.TELEGRAM_API_BASE.replace(/\/+$/, ""),
          channel: values.TELEGRAM_CHANNEL ?? null,
          timeoutMs: values.TELEGRAM_TIMEOUT_MS,
        }
      : null,
    workers: values.DATABASE_URL ? (values.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    workersRefused:
      !values.DATABASE_URL && (values.WEB_CONCURRENCY ?? 1) > 1
        ? values.WEB_CONCURRENCY
        : undefined,
    auth: {
      googleClientId: values.GOOGLE_CLIENT_ID,
      googleJwksUrl: values.GOOGLE_JWKS_URL,
      // Offline and in tests the local sign-in stands in for Google; production needs it asked for.
      devSignIn: values.DEV_SIGNIN || (!values.GOOGLE_CLIENT_ID && !isProduction),
      sessionSecret: values.SESSION_SECRET,
      appUserAgentToken: values.APP_USER_AGENT_TOKEN,
      anonCreditsPerIpPerDay: values.ANON_CREDITS_PER_IP_PER_DAY,
      signInsPerMinute: {
        perIp: values.SIGN_INS_PER_IP_PER_MINUTE,
        perAddress: values.SIGN_INS_PER_ADDRESS_PER_MINUTE,
      },
    },
  };
}

export function loadConfig(): Config {
  return parseConfig(process.env);
}
