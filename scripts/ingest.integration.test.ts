import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureFeeds } from "../server/adapters/coupon-feeds/fake-feeds";
import { createCouponFeeds, type CouponSource } from "../server/adapters/coupon-feeds/feeds";
import { parseConfig } from "../server/config";
import {
  acquireDataDirLock,
  updateDataDirLockPort,
  type DataDirLock,
} from "../server/data-dir-lock";
import { openDatabase } from "../server/db/client";
import { toIngestServices, type IngestServices } from "../server/domain/ingest/ingest-services";
import { createOpsRouter } from "../server/ops-endpoint";
import { createServices, type ServicesHandle } from "../server/services";
import { answer, startFixtureServer, type FixtureServer } from "../tests/setup/fixture-http-server";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const CLI_TIMEOUT = 120_000;

/** INGEST_SOURCES reaches the CLI once server/config.ts and server/services.ts carry them. */
const servicesCarryFeeds = "ingest" in parseConfig({ NODE_ENV: "test" });

type CliResult = { code: number | null; stdout: string; stderr: string };

/** stderr without npm's own warnings about the machine's configuration. */
const problems = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("npm warn"))
    .join("\n");

let workDir: string;

/** Runs the ingest CLI as an operator would, on its own embedded database in `dataDir`. */
function runIngest(
  args: string[],
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    SEED: "none",
    // Nothing reaches outside: a test names its sources and its Udemy.
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.FAKE_NOW;
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/ingest.ts", ...args], {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function feedRecord(slug: string, overrides: Record<string, string> = {}) {
  return {
    course_id: "1",
    category: "Development",
    sub_category: "Web Development",
    title: `Course ${slug}`,
    content_length: "90",
    level: "All Levels",
    author: "Andi Pratama",
    rating: "4.5",
    reviews: "10",
    students: "100",
    coupon_code: `CODE-${slug}`,
    preview_img: "null",
    coupon_link: `https://www.udemy.com/course/${slug}/?couponCode=CODE-${slug}`,
    expired_date: "2030-01-01 00:00:00+00:00",
    uses_remaining: "50",
    headline: "null",
    description: "<p>Hi</p>",
    language: "English",
    ...overrides,
  };
}

