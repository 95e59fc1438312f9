import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses } from "../tests/setup/api-test-server";
import { parseConfig } from "../server/config";
import { createServices } from "../server/services";

/**
 * The operator's commands end to end: `npm run backup -- <file>` (no server running: it opens
 * the data directory itself), `npm run restore -- <file>` into an empty DATA_DIR, and
 * `npm run db:move -- --to <url>` into an empty PostgreSQL database (with DATABASE_URL).
 */
const root = path.resolve(import.meta.dirname, "..");
const CLI_TIMEOUT = 120_000;
let scratch: string;

function run(script: string, args: string[], env: Record<string, string>) {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, NODE_ENV: "test", SEED: "none", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "kursusku-backup-cli-"));
  const handle = await createServices(
    parseConfig({ NODE_ENV: "test", SEED: "none", DATA_DIR: path.join(scratch, "original") }),
    pino({ level: "silent" }),
  );
  await seedCourses(handle.services, [couponRecord({ slug: "cli-backup-1" })]);
  await handle.services.images.put("cover-3.webp", Buffer.from("cover"), "image/webp");
  await handle.close();
}, 60_000);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("npm run backup / restore / db:move", () => {
  const file = () => path.join(scratch, "site.backup");

  it(
    "backs up and restores into an empty DATA_DIR, and refuses one that holds a database",
    async () => {
      const backup = await run("backup", [file()], { DATA_DIR: path.join(scratch, "original") });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("Backup written to");
      expect(existsSync(`${file()}.partial`)).toBe(false);

      const into = { DATA_DIR: path.join(scratch, "restored") };
      const restore = await run("restore", [file()], into);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/1 courses, 0 users, 1 uploads, the cookie key/);
      const again = await run("restore", [file()], into);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("already holds a database");
    },
    CLI_TIMEOUT * 3,
  );

  it.runIf(process.env.DATABASE_URL)(
    "moves the embedded database into an empty PostgreSQL database and names the two lines to change",
    async () => {
      const adminUrl = process.env.DATABASE_URL!;
      const name = `kursusku_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const move = await run("db-move", ["--to", url.toString()], {
          DATA_DIR: path.join(scratch, "restored"),
        });
        expect(move.code, move.stderr).toBe(0);
        expect(move.stdout).toMatch(/courses\s+1 rows/);
        expect(move.stdout).toContain("every count matches");
        expect(move.stdout).toContain(`DATABASE_URL=${url.toString()}`);
        expect(move.stdout).toContain("SESSION_SECRET=$(cat ");
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    CLI_TIMEOUT,
  );
});
