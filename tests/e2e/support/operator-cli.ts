import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "./env";

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * `npx tsx scripts/<name>.ts …` as an operator runs it next to the server: on the e2e server's
 * data directory, so the CLI finds the running server and hands its work to it.
 */
export function runCli(script: string, args: string[]): Promise<CliResult> {
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn("npx", ["tsx", `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NODE_ENV: "test", INGEST_SOURCES: "[]" },
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

/**
 * `npx tsx scripts/ingest.ts --file … --source e2e`: a coupon feed in the udemy-coupons JSON
 * shape, written under test-results/<dir>/, imported through the running server.
 */
export function ingestFeed(dir: string, name: string, records: unknown[]): Promise<CliResult> {
  const folder = path.resolve("test-results", dir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(records));
  return runCli("ingest", ["--file", file, "--source", "e2e"]);
}
