import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../tools/local-server";
import { eventually } from "../tests/setup/two-instances";
import { buildAppIfStale } from "../tests/setup/web-test-server";
import { createScratchDatabase, type ScratchDatabase } from "../tests/setup/scratch-database";

/**
 * `npm start` on PostgreSQL with WEB_CONCURRENCY=2, as an operator runs it: two workers serve one
 * port, a killed worker is replaced, SIGTERM stops them all cleanly.
 */
const adminUrl = process.env.DATABASE_URL;
const root = `${import.meta.dirname}/..`;
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  buildAppIfStale();
  scratch = await createScratchDatabase(adminUrl);
}, 180_000);
afterAll(async () => {
  await scratch?.drop();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(adminUrl)("WEB_CONCURRENCY workers on PostgreSQL", () => {
  it("serves from two workers, replaces a killed one, and stops them all on SIGTERM", async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const primary: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: scratch!.url,
        WEB_CONCURRENCY: "2",
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        SESSION_SECRET: "workers-test-secret-workers-test-secret-00",
        SEED: "none",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const listening: number[] = [];
    let buffered = "";
    primary.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { msg?: string; pid?: number };
          if (entry.msg === "Kursusku is listening" && entry.pid) listening.push(entry.pid);
        } catch {
          // not a log line
        }
      }
    });
    const exited = new Promise<number | null>((resolve) => primary.once("exit", resolve));
    try {
      await eventually(() => listening.length === 2, 90_000);
      expect(new Set(listening).size).toBe(2);
      expect(listening).not.toContain(primary.pid);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      process.kill(listening[0]!, "SIGKILL");
      await eventually(() => listening.length === 3, 90_000);
      expect(alive(listening[0]!)).toBe(false);
      for (let request = 0; request < 6; request += 1)
        expect((await fetch(`${base}/healthz`)).status).toBe(200);

      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(listening.slice(1).some(alive)).toBe(false);
    } finally {
      if (primary.exitCode === null) primary.kill("SIGKILL");
      for (const pid of listening) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 240_000);
});
