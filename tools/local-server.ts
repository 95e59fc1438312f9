import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The production server as a child process on 127.0.0.1, for the measuring scripts (bench,
 * lighthouse, drills). They start it the same way, so they share this instead of three copies.
 */
export const SCRIPT_BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 KursuskuScripts";

export type LocalServer = {
  process: ChildProcess;
  base: string;
  /** SIGTERM, then wait for the exit. */
  stop: () => Promise<void>;
};

export async function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts `server/index.ts` from the existing build and waits until /healthz answers.
 * `nodeArguments` go to node itself (`--cpu-prof` is refused in NODE_OPTIONS).
 */
export async function startServer(
  root: string,
  env: Record<string, string>,
  base: string,
  nodeArguments: string[] = [],
  /** Where its output goes: this process's own by default, or a file (appended to). */
  options: { logFile?: string; startTimeoutMs?: number } = {},
): Promise<LocalServer> {
  const output = options.logFile ? openSync(options.logFile, "a") : "inherit";
  const child = spawn(process.execPath, [...nodeArguments, "--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", output, output],
  });
  if (typeof output === "number") closeSync(output);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Whatever way the script ends, the server does not outlive it.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  for (let attempt = 0; attempt < startTimeoutMs / 250; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { process: child, base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not start within ${startTimeoutMs / 1000} s`);
}

/** Signs in through the offline form (DEV_SIGNIN) and returns the `kk_session=…` cookie pair. */
export async function signInWithDevForm(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/dev`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": SCRIPT_BROWSER_UA,
    },
    body: new URLSearchParams({ email }).toString(),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("kk_session="));
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie.split(";")[0]!;
}
