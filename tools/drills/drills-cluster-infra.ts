import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { sleep } from "./drills-kit";
import { findFreePort } from "../local-server";

/**
 * What the cluster drill runs besides the instances: a PostgreSQL server of its own (Debian's
 * binaries, a throw-away cluster in a temp dir, on a free port, so restarting it disturbs no other
 * user of the machine's PostgreSQL) and HAProxy in front of the instances (Debian's `haproxy`,
 * configured here, in the foreground). Both work as root (PostgreSQL then runs as the `postgres`
 * user) and as any other user; nothing is installed or left behind.
 */

export type DrillPostgres = {
  url: string;
  /** Stops PostgreSQL (fast: connections are cut), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): void;
};

const HAPROXY = ["/usr/sbin/haproxy", "/usr/bin/haproxy"];

function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base).filter((version) => existsSync(path.join(base, version, "bin/initdb")))
    : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop();
  if (!newest)
    throw new Error(
      "the cluster drill needs Debian's PostgreSQL server: apt-get install -y postgresql postgresql-contrib",
    );
  return path.join(base, newest, "bin");
}

export async function startDrillPostgres(): Promise<DrillPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "kursusku-cluster-pg-"));
  const data = path.join(dir, "data");
  // PostgreSQL refuses to run as root: there it runs as the user Debian's package made for it.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const idOf = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
    chownSync(dir, idOf("-u"), idOf("-g"));
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : path.join(bin, tool);
    const full = asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args;
    execFileSync(command, full, { stdio: ["ignore", "ignore", "pipe"], cwd: dir });
  };
  const port = await findFreePort();
  run("initdb", ["-D", data, "-U", "kursusku", "--auth=trust", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-t",
      "60",
      "-o",
      options,
      "start",
    ]);
  const stopNow = (mode: "fast" | "immediate") =>
    run("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      stopNow("fast");
    } catch {
      // already down
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Whatever way the drills end, the throw-away server does not outlive them.
  process.once("exit", stop);
  const url = `postgres://kursusku@127.0.0.1:${port}/kursusku`;
  const admin = new pg.Client({
    connectionString: `postgres://kursusku@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query("create database kursusku");
  await admin.end();
  return {
    url,
    async restart(downMs) {
      stopNow("fast");
      await sleep(downMs);
      start();
    },
    stop,
  };
}

export type DrillBalancer = { base: string; stop(): Promise<void> };

/**
 * HAProxy, round robin over the instances, checking each one's /healthz every second: an
 * instance that fails three checks gets no new requests until it passes two. A request whose
 * connection to an instance fails (a killed instance, before the checks notice) is sent to
 * another one (`retries` + `option redispatch`); a request an instance had already received is
 * never sent twice, since it may have written (HAProxy retries only connection failures).
 */
export async function startDrillBalancer(
  instancePorts: number[],
  port: number,
): Promise<DrillBalancer> {
  const binary = HAPROXY.find((candidate) => existsSync(candidate));
  if (!binary)
    throw new Error(
      "the cluster drill needs HAProxy as its load balancer: apt-get install -y haproxy",
    );
  const dir = mkdtempSync(path.join(tmpdir(), "kursusku-cluster-lb-"));
  const config = [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure",
    "  option forwardfor",
    "frontend web",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /healthz",
    "  http-check expect status 200",
    // A check may take 5 s on a busy machine before it counts as failed, and an instance is out
    // after three failed checks: a loaded instance is not mistaken for a dead one. A dead one
    // refuses connections at once: out within about 3 s, its requests redispatched meanwhile.
    "  timeout check 5s",
    "  default-server inter 1s fastinter 500ms downinter 1s fall 3 rise 2",
    ...instancePorts.map(
      (instancePort, index) => `  server i${index + 1} 127.0.0.1:${instancePort} check`,
    ),
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  execFileSync(binary, ["-c", "-q", "-f", file]);
  // Its stderr names every instance going down and up: expected here, kept out of the output.
  const child: ChildProcess = spawn(binary, ["-db", "-f", file], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 120) throw new Error("HAProxy did not come up within 30 s");
    await sleep(250);
  }
  return {
    base,
    async stop() {
      kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