function writeFixture(name: string, json: unknown): string {
  const file = path.join(workDir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "kursusku-ingest-cli-"));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe("npm run ingest", () => {
  it(
    "imports a feed file, prints a summary, and imports nothing new the second time",
    async () => {
      const dataDir = path.join(workDir, "data-good");
      const fixture = writeFixture("good.json", [
        {
          update_time: "2024-03-05 10:00:00",
          results: [
            feedRecord("alpha"),
            feedRecord("beta"),
            {},
            feedRecord("gamma", { title: "null" }),
          ],
        },
      ]);

      const first = await runIngest(["--file", fixture], dataDir);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("found 2, added 2, updated 0, unchanged 0, rejected 1");
      expect(first.stdout).toContain("  rejected: snapshot 0 record 3: missing title");
      // The CLI let go of the data directory when it finished.
      expect(existsSync(path.join(dataDir, "owner.lock.json"))).toBe(false);
      expect(existsSync(path.join(dataDir, "db"))).toBe(true);

      const second = await runIngest(["--file", fixture, "--source", "manual"], dataDir);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("found 2, added 0, updated 0, unchanged 2, rejected 1");
    },
    CLI_TIMEOUT,
  );

  it(
    "with the Udemy check on and Udemy out of reach, lists nothing unchecked and says how to import unchecked",
    async () => {
      const fixture = writeFixture("unchecked.json", [feedRecord("unasked")]);
      const dataDir = path.join(workDir, "data-unchecked");
      const result = await runIngest(["--file", fixture], dataDir, {
        UDEMY_CHECK: "true",
        // Nothing listens on port 9 of this machine: Udemy cannot be asked.
        UDEMY_BASE_URL: "http://127.0.0.1:9",
      });
      expect(result.stdout).toContain("found 1, added 0, updated 0, unchanged 0, rejected 0");
      const lines = result.stdout.split("\n").filter((line) => line.includes("UDEMY_CHECK=false"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^1 new coupons were not listed: Udemy could not be asked \(.+\); to import them unchecked on purpose, run again with UDEMY_CHECK=false\.$/,
      );
    },
    CLI_TIMEOUT,
  );

  it(
    "exits 1 when every record was rejected",
    async () => {
      const fixture = writeFixture("all-bad.json", [
        feedRecord("ftp-only", { coupon_link: "ftp://www.udemy.com/course/ftp-only/" }),
      ]);
      const result = await runIngest(["--file", fixture], path.join(workDir, "data-bad"));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("found 1, added 0, updated 0, unchanged 0, rejected 1");
      expect(result.stdout).toContain(
        'rejected: not a Udemy course URL "ftp://www.udemy.com/course/ftp-only/"',
      );
    },
    CLI_TIMEOUT,
  );

  it(
    "exits 2 for a malformed --timezone",
    async () => {
      const fixture = writeFixture("tz.json", [feedRecord("tz")]);
      const dataDir = path.join(workDir, "data-tz");
      const result = await runIngest(["--file", fixture, "--timezone", "bogus"], dataDir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--timezone must look like +01:00 or Z, not "bogus"');
      // Refused before touching the data directory.
      expect(existsSync(dataDir)).toBe(false);
    },
    CLI_TIMEOUT,
  );

  it(
    "exits 2 with the usage when asked to run sources and none are configured",
    async () => {
      const result = await runIngest([], path.join(workDir, "data-usage"));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        "No coupon feed sources are configured (set INGEST_SOURCES, or use --file).",
      );
      expect(result.stderr).toContain("Usage: npm run ingest [-- --source <name>]");
      expect(result.stderr).toContain("--timezone");
    },
    CLI_TIMEOUT,
  );

  it.runIf(servicesCarryFeeds)(
    "runs INGEST_SOURCES on its own database when no server owns it",
    async () => {
      const feedServer = await startFixtureServer({
        "/feed.json": answer([feedRecord("direct-a"), feedRecord("direct-b")]),
      });
      try {
        const sources = JSON.stringify([
          { kind: "json", name: "feed", url: feedServer.url("/feed.json") },
        ]);
        const dataDir = path.join(workDir, "data-direct-sources");
        const first = await runIngest([], dataDir, { INGEST_SOURCES: sources });
        expect(problems(first.stderr)).toBe("");
        expect(first.code).toBe(0);
        expect(first.stdout).toContain("Running source: feed");
        expect(first.stdout).toContain("  feed (json): found 2, added 2, updated 0, unchanged 0");
        const second = await runIngest(["--source", "feed"], dataDir, { INGEST_SOURCES: sources });
        expect(second.stdout).toContain("Running source: feed");
        expect(second.stdout).toContain("found 2, added 0, updated 0, unchanged 2, expired 0");
      } finally {
        await feedServer.close();
      }
    },
    CLI_TIMEOUT,
  );
});

describe("npm run ingest while the server owns the embedded database", () => {
  let dataDir: string;
  let feedServer: FixtureServer;
  let handle: ServicesHandle;
  let opsServer: Server;
  let lock: DataDirLock;
  let releaseBlocking: () => void = () => undefined;
  let blockingStarted: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    dataDir = path.join(workDir, "data-server");
    feedServer = await startFixtureServer({
      "/feed.json": answer([feedRecord("served-a"), feedRecord("served-b")]),
      "/feed.xml": answer(
        `<rss><channel><item><title>Served RSS</title><link>https://www.udemy.com/course/served-rss/?couponCode=R</link></item></channel></rss>`,
        200,
        "application/rss+xml",
      ),
      "/down.json": answer("down", 503, "text/plain"),
    });
    const config = parseConfig({
      NODE_ENV: "test",
      SEED: "none",
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      INGEST_SOURCES: "[]",
      UDEMY_CHECK: "false",
    });
    lock = acquireDataDirLock(dataDir, "server", 0);
    handle = await createServices(config, pino({ level: "silent" }), {
      database: await openDatabase({ pgliteDir: path.join(dataDir, "db") }),
    });
    const http = createCouponFeeds(
      [
        { kind: "json", name: "feed", url: feedServer.url("/feed.json") },
        { kind: "rss", name: "blog", url: feedServer.url("/feed.xml") },
        { kind: "json", name: "down", url: feedServer.url("/down.json") },
      ],
      { timeoutMs: 2_000, maxBytes: 1_000_000, retries: 0, backoffMs: 1, userAgent: "test" },
    );
    const blocking = createFixtureFeeds([
      {
        name: "blocking",
        answer: async () => {
          await new Promise<void>((resolve) => (releaseBlocking = resolve));
          return { records: [], rejected: [] };
        },
      },
    ]);
    const services: IngestServices = toIngestServices(handle.services, {
      feeds: { sources: [...http.sources, ...blocking.sources] },
      udemyCheck: null,
    });
    blockingStarted = new Promise<void>((resolve) => {
      const original = services.feeds.sources.at(-1)!;
      (services.feeds.sources as CouponSource[])[services.feeds.sources.length - 1] = {
        ...original,
        load: (context) => {
          resolve();
          return original.load(context);
        },
      };
    });
    const app = express().use(
      "/internal/ops",
      createOpsRouter(services, () => lock.owner.token),
    );
    opsServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => opsServer.once("listening", resolve));
    updateDataDirLockPort(dataDir, lock, (opsServer.address() as AddressInfo).port);
  }, CLI_TIMEOUT);

  afterAll(async () => {
    releaseBlocking();
    await new Promise((resolve) => opsServer?.close(resolve));
    await handle?.close();
    lock?.release();
    await feedServer?.close();
  });

  it(
    "runs one source or all of them through the server, printing each source's result",
    async () => {
      const one = await runIngest(["--source", "blog"], dataDir);
      expect(problems(one.stderr)).toBe("");
      expect(one.code).toBe(0);
      expect(one.stdout).toContain("owns the database: running through it.");
      expect(one.stdout).toContain("Running source: blog");
      expect(one.stdout).toContain("  blog (rss): found 1, added 1, updated 0, unchanged 0");

      const unknown = await runIngest(["--source", "nope"], dataDir);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(
        'Unknown source "nope". Configured sources: feed, blog, down, blocking.',
      );

      const file = writeFixture("through-server.json", [feedRecord("filed")]);
      const imported = await runIngest(["--file", file], dataDir);
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain("found 1, added 1, updated 0, unchanged 0, rejected 0");
      // The CLI never opened the server's data directory itself.
      expect(existsSync(path.join(dataDir, "owner.lock.json"))).toBe(true);
    },
    CLI_TIMEOUT,
  );

  it(
    "reports a broken source in the summary and still imports the others",
    async () => {
      const result = await runIngest(["--source", "down"], dataDir);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("  down (json): failed: HTTP 503");
      expect(result.stdout).toContain("errors 1");
      expect(result.stdout).toContain("  error: [down] failed: HTTP 503");
    },
    CLI_TIMEOUT,
  );

  it(
    "refuses a second run while one is in progress, exiting 1 with the message",
    async () => {
      const first = runIngest(["--source", "blocking"], dataDir);
      await blockingStarted;
      const second = await runIngest(["--source", "feed"], dataDir);
      expect(second.code).toBe(1);
      expect(problems(second.stderr)).toBe("An ingest run is already in progress.");
      const file = writeFixture("during-run.json", [feedRecord("during")]);
      const fileImport = await runIngest(["--file", file], dataDir);
      expect(fileImport.code).toBe(1);
      expect(problems(fileImport.stderr)).toBe("An ingest run is already in progress.");
      releaseBlocking();
      const finished = await first;
      expect(finished.code).toBe(0);
      expect(finished.stdout).toContain("  blocking (json): found 0, added 0");
    },
    CLI_TIMEOUT,
  );
});
