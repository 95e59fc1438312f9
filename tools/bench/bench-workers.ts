import { randomBytes } from "node:crypto";
import pg from "pg";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { createServices } from "../../server/services";
import { createRedeemCodes } from "../../server/domain/accounts/redeem";
import { prepareVisitors, type BenchVisitors } from "./bench-cases";
import {
  fastestOf,
  processTreeCpuMicros,
  runCase,
  waitUntilIdle,
  type BenchCase,
} from "./bench-load";
import { seedBenchData, type BenchData } from "./bench-seed";
import { findFreePort, SCRIPT_BROWSER_UA, startServer } from "../local-server";

/**
 * The worker part of `npm run bench`: the same production server on PostgreSQL with
 * WEB_CONCURRENCY=1, then 2, under the same load, and the ratio — printed as information, not a
 * budget: on 2 cores the workers, PostgreSQL and the load generator share the cores, so the factor
 * cannot show what a second core gives. The budget is CPU per request per case (the main table)
 * and the capacity model in docs/deployment.md. PostgreSQL comes from BENCH_DATABASE_URL, else DATABASE_URL, else the CI's local
 * server; the bench creates a database of its own there and drops it afterwards. The cases are
 * the ones that cost Node CPU and write or read PostgreSQL per request (workerCases), each with
 * the CPU time per request of the server and its workers: a shared page costs almost nothing to
 * send and would measure the load generator instead.
 */
const FALLBACK_URL = "postgres://kursusku:kursusku@127.0.0.1:5432/kursusku";

export type WorkerScaling = {
  database: string;
  cases: Array<{
    name: string;
    oneWorker: number;
    twoWorkers: number;
    factor: number;
    /** CPU time of the server and its workers per request (the capacity model's input). */
    oneWorkerCpuMicros?: number;
    twoWorkersCpuMicros?: number;
    /** The 99th percentile of latency (ms) of the fastest run with one worker. */
    oneWorkerP99Ms: number;
  }>;
};

type Options = { root: string; courses: number; seconds: number; connections: number };

/** What one server start measured: per case, requests per second and CPU µs per request. */
type Round = Array<{ requestsPerSecond: number; cpuMicros?: number; p99: number }>;

