import { execSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { listCourses } from "../../server/domain/catalog/catalog";
import { DEFAULT_COURSE_FILTERS } from "../../core/course-filters";
import { createRedeemCodes } from "../../server/domain/accounts/redeem";
import { createServices } from "../../server/services";
import { buildCases, GO_CASE, measureBundles, prepareVisitors } from "./bench-cases";
import { measureOpensUnderFlood } from "./bench-flood";
import { inArray } from "drizzle-orm";
import { coursePath } from "../../core/course-paths";
import { courses } from "../../server/db/schema";
import { recordAnswer, startBareServer, type BareServer } from "./bench-ceiling";
import {
  formatSummaries,
  median,
  runCase,
  summariseRuns,
  waitUntilIdle,
  type BenchCase,
  type RunResult,
} from "./bench-load";
import { formatProfileSummary, summariseCpuProfile, type CpuProfile } from "./bench-profile";
import { seedBenchData } from "./bench-seed";
import { measureFilteredListTimes } from "./bench-filters";
import { benchWorkerScaling, type WorkerScaling } from "./bench-workers";
import { benchAlertMatching, type AlertMatchingBench } from "./bench-alerts";
import { findFreePort, SCRIPT_BROWSER_UA, startServer } from "../local-server";

/**
 * `npm run bench`: builds, seeds 50 000 courses (plus users, reviews, favourites, articles) into
 * a temporary embedded database, starts the production server on 127.0.0.1 and measures each
 * case with autocannon. The ceiling is a bare `node:http` server in its own process answering
 * the very bytes the real server sent for the shared home page (and for the CSS file): what any
 * Node server on this machine can do at best, measured in the same run as the real one.
 *
 * BENCH_RUNS (default 3) runs every case that many times, interleaved, and reports medians, so a
 * burst of load from elsewhere on the machine moves one run of each case, not one whole case.
 * BENCH_ONLY="static|/ shared" runs only the cases whose names contain one of the parts (and
 * the ceilings), for quick comparisons while working on one path.
 * BENCH_PROFILE="<part of a case name>" instead runs the matching server cases once under
 * `node --cpu-prof` and prints where the server's CPU time went.
 *
 * With the `/go` case, `/go` is measured once more beside three floods of it (one session, many
 * sessions, ids that do not exist; bench-flood.ts).
 *
 * Then 1 against 2 workers on PostgreSQL (bench-workers.ts); `npm run bench -- workers` runs only
 * that. Then alert matching at 100 000 saved searches × 1 000 new courses (bench-alerts.ts);
 * `npm run bench -- alerts` (or BENCH_ONLY=alerts) runs only that.
 *
 * Bounded: each run of a case lasts BENCH_SECONDS (default and maximum 10), loopback only, and
 * every process it starts stops by itself.
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 50_000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PROFILE = process.env.BENCH_PROFILE;
/** Parts of case names separated by "|": only those cases (and the ceilings) run. */
const ONLY = process.env.BENCH_ONLY?.split("|").filter(Boolean);
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const root = path.resolve(import.meta.dirname, "../..");
/** Every request of every case: a browser that takes gzip (the bytes the ceiling replays). */
const REQUEST_HEADERS = { "user-agent": SCRIPT_BROWSER_UA, "accept-encoding": "gzip" };

const ONLY_WORKERS = process.argv.slice(2).includes("workers");
/** `npm run bench -- alerts` or BENCH_ONLY=alerts: only alert matching (no build, no server). */
const ONLY_ALERTS =
  process.argv.slice(2).includes("alerts") || (ONLY?.length === 1 && ONLY[0] === "alerts");

async function measureAlertMatching(): Promise<AlertMatchingBench> {
  console.log("alert matching: 100 000 saved searches × 1 000 new courses…");
  // BENCH_ALERTS_DATABASE_URL: an empty PostgreSQL database to measure on instead of PGlite.
  const result = await benchAlertMatching({ databaseUrl: process.env.BENCH_ALERTS_DATABASE_URL });
  console.log(
    `alert matching on ${result.database}: ${result.savedSearches} saved searches × ${result.newCourses} new courses: ` +
      `${result.findingMs} ms to find, ${result.matchingMs} ms to find and queue ` +
      `${result.queued} deliveries (${result.microsPerDelivery} µs a delivery)`,
  );
  return result;
}

function measureWorkers(): Promise<WorkerScaling | null> {
  return benchWorkerScaling({ root, courses: COURSES, seconds: SECONDS, connections: CONNECTIONS });
}

async function main() {
  if (ONLY_ALERTS) {
    const alertMatching = await measureAlertMatching();
    mkdirSync(path.join(root, "bench"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/alerts.json"),
      JSON.stringify({ at: new Date().toISOString(), alertMatching }, null, 2),
    );
    console.log("written bench/alerts.json");
    return;
  }
  console.log("building…");
  execSync("npx react-router build", { cwd: root, stdio: "ignore" });
  if (ONLY_WORKERS) {
    const workers = await measureWorkers();
    mkdirSync(path.join(root, "bench"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/workers.json"),
      JSON.stringify({ at: new Date().toISOString(), courses: COURSES, workers }, null, 2),
    );
    console.log("written bench/workers.json");
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-bench-"));
  // TRUST_PROXY: the API case names a different client in X-Forwarded-For per request.
  const env = {
    DATA_DIR: dataDir,
    SEED: "none",
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    DEV_SIGNIN: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    TRUST_PROXY: "true",
    // Nothing reaches outside, and no run competes with the measured load.
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
    // Its 50 signed-in users sign in from 127.0.0.1 within a second.
    SIGN_INS_PER_IP_PER_MINUTE: "100000",
    SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000",
  };

  console.log(`seeding ${COURSES} courses into ${dataDir}…`);
  const seedStarted = performance.now();
  const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
  const data = await seedBenchData(handle.services, COURSES);
  const [premiumCode] = await createRedeemCodes(handle.services, {
    type: "premium",
    maxUses: 1000,
  });
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const searchP50 = await measureSearchTime(handle.services);
  const filteredLists = await measureFilteredListTimes(handle.services);
  // Course pages: one for the shared render, and a spread of them for a returning visitor.
  const coursePagePaths = (
    await handle.services.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(inArray(courses.id, data.courseIds.slice(0, 50)))
  ).map((row) => coursePath(row.slug));
  await handle.close();

  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), "kursusku-profile-")) : undefined;
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    root,
    {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_SITE_URL: base,
    },
    base,
    profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  );
  const bareServers: BareServer[] = [];
  const profileWindow: { from?: number; to?: number } = {};
  try {
    const visitors = await prepareVisitors(base, premiumCode!, data.courseIds);
    const staticAsset = readdirSync(path.join(root, "build/client/assets")).find((file) =>
      file.endsWith(".css"),
    )!;
    const cases = buildCases(data, visitors, `/assets/${staticAsset}`, coursePagePaths).filter(
      (benchCase) =>
        !ONLY ||
        benchCase.target !== "server" ||
        ONLY.some((part) => benchCase.name.includes(part)),
    );

    if (PROFILE) {
      const chosen = cases.filter(
        (benchCase) => benchCase.target === "server" && benchCase.name.includes(PROFILE),
      );
      if (chosen.length === 0) throw new Error(`no server case matches "${PROFILE}"`);
      await waitUntilIdle(server.process.pid!);
      profileWindow.from = microsNow();
      for (const benchCase of chosen) {
        const result = await runCase(base, benchCase, loadOptions(), server.process.pid);
        console.log(
          `${benchCase.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.cpuMicrosPerRequest ?? "?"} µs CPU/req (profiling included)`,
        );
      }
      profileWindow.to = microsNow();
      return;
    }

    // The ceilings replay what the real server answers a browser without cookies.
    const targets: Record<BenchCase["target"], { base: string; pid?: number }> = {
      server: { base, pid: server.process.pid },
      page: { base: "" },
      css: { base: "" },
    };
    for (const ceiling of ["page", "css"] as const) {
      const ceilingCase = cases.find((benchCase) => benchCase.target === ceiling)!;
      const answer = await recordAnswer(`${base}${ceilingCase.path}`, REQUEST_HEADERS);
      console.log(
        `ceiling "${ceiling}": ${answer.body.length} bytes, ${JSON.stringify(answer.headers)}`,
      );
      const bare = await startBareServer(root, answer);
      bareServers.push(bare);
      targets[ceiling] = { base: bare.base, pid: bare.pid };
    }

    const runs = new Map<string, RunResult[]>(cases.map((benchCase) => [benchCase.name, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const benchCase of cases) {
        const target = targets[benchCase.target];
        await waitUntilIdle(server.process.pid!);
        const result = await runCase(target.base, benchCase, loadOptions(), target.pid);
        runs.get(benchCase.name)!.push(result);
        console.log(
          `run ${run}/${RUNS} ${benchCase.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.cpuMicrosPerRequest ?? "?"} µs CPU/req`,
        );
      }
    }
    const summaries = summariseRuns(cases, runs);
    const bundles = await measureBundles(base, data, coursePagePaths[0]!);
    // With the /go case: /go for everyone else while one of three floods runs beside them.
    const floods = cases.some((benchCase) => benchCase.name === GO_CASE)
      ? await measureOpensUnderFlood(base, data.courseIds, visitors.sessions, loadOptions())
      : null;

    console.log(
      `\n${COURSES} courses, ${CONNECTIONS} connections, ${SECONDS} s a run, medians of ${RUNS} interleaved runs\n`,
    );
    console.table(formatSummaries(summaries, cases));
    console.log(`search over ${COURSES} courses, server time p50: ${searchP50.toFixed(1)} ms`);
    console.log(`filtered lists over ${COURSES} courses, server time (first visit / repeat):`);
    console.table(filteredLists.timings);
    console.log(
      `filtered lists, first visits: p50 ${filteredLists.overallFirstP50Ms} ms, p95 ${filteredLists.overallFirstP95Ms} ms; ` +
        `a page while the courses' facts load anew: ${filteredLists.factsLoadP50Ms} ms`,
    );
    console.table(bundles);
    if (floods) {
      console.log("/go beside a flood (half the connections each, at the same time):");
      console.table(floods);
    }
    await server.stop();
    // A quick comparison of a few cases (BENCH_ONLY) skips the workers' PostgreSQL run.
    const workers = ONLY ? null : await measureWorkers();
    const alertMatching = ONLY ? null : await measureAlertMatching();
    mkdirSync(path.join(root, "bench"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/results.json"),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          courses: COURSES,
          connections: CONNECTIONS,
          seconds: SECONDS,
          runs: RUNS,
          results: summaries,
          searchP50Ms: searchP50,
          filteredLists,
          bundles,
          floods,
          workers,
          alertMatching,
        },
        null,
        2,
      ),
    );
    console.log("written bench/results.json");
  } finally {
    for (const bare of bareServers) await bare.stop();
    // A graceful stop: the server exits by itself, which is when --cpu-prof writes its file.
    await server.stop();
    if (profileDir) reportProfile(profileDir, profileWindow);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function loadOptions() {
  return { connections: CONNECTIONS, seconds: SECONDS, headers: REQUEST_HEADERS };
}

/** Now on the monotonic clock V8's profiles use, in microseconds. */
function microsNow(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Server time of a search over the whole catalogue (p50 < 30 ms on PGlite). */
async function measureSearchTime(services: Parameters<typeof listCourses>[0]): Promise<number> {
  const searches = ["python", "excel", "marketing", "design", "data science", "react"];
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const [index, search] of searches.entries()) {
      const started = performance.now();
      await listCourses(services, {
        ...DEFAULT_COURSE_FILTERS,
        search,
        type: index % 2 ? "Development" : "",
        page: 1 + (round % 3),
      });
      times.push(performance.now() - started);
    }
  }
  return median(times.slice(searches.length)); // the first round warms caches
}

/** Prints the profile's summary over the measured window and keeps the file in bench/reports/. */
function reportProfile(profileDir: string, window: { from?: number; to?: number }): void {
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) {
    console.error(`no .cpuprofile in ${profileDir}: did the server exit by itself?`);
    return;
  }
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
  const inWindow =
    window.from !== undefined &&
    window.from < profile.endTime &&
    (window.to ?? 0) > profile.startTime;
  if (!inWindow) console.warn("the measured window is not on the profile's clock: whole profile");
  console.log(`\nprofile of "${PROFILE}" (server process)\n`);
  console.log(formatProfileSummary(summariseCpuProfile(profile, inWindow ? window : {})));
  const reports = path.join(root, "bench/reports");
  mkdirSync(reports, { recursive: true });
  const kept = path.join(reports, `${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
  copyFileSync(path.join(profileDir, file), kept);
  console.log(`\nprofile kept in ${path.relative(root, kept)} (open it in Chrome DevTools)`);
  rmSync(profileDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
