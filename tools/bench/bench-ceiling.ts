import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** One answer exactly as it crossed the wire: still encoded, headers as sent. */
export type RecordedAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

/** The headers a bare server must repeat for a client to get the same answer. */
const REPLAYED_HEADERS = ["content-type", "content-encoding"];

/**
 * Fetches a URL once with node:http (fetch would decode the body) and keeps the bytes as sent.
 */
export async function recordAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const kept: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = response.headers[name];
          if (typeof value === "string") kept[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}

export type BareServer = { base: string; pid: number; stop: () => Promise<void> };

/**
 * Starts tools/bench/bench-bare-server.ts in a child process answering every request with `answer`:
 * in its own process so that it competes for the CPU like the real server does, not with the
 * bench's load generator inside one event loop.
 */
export async function startBareServer(root: string, answer: RecordedAnswer): Promise<BareServer> {
  if (answer.status !== 200) throw new Error(`the recorded answer is a ${answer.status}`);
  const folder = mkdtempSync(path.join(tmpdir(), "kursusku-bare-"));
  const bodyFile = path.join(folder, "body");
  writeFileSync(bodyFile, answer.body);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tools/bench/bench-bare-server.ts", bodyFile, JSON.stringify(answer.headers)],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    process.off("exit", killOnExit);
    rmSync(folder, { recursive: true, force: true });
  };
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    lines.once("line", (line) => resolve(Number(line)));
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  lines.close();
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}
