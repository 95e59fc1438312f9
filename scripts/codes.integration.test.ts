import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const CLI_TIMEOUT = 120_000;
/** 12 characters without 0/O, 1/I (the alphabet leaves out L too). */
const CODE_PATTERN = /^[A-HJ-NP-Z2-9]{12}$/;

type CliResult = { code: number | null; stdout: string; stderr: string };

let workDir: string;
let dataDir: string;

/** Runs the codes CLI as an operator would, on its own embedded database in `dataDir`. */
function runCodes(args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED: "none",
    NODE_ENV: "test",
  };
  delete env.DATABASE_URL;
  delete env.FAKE_NOW;
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/codes.ts", ...args], {
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

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "kursusku-codes-"));
  dataDir = path.join(workDir, "data");
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

// The tests run in order on one data directory: the later ones read what the earlier ones minted.
describe("scripts/codes.ts", () => {
  let creditCodes: string[] = [];
  let premiumCode = "";

  it(
    "lists nothing on a new database",
    async () => {
      const empty = await runCodes(["list"]);
      expect(empty.code, empty.stderr).toBe(0);
      expect(lines(empty.stdout)).toEqual(["No codes yet."]);
    },
    CLI_TIMEOUT,
  );

  it(
    "creates 3 credits codes and prints one a line",
    async () => {
      const created = await runCodes([
        "create",
        "--type",
        "credits",
        "--credits",
        "20",
        "--uses",
        "100",
        "--count",
        "3",
      ]);
      expect(created.code, created.stderr).toBe(0);
      creditCodes = lines(created.stdout);
      expect(creditCodes).toHaveLength(3);
      for (const code of creditCodes) expect(code).toMatch(CODE_PATTERN);
      expect(new Set(creditCodes).size).toBe(3);
    },
    CLI_TIMEOUT,
  );

  it(
    "creates a premium code that expires at the end of a Jakarta day",
    async () => {
      const expiring = await runCodes([
        "create",
        "--type",
        "premium",
        "--days",
        "30",
        "--uses",
        "10",
        "--expires",
        "2026-12-31",
      ]);
      expect(expiring.code, expiring.stderr).toBe(0);
      expect(lines(expiring.stdout)).toHaveLength(1);
      premiumCode = lines(expiring.stdout)[0]!;
      expect(premiumCode).toMatch(CODE_PATTERN);
    },
    CLI_TIMEOUT,
  );

  it(
    "lists the codes with their reward, uses left and expiry",
    async () => {
      expect(creditCodes).toHaveLength(3);
      const listed = await runCodes(["list"]);
      expect(listed.code, listed.stderr).toBe(0);
      const rows = lines(listed.stdout);
      expect(rows).toHaveLength(4);
      for (const code of creditCodes) {
        const row = rows.find((line) => line.startsWith(`${code} `));
        expect(row, `list should show ${code}`).toBeDefined();
        expect(row).toMatch(/ 20 credits /);
        expect(row).toContain("uses left 100/100");
        expect(row).toContain("expires never");
      }
      const premiumRow = rows.find((line) => line.startsWith(`${premiumCode} `));
      expect(premiumRow).toMatch(/ premium 30 days /);
      expect(premiumRow).toContain("uses left 10/10");
      // 23:59:59 on 31 December in Jakarta.
      expect(premiumRow).toContain("expires 2026-12-31T16:59:59.000Z");
    },
    CLI_TIMEOUT,
  );

  it.each([
    ["no command", []],
    ["an unknown command", ["delete"]],
    ["an unknown type", ["create", "--type", "gold", "--uses", "5"]],
    ["an unknown option", ["create", "--type", "credits", "--credits", "5", "--bogus", "1"]],
    ["uses of 0", ["create", "--type", "credits", "--credits", "5", "--uses", "0"]],
    ["days of 0", ["create", "--type", "premium", "--days", "0", "--uses", "5"]],
    ["an expiry that is not a date", ["create", "--type", "premium", "--expires", "soon"]],
  ])(
    "exits 2 with the usage for %s, minting nothing",
    async (_label, args) => {
      const result = await runCodes(args);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toContain("Usage:");
      expect(result.stdout).toContain("npm run codes -- create --type credits");
      expect(result.stdout).not.toMatch(/^[A-HJ-NP-Z2-9]{12}$/m);
    },
    CLI_TIMEOUT,
  );

  it(
    "still lists only the codes minted above after the refusals",
    async () => {
      const listed = await runCodes(["list"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(lines(listed.stdout)).toHaveLength(4);
    },
    CLI_TIMEOUT,
  );
});
