import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "kursusku-start-up-"));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `tsx server/index.ts` as an operator would and collects how it ended. */
function startServer(env: Record<string, string>, script = ["server/index.ts"]) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    // The embedded database is the one that lives in the data directory: a PostgreSQL server
    // named by the suite's own DATABASE_URL would leave only the uploads to check.
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", ...script], {
      cwd: root,
      env: { ...inherited, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that does start is a failure of this test: it must not linger.
    const guard = setTimeout(() => child.kill("SIGKILL"), 50_000);
    child.once("exit", (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    });
  });
}

describe("start-up with a data directory it cannot write", () => {
  it("stops with one sentence naming the directory, a non-zero exit code and no stack trace", async () => {
    // Tests run as root, where chmod does not stop writes; nobody can create a directory under a
    // regular file (ENOTDIR), which stands in for a read-only or uncreatable data directory.
    const file = path.join(scratch, "somefile");
    writeFileSync(file, "");
    const dataDir = path.join(file, "data");
    const { code, stderr, stdout } = await startServer({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([
      `Kursusku cannot write to its data directory ${dataDir}: part of that path is a file, not a directory, so set DATA_DIR to a directory.`,
    ]);
    expect(stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it("names the uploads directory when only that one cannot be written", async () => {
    const file = path.join(scratch, "uploads-file");
    writeFileSync(file, "");
    const { code, stderr } = await startServer({
      DATA_DIR: path.join(scratch, "fine-data"),
      UPLOADS_DIR: path.join(file, "uploads"),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /^Kursusku cannot write to its uploads directory .*UPLOADS_DIR[^\n]*\.$/m,
    );
  });
});

describe("start-up with a bad setting", () => {
  it("stops the server (exit 1) and an operator CLI (exit 2) with the readable message, no stack trace", async () => {
    const [server, cli] = await Promise.all([
      startServer({ PORT: "abc" }),
      startServer({ PORT: "abc" }, ["scripts/codes.ts", "list"]),
    ]);
    expect([server.code, cli.code]).toEqual([1, 2]);
    for (const { stderr } of [server, cli]) {
      expect(stderr).toContain("Invalid configuration:\n  PORT:");
      expect(stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  }, 90_000);
});
