import type { SourceConfig } from "./adapters/coupon-feeds/source-config";

/**
 * The shape of the server's configuration as the rest of the server reads it, once
 * `server/config.ts` has parsed the environment into it.
 */

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicSiteUrl: string;
  /** PUBLIC_SITE_URL was not given: links point at localhost (logged as a warning in production). */
  publicSiteUrlIsDefault: boolean;
  fakeNow: Date | undefined;
  seed: "demo" | "test" | "none";
  logLevel: string;
  trustProxy: boolean;
  site: SiteSettings;
  auth: AuthSettings;
  corsOrigins: string[];
  adminEmails: string[];
  ai: {
    geminiApiKey: string | undefined;
    geminiModel: string;
    geminiBaseUrl: string | undefined;
    timeoutMs: number;
  };
  uploadsDir: string;
  /** The object store for uploads; null: the local UPLOADS_DIR. */
  s3: S3Settings | null;
  ingest: IngestConfig;
  pollIntervalMs: number;
  alerts: AlertSettings;
  /** Worker processes to run (1: no cluster); see WEB_CONCURRENCY. */
  workers: number;
  /** WEB_CONCURRENCY asked for more than 1 on the embedded database: logged at start-up. */
  workersRefused: number | undefined;
  push: PushSettings;
  /** Null: Telegram is off (no TELEGRAM_BOT_TOKEN). */
  telegram: TelegramSettings | null;
};

export type TelegramSettings = {
  botToken: string;
  apiBase: string;
  /** Where new courses are posted; null: nowhere. */
  channel: string | null;
  timeoutMs: number;
};

export type PushSettings = {
  /** Both keys from the environment, or undefined (then see vapid-keys.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Allowed push services: host suffixes (https) and exact origins. */
  services: string[];
  timeoutMs: number;
};

export type IngestConfig = {
  sources: SourceConfig[];
  cron: string;
  /** The re-check of listed coupons between runs (only with udemyCheck). */
  recheckCron: string;
  timezone: string;
  staleAfterDays: number;
  udemyCheck: boolean;
  udemyBaseUrl: string;
  /** The one origin course images may come from instead of Udemy's CDN; null: the CDN. */
  udemyImageBaseUrl: string | null;
  udemyCheckLimit: number;
  fetchTimeoutMs: number;
  maxFeedBytes: number;
};

export type AlertSettings = {
  /** Null: e-mail alerts are off (no SMTP server configured). */
  smtpUrl: string | null;
  mailFrom: string;
  digestCron: string;
};

export type AuthSettings = {
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /** The local "type an e-mail" sign-in is offered (and POST /auth/dev accepted). */
  devSignIn: boolean;
  sessionSecret: string | undefined;
  appUserAgentToken: string;
  anonCreditsPerIpPerDay: number;
  signInsPerMinute: { perIp: number; perAddress: number };
};

export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
};

/** Public facts about the site that pages show (contact, social links, app download). */
export type SiteSettings = {
  supportEmail: string;
  instagramUrl: string;
  telegramUrl: string;
  apkUrl: string | undefined;
};