export async function benchWorkerScaling(options: Options): Promise<WorkerScaling | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? FALLBACK_URL;
  try {
    await runAdmin(adminUrl, "select 1");
  } catch (error) {
    console.log(
      `workers: skipped, no PostgreSQL at ${safe(adminUrl)} (${(error as Error).message})`,
    );
    return null;
  }
  const name = `kursusku_bench_${randomBytes(5).toString("hex")}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      SEED: "none",
      NODE_ENV: "production",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      // Nothing reaches outside, and no run competes with the measured load.
      INGEST_SOURCES: "[]",
      UDEMY_CHECK: "false",
      // The signed-in cases' 50 users sign in through the offline form from 127.0.0.1 at once.
      DEV_SIGNIN: "true",
      SIGN_INS_PER_IP_PER_MINUTE: "100000",
      SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000",
    };
    console.log(
      `workers: seeding ${options.courses} courses into PostgreSQL ${safe(databaseUrl)}…`,
    );
    const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
    const data = await seedBenchData(handle.services, options.courses);
    // Premium users: opening courses never runs out of credits during the run.
    const [premiumCode] = await createRedeemCodes(handle.services, {
      type: "premium",
      maxUses: 1000,
    });
    await handle.close();

    // 1, 2, 2, 1 workers: on a machine shared with other work, each count gets an early and a
    // late turn, and the better one is kept.
    const measured: Record<number, Round[]> = { 1: [], 2: [] };
    let visitors: BenchVisitors | null = null;
    let names: string[] = [];
    for (const workers of [1, 2, 2, 1]) {
      const port = await findFreePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServer(
        options.root,
        {
          ...env,
          WEB_CONCURRENCY: String(workers),
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_SITE_URL: base,
        },
        base,
      );
      try {
        // The sessions live in the database: signed in once, valid for every server start.
        visitors ??= await prepareVisitors(base, premiumCode!, data.courseIds);
        const cases = workerCases(data, visitors);
        names = cases.map((each) => each.name);
        const round: Round = [];
        const pid = server.process.pid!;
        const loadOptions = {
          connections: options.connections,
          headers: { "user-agent": SCRIPT_BROWSER_UA, "accept-encoding": "gzip" },
        };
        for (const benchCase of cases) {
          // Warm every worker (JIT, pools, caches) before measuring.
          await runCase(base, benchCase, { ...loadOptions, seconds: Math.min(options.seconds, 3) });
          await waitUntilIdle(pid);
          const result = await runCase(
            base,
            benchCase,
            { ...loadOptions, seconds: options.seconds },
            pid,
            processTreeCpuMicros,
          );
          if (result.unexpected > 0 || result.errors > 0)
            console.log(
              `     ${benchCase.name}: ${result.unexpected} unexpected answers, ${result.errors} errors`,
            );
          round.push({
            requestsPerSecond: result.requestsPerSecond,
            cpuMicros: result.cpuMicrosPerRequest,
            p99: result.p99,
          });
        }
        measured[workers]!.push(round);
      } finally {
        await server.stop();
      }
    }
    const scaling: WorkerScaling = {
      database: "PostgreSQL",
      cases: names.map((caseName, index) => {
        const one = fastestOf(measured[1]!.map((round) => round[index]!));
        const two = fastestOf(measured[2]!.map((round) => round[index]!));
        return {
          name: caseName,
          oneWorker: one.requestsPerSecond,
          twoWorkers: two.requestsPerSecond,
          factor: +(two.requestsPerSecond / one.requestsPerSecond).toFixed(2),
          oneWorkerCpuMicros: one.cpuMicros,
          twoWorkersCpuMicros: two.cpuMicros,
          oneWorkerP99Ms: one.p99,
        };
      }),
    };
    console.log(
      `\nworkers on PostgreSQL (${options.connections} connections, ${options.seconds} s)`,
    );
    console.table(
      scaling.cases.map((each) => ({
        case: each.name,
        "1 worker req/s": each.oneWorker,
        "1 worker CPU µs/req": each.oneWorkerCpuMicros ?? "",
        "1 worker p99 ms": each.oneWorkerP99Ms,
        "2 workers req/s": each.twoWorkers,
        "2 workers CPU µs/req": each.twoWorkersCpuMicros ?? "",
        factor: `${each.factor}×`,
      })),
    );
    return scaling;
  } finally {
    await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

/**
 * The cases that cost Node CPU on PostgreSQL: a page with a visitor's own layer, the app's list
 * and profile calls, and opening a course (a spend, a visit and a click written per request).
 */
function workerCases(data: BenchData, visitors: BenchVisitors): BenchCase[] {
  const signedIn = (request: number) => visitors.sessions[request % visitors.sessions.length]!;
  // The API allows one client 300 reads a minute: each request names another client.
  const client = (request: number) => `2001:db8::${request.toString(16)}`;
  const server = { target: "server", ceiling: "page" } as const;
  return [
    {
      ...server,
      name: "/ (returning visitor: shared page + own layer)",
      path: "/",
      vary: () => ({ headers: { cookie: visitors.visitorCookie } }),
    },
    {
      ...server,
      name: "/api?action=getCourses (many clients)",
      path: "/api?action=getCourses",
      vary: (request) => ({ headers: { "x-forwarded-for": client(request) } }),
    },
    {
      ...server,
      name: "/api?action=getUser signed in",
      path: "/api?action=getUser",
      vary: (request) => ({
        headers: { cookie: signedIn(request), "x-forwarded-for": client(request) },
      }),
    },
    {
      ...server,
      name: "/go/:id signed in",
      path: "/go/1",
      redirects: true,
      vary: (request) => ({
        path: `/go/${data.courseIds[request % data.courseIds.length]}`,
        headers: { cookie: signedIn(request) },
      }),
    },
  ];
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address without its password, for the console. */
function safe(connectionString: string): string {
  const url = new URL(connectionString);
  url.password = "";
  return url.toString();
}
