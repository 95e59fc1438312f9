import { execSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { pino } from "pino";
import { parseConfig } from "../server/config";
import { listCourses } from "../server/domain/catalog";
import { DEFAULT_COURSE_FILTERS } from "../core/course-filters";
import { createRedeemCodes } from "../server/domain/redeem";
import { createServices } from "../server/services";
import { seedBenchData } from "./bench-seed";
import { benchWorkerScaling, type WorkerScaling } from "./bench-workers";
import { findFreePort, SCRIPT_BROWSER_UA, signInWithDevForm, startServer } from "./local-server";

/**
 * `npm run bench`: builds, seeds 50 000 courses (plus users, reviews, favourites, articles) into
 * a temporary embedded database, starts the production server on 127.0.0.1 and measures each
 * case with autocannon against a static file served by the same server (the baseline); then
 * 1 against 2 workers on PostgreSQL (bench-workers.ts). `npm run bench -- workers` runs only that.
 * Bounded: each case runs BENCH_SECONDS (default 10), loopback only, and everything stops by itself.
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 50_000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const root = path.resolve(import.meta.dirname, "..");

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const ONLY_WORKERS = process.argv.slice(2).includes("workers");

function measureWorkers(): Promise<WorkerScaling | null> {
  return benchWorkerScaling({ root, courses: COURSES, seconds: SECONDS, connections: CONNECTIONS });
}

async function main() {
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
  // TRUST_PROXY: the API case names a different client in X-Forwarded-For per request (see below).
  const env = {
    DATA_DIR: dataDir,
    SEED: "none",
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    DEV_SIGNIN: "true",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
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

  // Server time of a search over the whole catalogue (p50 < 30 ms on PGlite).
  const searches = ["python", "excel", "marketing", "design", "data science", "react"];
  const searchTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const [index, search] of searches.entries()) {
      const started = performance.now();
      await listCourses(handle.services, {
        ...DEFAULT_COURSE_FILTERS,
        search,
        type: index % 2 ? "Development" : "",
        page: 1 + (round % 3),
      });
      searchTimes.push(performance.now() - started);
    }
  }
  const searchP50 = median(searchTimes.slice(searches.length)); // first round warms caches
  await handle.close();

  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    root,
    { ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_SITE_URL: base },
    base,
  );
  try {
    // Signed-in premium users for /go (premium: opening never runs out during the run).
    const cookies: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      const session = await signInWithDevForm(base, `bench-user-${index}@example.com`);
      await fetch(`${base}/redeem`, {
        method: "POST",
        headers: {
          Origin: base,
          cookie: session,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `code=${premiumCode}`,
      });
      cookies.push(session);
    }

    // A returning visitor: the visitor cookie an anonymous course open leaves. Pages are then
    // rendered for them on every request instead of shared (decision 0012).
    const opened = await fetch(`${base}/go/${data.courseIds[0]}`, {
      redirect: "manual",
      headers: { "user-agent": SCRIPT_BROWSER_UA },
    });
    const visitorCookie = opened.headers
      .getSetCookie()
      .find((value) => value.startsWith("kk_anon="))
      ?.split(";")[0];
    if (!visitorCookie) throw new Error(`no visitor cookie from /go: ${opened.status}`);
    const searchTerms = [
      "python",
      "excel",
      "marketing",
      "design",
      "data science",
      "react",
      "java",
      "sql",
    ];

    const assetsDir = path.join(root, "build/client/assets");
    const staticAsset = readdirSync(assetsDir).find((file) => file.endsWith(".css"))!;
    type BenchCase = {
      name: string;
      path: string;
      /** Per request: another path or more headers. */
      vary?: (request: number) => { path?: string; headers?: Record<string, string> };
      /** Answers are redirects (/go). */
      redirects?: boolean;
    };
    const cases: BenchCase[] = [
      { name: "static asset (baseline)", path: `/assets/${staticAsset}` },
      { name: "/ (visitor without cookies: shared page)", path: "/" },
      {
        name: "/ (returning visitor: own render)",
        path: "/",
        vary: () => ({ headers: { cookie: visitorCookie } }),
      },
      {
        name: "/?search=…&type=…&page=… (40 searches, own render)",
        path: "/?search=python&type=Development&page=2",
        vary: (request) => ({
          path: `/?search=${encodeURIComponent(searchTerms[request % searchTerms.length]!)}&type=Development&page=${1 + (request % 5)}`,
          headers: { cookie: visitorCookie },
        }),
      },
      { name: "/articles (shared page)", path: "/articles" },
      { name: "article page (shared page)", path: `/article?id=${data.articleIds[0]}` },
      {
        name: "/api?action=getCourses (many clients)",
        path: "/api?action=getCourses",
        // The API allows one client 300 reads a minute: from a single address the case would
        // measure the 429 answer. Each request comes from another documentation-range address
        // (only a header: every request still goes to 127.0.0.1).
        vary: (request) => ({
          headers: { "x-forwarded-for": `2001:db8::${request.toString(16)}` },
        }),
      },
      {
        name: "/go/:id signed in",
        path: "/go/1",
        redirects: true,
        vary: (request) => ({
          path: `/go/${data.courseIds[request % data.courseIds.length]}`,
          headers: { cookie: cookies[request % cookies.length]! },
        }),
      },
    ];
    const results = [];
    for (const benchCase of cases) {
      let counter = 0;
      const vary = benchCase.vary;
      const result = await autocannon({
        url: `${base}${benchCase.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { "user-agent": SCRIPT_BROWSER_UA, "accept-encoding": "gzip" },
        requests: vary
          ? [
              {
                setupRequest: (request) => {
                  counter += 1;
                  const varied = vary(counter);
                  return {
                    ...request,
                    path: varied.path ?? request.path,
                    headers: { ...request.headers, ...varied.headers },
                  };
                },
              },
            ]
          : undefined,
      });
      results.push({
        name: benchCase.name,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: benchCase.redirects
          ? result["3xx"] === result.requests.total
            ? 0
            : result.non2xx - result["3xx"]
          : result.non2xx,
      });
    }
    const baseline = results[0]!.requestsPerSecond;

    // What each page ships to the browser (gzip).
    const bundles = [];
    for (const [name, pagePath] of [
      ["/", "/"],
      ["/articles", "/articles"],
      ["article", `/article?id=${data.articleIds[0]}`],
      ["/dashboard", "/dashboard"],
    ] as const) {
      const html = await (
        await fetch(`${base}${pagePath}`, { headers: { "user-agent": SCRIPT_BROWSER_UA } })
      ).text();
      const urls = new Set(
        [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
          (match) => match[1]!,
        ),
      );
      let js = 0;
      let css = 0;
      for (const url of urls) {
        const bytes = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
        const size = gzipSync(bytes).length;
        if (url.endsWith(".js")) js += size;
        else css += size;
      }
      bundles.push({
        route: name,
        jsGzipKb: +(js / 1024).toFixed(1),
        cssGzipKb: +(css / 1024).toFixed(1),
        files: urls.size,
      });
    }

    console.log(`\n${COURSES} courses, ${CONNECTIONS} connections, ${SECONDS} s per case\n`);
    console.table(
      results.map((result) => ({
        case: result.name,
        "req/s": result.requestsPerSecond,
        "p50 ms": result.p50,
        "p99 ms": result.p99,
        "vs static": `${((result.requestsPerSecond / baseline) * 100).toFixed(1)}%`,
        errors: result.errors,
        "unexpected status": result.non2xx,
      })),
    );
    console.log(`search over ${COURSES} courses, server time p50: ${searchP50.toFixed(1)} ms`);
    console.table(bundles);
    await server.stop();
    const workers = await measureWorkers();
    mkdirSync(path.join(root, "bench"), { recursive: true });
    writeFileSync(
      path.join(root, "bench/results.json"),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          courses: COURSES,
          connections: CONNECTIONS,
          seconds: SECONDS,
          results,
          searchP50Ms: searchP50,
          bundles,
          workers,
        },
        null,
        2,
      ),
    );
    console.log("written bench/results.json");
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
