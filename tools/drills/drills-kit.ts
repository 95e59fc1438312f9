import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type LocalServer } from "../local-server";

/**
 * What the third-party fault drills of `npm run drills` share (see drills.ts): the kit a drill
 * gets, time budgets, fake services on 127.0.0.1 inside this process, timed requests, CLIs.
 */
export type DrillKit = {
  root: string;
  check: (ok: boolean, message: string) => void;
  startDrillServer: (
    dataDir: string,
    port: number,
    env?: Record<string, string>,
  ) => Promise<LocalServer>;
};

export const AI_TIMEOUT_MS = 2000;
/** What an AI answer may take beyond AI_TIMEOUT_MS: the offline stand-in, the database. */
export const AI_SLACK_MS = 3000;
export const FEED_TIMEOUT_MS = 2000;
/** A page or API read slower than this while a third party misbehaves counts as stuck. */
export const RESPONSIVE_MS = 2000;
/** No request of the drill waits longer than this: a stuck server becomes a FAIL, not a hang. */
export const REQUEST_LIMIT_MS = 30_000;
export const ADMIN_EMAIL = "drill-admin@example.com";
/** The server logs every provoked AI fault as a warning or error; they would bury the checks. */
export const QUIET_AI = { LOG_LEVEL: "fatal" };
/** A failed feed is only a warning: errors still show. */
export const QUIET_FEEDS = { LOG_LEVEL: "error" };

/**
 * A drill server that runs only the drill's own ingest runs over `sources`, with an operator who
 * signs in through the dev form (so not production, which refuses that form with ADMIN_EMAILS).
 */
export function ingestDrillEnv(sources: unknown[]): Record<string, string> {
  return {
    ...QUIET_FEEDS,
    INGEST_SOURCES: JSON.stringify(sources),
    INGEST_FETCH_TIMEOUT_MS: String(FEED_TIMEOUT_MS),
    UDEMY_CHECK: "false",
    // No scheduled tick may take the run lock meanwhile.
    INGEST_CRON: "0 0 1 1 *",
    ADMIN_EMAILS: ADMIN_EMAIL,
    NODE_ENV: "test",
  };
}

export type FakeService = {
  base: string;
  /** Request paths received so far, in order. */
  seen: string[];
  close: () => Promise<void>;
};

export async function startFakeService(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<FakeService> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? "");
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        // Hanging answers hold their sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** SIGTERM waits for in-flight requests; a drill that found a stuck one must still end. */
export async function stopWithin(server: LocalServer, ms: number) {
  const stopped = await Promise.race([server.stop().then(() => true), sleep(ms).then(() => false)]);
  if (!stopped) {
    console.log(`     the server did not stop within ${ms / 1000} s of SIGTERM: killed`);
    server.process.kill("SIGKILL");
    await server.stop();
  }
}

/** A server that died is reported with how it ended, not as a string of refused connections. */
export function checkServerAlive(kit: DrillKit, server: LocalServer): boolean {
  const { exitCode, signalCode } = server.process;
  if (exitCode === null && signalCode === null) return true;
  kit.check(false, `the server is gone (exit code ${exitCode}, signal ${signalCode})`);
  return false;
}

export type CliRun = {
  child: ChildProcess;
  done: Promise<{ code: number | null; output: string }>;
};

/** A command-line tool as the operator runs it; killed when it outlives `timeoutMs`. */
export function runCli(
  root: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): CliRun {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, output })),
  );
  return { child, done };
}

export type Answer = { status: number; body: unknown; ms: number };

/** One request, timed; status 0 when it failed or outlived REQUEST_LIMIT_MS. */
export async function fetchTimed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // pages answer HTML
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - started };
  }
}

export function postJson(
  base: string,
  url: string,
  body: unknown,
  cookie?: string,
): Promise<Answer> {
  return fetchTimed(`${base}${url}`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}
