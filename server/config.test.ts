import { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COUPON_SOURCE_PRESET_NAMES } from "./adapters/coupon-feeds/presets";
import { ConfigError, parseConfig } from "./config";

function configError(environment: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("parseConfig", () => {
  it("gives development defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config.env).toBe("development");
    expect(config.isProduction).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicSiteUrl).toBe("http://localhost:3000");
    expect(config.fakeNow).toBeUndefined();
    expect(config.seed).toBe("demo");
    expect(config.logLevel).toBe("info");
    expect(config.trustProxy).toBe(false);
    expect(config.site.supportEmail).toBe("support@kursusku.id");
    expect(config.site.apkUrl).toBeUndefined();
  });

  it("runs every preset every 30 minutes with the Udemy check on when nothing is said", () => {
    const { ingest } = parseConfig({});
    expect(ingest.sources.map((source) => source.name)).toEqual(COUPON_SOURCE_PRESET_NAMES);
    expect(ingest.sources.length).toBeGreaterThanOrEqual(9);
    expect(ingest.cron).toBe("*/30 * * * *");
    expect(ingest.recheckCron).toBe("5-55/10 * * * *");
    expect(ingest.udemyCheck).toBe(true);
    expect(ingest.udemyCheckLimit).toBe(200);
  });

  it("turns the sources off with [] and chooses a subset by name; UDEMY_CHECK=false turns the check off", () => {
    expect(parseConfig({ INGEST_SOURCES: "[]" }).ingest.sources).toEqual([]);
    const chosen = parseConfig({ INGEST_SOURCES: '["couponami", "real-discount"]' }).ingest;
    expect(chosen.sources.map((source) => source.name)).toEqual(["couponami", "real-discount"]);
    expect(parseConfig({ UDEMY_CHECK: "false" }).ingest.udemyCheck).toBe(false);
    expect(parseConfig({ UDEMY_CHECK: "0" }).ingest.udemyCheck).toBe(false);
    expect(parseConfig({ UDEMY_CHECK: "true" }).ingest.udemyCheck).toBe(true);
    expect(configError({ UDEMY_CHECK: "yes" }).message).toContain("UDEMY_CHECK");
    expect(configError({ UDEMY_RECHECK_CRON: "often" }).message).toContain("UDEMY_RECHECK_CRON");
    expect(configError({ INGEST_SOURCES: '["nowhere"]' }).message).toContain(
      'unknown preset "nowhere"',
    );
  });

  it("treats empty strings as unset", () => {
    const config = parseConfig({ PORT: "", SEED: "", PUBLIC_SITE_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.seed).toBe("demo");
  });

  it("honours PORT, also in the default public site URL", () => {
    const config = parseConfig({ PORT: "8080" });
    expect(config.port).toBe(8080);
    expect(config.publicSiteUrl).toBe("http://localhost:8080");
    expect(parseConfig({ PORT: "0" }).port).toBe(0);
  });

  it.each(["abc", "70000", "-1", "80.5"])("refuses PORT=%s, naming PORT", (port) => {
    const error = configError({ PORT: port });
    expect(error.name).toBe("ConfigError");
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain("PORT");
  });

  it("names each invalid variable", () => {
    const error = configError({ SEED: "lots", DATABASE_URL: "mysql://x" });
    expect(error.message).toContain("SEED");
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toContain("PORT");
  });

  it("reads DATA_DIR, DATABASE_URL, SEED and TRUST_PROXY", () => {
    const config = parseConfig({
      DATA_DIR: "/tmp/kursusku-data",
      DATABASE_URL: "postgres://u:p@localhost:5432/db",
      SEED: "none",
      TRUST_PROXY: "1",
    });
    expect(config.dataDir).toBe("/tmp/kursusku-data");
    expect(config.databaseUrl).toBe("postgres://u:p@localhost:5432/db");
    expect(config.seed).toBe("none");
    expect(config.trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("takes SEED=test (the demo catalogue listed as live) only when NODE_ENV=test", () => {
    expect(parseConfig({ NODE_ENV: "test", SEED: "test" }).seed).toBe("test");
    for (const env of ["development", "production"]) {
      expect(configError({ NODE_ENV: env, SEED: "test" }).message).toContain(
        "SEED=test (the demo catalogue listed as live courses) is only for test runs",
      );
    }
  });

  it("refuses FAKE_NOW in production", () => {
    const error = configError({
      NODE_ENV: "production",
      PUBLIC_SITE_URL: "https://kursusku.id",
      FAKE_NOW: "2024-10-26T10:00:00+07:00",
    });
    expect(error.message).toContain("FAKE_NOW");
    expect(error.message).not.toContain("PUBLIC_SITE_URL");
  });

  it("runs in production without PUBLIC_SITE_URL on localhost, flagged for a start-up warning", () => {
    const config = parseConfig({ NODE_ENV: "production", PORT: "4100" });
    expect(config.publicSiteUrl).toBe("http://localhost:4100");
    expect(config.publicSiteUrlIsDefault).toBe(true);
    expect(
      parseConfig({ NODE_ENV: "production", PUBLIC_SITE_URL: "https://kursusku.id" })
        .publicSiteUrlIsDefault,
    ).toBe(false);
  });

  it("refuses DEV_SIGNIN together with ADMIN_EMAILS in production, naming both", () => {
    const error = configError({
      NODE_ENV: "production",
      DEV_SIGNIN: "true",
      ADMIN_EMAILS: "boss@example.com",
    });
    expect(error.message).toContain("DEV_SIGNIN");
    expect(error.message).toContain("ADMIN_EMAILS");
    expect(parseConfig({ NODE_ENV: "production", DEV_SIGNIN: "true" }).auth.devSignIn).toBe(true);
    expect(
      parseConfig({ NODE_ENV: "production", ADMIN_EMAILS: "boss@example.com" }).adminEmails,
    ).toEqual(["boss@example.com"]);
    expect(
      parseConfig({ NODE_ENV: "test", DEV_SIGNIN: "true", ADMIN_EMAILS: "boss@example.com" }).auth
        .devSignIn,
    ).toBe(true);
  });

  it("requires SESSION_SECRET in production on PostgreSQL", () => {
    const error = configError({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@127.0.0.1/db",
    });
    expect(error.message).toContain("SESSION_SECRET");
  });

  it("accepts a complete production configuration", () => {
    const config = parseConfig({ NODE_ENV: "production", PUBLIC_SITE_URL: "https://kursusku.id" });
    expect(config.isProduction).toBe(true);
    expect(config.env).toBe("production");
    expect(config.fakeNow).toBeUndefined();
  });

  it("removes trailing slashes from PUBLIC_SITE_URL", () => {
    expect(parseConfig({ PUBLIC_SITE_URL: "https://kursusku.id/" }).publicSiteUrl).toBe(
      "https://kursusku.id",
    );
    expect(parseConfig({ PUBLIC_SITE_URL: "https://kursusku.id///" }).publicSiteUrl).toBe(
      "https://kursusku.id",
    );
  });

  it("refuses a PUBLIC_SITE_URL that is not a URL", () => {
    expect(configError({ PUBLIC_SITE_URL: "kursusku" }).message).toContain("PUBLIC_SITE_URL");
  });

  it("parses FAKE_NOW into a Date outside production", () => {
    const config = parseConfig({ NODE_ENV: "test", FAKE_NOW: "2024-10-26T10:00:00+07:00" });
    expect(config.fakeNow).toBeInstanceOf(Date);
    expect(config.fakeNow?.toISOString()).toBe("2024-10-26T03:00:00.000Z");
  });

  it("refuses a FAKE_NOW that is not an ISO date-time", () => {
    expect(configError({ FAKE_NOW: "yesterday" }).message).toContain("FAKE_NOW");
  });

  it("runs one worker per core on PostgreSQL, WEB_CONCURRENCY when given, one on the embedded database", () => {
    const postgres = { DATABASE_URL: "postgres://kursusku@127.0.0.1/kursusku" };
    expect(parseConfig(postgres).workers).toBe(availableParallelism());
    expect(parseConfig({ ...postgres, WEB_CONCURRENCY: "3" }).workers).toBe(3);
    const embedded = parseConfig({ WEB_CONCURRENCY: "4" });
    expect(embedded.workers).toBe(1);
    expect(embedded.workersRefused).toBe(4);
    expect(parseConfig({}).workersRefused).toBeUndefined();
    expect(configError({ ...postgres, WEB_CONCURRENCY: "0" }).message).toContain("WEB_CONCURRENCY");
  });

  it("reads the object store for uploads from S3_*, and refuses half a configuration", () => {
    expect(parseConfig({}).s3).toBeNull();
    const config = parseConfig({
      S3_BUCKET: "kursusku-uploads",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toEqual({
      bucket: "kursusku-uploads",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "",
    });
    // AWS itself: virtual-hosted addresses, credentials from the AWS defaults.
    expect(parseConfig({ S3_BUCKET: "kursusku-uploads" }).s3).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(configError({ S3_BUCKET: "b".repeat(3), S3_ACCESS_KEY_ID: "key" }).message).toContain(
      "S3_SECRET_ACCESS_KEY",
    );
    expect(configError({ S3_ENDPOINT: "http://127.0.0.1:9000" }).message).toContain("S3_BUCKET");
  });

  it("reads the Web Push settings: both VAPID keys or neither, the push services list", () => {
    const defaults = parseConfig({});
    expect(defaults.push.vapidKeys).toBeUndefined();
    expect(defaults.push.services).toContain("fcm.googleapis.com");
    expect(defaults.push.vapidSubject).toBe("mailto:support@kursusku.id");
    expect(configError({ VAPID_PUBLIC_KEY: "B".repeat(87) }).message).toContain(
      "VAPID_PRIVATE_KEY",
    );
    expect(configError({ VAPID_SUBJECT: "someone" }).message).toContain("VAPID_SUBJECT");
    const listed = parseConfig({
      PUSH_SERVICES: "fcm.googleapis.com, HTTP://127.0.0.1:4100/",
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "a".repeat(43),
    });
    expect(listed.push.services).toEqual(["fcm.googleapis.com", "http://127.0.0.1:4100"]);
    expect(listed.push.vapidKeys).toEqual({
      publicKey: "B".repeat(87),
      privateKey: "a".repeat(43),
    });
  });
});
