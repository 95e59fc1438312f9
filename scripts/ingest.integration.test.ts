import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const CLI_TIMEOUT = 120_000;

type CliResult = { code: number | null; stdout: string; stderr: string };

let workDir: string;

/** Runs the ingest CLI as an operator would, on its own embedded database in `dataDir`. */
function runIngest(args: string[], dataDir: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
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
    "exits 1 when every record was rejected",
    async () => {
      const fixture = writeFixture("all-bad.json", [
        feedRecord("ftp-only", { coupon_link: "ftp://www.udemy.com/course/ftp-only/" }),
      ]);
      const result = await runIngest(["--file", fixture], path.join(workDir, "data-bad"));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("found 1, added 0, updated 0, unchanged 0, rejected 1");
      expect(result.stdout).toContain(
        'rejected: unusable course URL "ftp://www.udemy.com/course/ftp-only/"',
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
    "exits 2 and prints the usage without --file",
    async () => {
      const result = await runIngest([], path.join(workDir, "data-usage"));
      expect(result.code).toBe(2);
      expect(result.stdout).toContain("Usage: npm run ingest -- --file <feed.json>");
      expect(result.stdout).toContain("--timezone");
    },
    CLI_TIMEOUT,
  );
});
