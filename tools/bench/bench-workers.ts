import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { createServices } from "../../server/services";
import { seedBenchData } from "./bench-seed";
import { findFreePort, SCRIPT_BROWSER_UA, startServer } from "../local-server";

/**
 * The worker part of `npm run bench`: the same production server on PostgreSQL with
 * WEB_CONCURRENCY=1, then 2, under the same load, and the ratio — printed as information, not a
 * budget: on 2 cores the workers, PostgreSQL and the load generator share the cores, so the factor
 * cannot show what a second core gives. The budget is CPU per request per case (the main table)
 * and the capacity model in docs/deployment.md. PostgreSQL comes from BENCH_DATABASE_URL, else DATABASE_URL, else the CI's local
 * server; the bench creates a database of its own there and drops it afterwards. The cases are
 * the ones that cost Node CPU (a page rendered for one visitor, the JSON API): a shared page
 * costs almost nothing to send and would measure the load generator instead.
 */
const FALLBACK_URL = "postgres://kursusku:kursusku@127.0.0.1:5432/kursusku";

export type WorkerScaling = {
  database: string;
  cases: Array<{ name: string; oneWorker: number; twoWorkers: number; factor: number }>;
};

type Options = { root: string; courses: number; seconds: number; connections: number };

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
    };
    console.log(
      `workers: seeding ${options.courses} courses into PostgreSQL ${safe(databaseUrl)}…`,
    );
    const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
    const data = await seedBenchData(handle.services, options.courses);
    await handle.close();

    // 1, 2, 2, 1 workers: on a machine shared with other work, each count gets an early and a
    // late turn, and the better one is kept.
    const measured: Record<number, number[][]> = { 1: [], 2: [] };
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
        // A returning visitor (the cookie an anonymous open leaves): the shared page with their own layer.
        const opened = await fetch(`${base}/go/${data.courseIds[0]}`, {
          redirect: "manual",
          headers: { "user-agent": SCRIPT_BROWSER_UA },
        });
        const visitor = opened.headers
          .getSetCookie()
          .find((value) => value.startsWith("kk_anon="))
          ?.split(";")[0];
        if (!visitor) throw new Error(`no visitor cookie from /go: ${opened.status}`);
        const cases = [
          {
            name: "/ (returning visitor: shared page + own layer)",
            path: "/",
            headers: { cookie: visitor },
          },
          { name: "/api?action=getCourses", path: "/api?action=getCourses", perClient: true },
        ];
        names = cases.map((each) => each.name);
        const round: number[] = [];
        for (const benchCase of cases) {
          // Warm every worker (JIT, pools, caches) before measuring.
          await load(base, benchCase, Math.min(options.seconds, 3), options.connections);
          round.push(await load(base, benchCase, options.seconds, options.connections));
        }
        measured[workers]!.push(round);
      } finally {
        await server.stop();
      }
    }
    const scaling: WorkerScaling = {
      database: "PostgreSQL",
      cases: names.map((caseName, index) => {
        const best = (workers: number) =>
          Math.max(...measured[workers]!.map((round) => round[index]!));
        const one = best(1);
        const two = best(2);
        return { name: caseName, oneWorker: one, twoWorkers: two, factor: +(two / one).toFixed(2) };
      }),
    };
    console.log(
      `\nworkers on PostgreSQL (${options.connections} connections, ${options.seconds} s)`,
    );
    console.table(
      scaling.cases.map((each) => ({
        case: each.name,
        "1 worker req/s": each.oneWorker,
        "2 workers req/s": each.twoWorkers,
        factor: `${each.factor}×`,
      })),
    );
    return scaling;
  } finally {
    await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

async function load(
  base: string,
  benchCase: { path: string; headers?: Record<string, string>; perClient?: boolean },
  seconds: number,
  connections: number,
): Promise<number> {
  let counter = 0;
  const result = await autocannon({
    url: `${base}${benchCase.path}`,
    connections,
    duration: seconds,
    headers: {
      "user-agent": SCRIPT_BROWSER_UA,
      "accept-encoding": "gzip",
      ...benchCase.headers,
    },
    // The API allows one client 300 reads a minute: each request names another client.
    requests: benchCase.perClient
      ? [
          {
            setupRequest: (request) => {
              counter += 1;
              return {
                ...request,
                headers: {
                  ...request.headers,
                  "x-forwarded-for": `2001:db8::${counter.toString(16)}`,
                },
              };
            },
          },
        ]
      : undefined,
  });
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`     ${benchCase.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
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
