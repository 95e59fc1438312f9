import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { defaultSettings } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { coursePath } from "../../core/course-paths";
import { startDemoSite } from "../demo/demo-site";
import { BARE_PAGE_PATH, noScriptPath, startBaselineServer } from "./lighthouse-baselines";
import { calibrate, describeCalibration } from "./host-calibration";

/**
 * `npm run lighthouse`: builds, seeds the demo catalogue (with course images) and one article
 * with a cover into a temporary embedded database, starts the production server on 127.0.0.1
 * and runs Lighthouse (mobile, then desktop) on the home page, the article list, the article, a
 * course page, the signed-in dashboard, the home and course pages signed in (the personal layer
 * laid over the shared page), and the first four again in Indonesian (/id/…), with Debian's
 * Chromium, LIGHTHOUSE_RUNS times each
 * (default 3; the run with the median performance is reported). Prints the four category scores
 * and every audit that did not pass, and writes each report to bench/reports/.
 * `npm run lighthouse -- /articles "course page"` audits only the pages named (any other path
 * given, such as `/privacy`, is audited too);
 * LIGHTHOUSE_FORM_FACTOR=mobile skips desktop. Scores are reported, never asserted (the budget:
 * 100 in every category on mobile).
 */
const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Runs per page and form factor (LIGHTHOUSE_RUNS); the median run is reported. */
const RUNS = Math.max(1, Math.min(Number(process.env.LIGHTHOUSE_RUNS ?? 3), 9));
const root = path.resolve(import.meta.dirname, "../..");
const reportsDir = path.join(root, "bench/reports");

/** `baseline`: served by the baseline server (a bare page, a page without its JavaScript). */
type PageCase = { name: string; path: string; signedIn?: boolean; baseline?: boolean };
type FormFactor = "mobile" | "desktop";
type Outcome = {
  page: string;
  formFactor: FormFactor;
  /** Of the run with the median performance score. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  performanceRuns: number[];
  /** Total blocking time of the run with the median performance, in ms. */
  totalBlockingTimeMs: number | null;
  /** Lighthouse's CPU benchmark index of the host, one per run. */
  benchmarkIndexes: number[];
  failing: string[];
};

/**
 * LIGHTHOUSE_TRACES=1 also writes each run's Chromium trace (open it in DevTools' Performance
 * panel); LIGHTHOUSE_TRACES=profile adds V8's sampling profiler to it, which says which functions
 * the long tasks spent their time in but itself adds hundreds of milliseconds of blocking time:
 * never read a score from a profiled run.
 */
const TRACES = ["1", "profile"].includes(process.env.LIGHTHOUSE_TRACES ?? "");
const PROFILE = process.env.LIGHTHOUSE_TRACES === "profile";
/**
 * LIGHTHOUSE_BASELINES=1 also audits, in the same run, a near-empty page and each page without
 * its JavaScript (lighthouse-baselines.ts): the machine's floor and what hydration costs.
 */
const BASELINES = process.env.LIGHTHOUSE_BASELINES === "1";
/**
 * LIGHTHOUSE_CPU_SLOWDOWN sets another CPU slowdown than Lighthouse's 4 for mobile, to aim at one
 * phone whatever the host (host-calibration.ts): e.g. 8 on a 2 800 host ≈ 4 on a 1 400 one.
 */
const CPU_SLOWDOWN = readCpuSlowdown(process.env.LIGHTHOUSE_CPU_SLOWDOWN);

function readCpuSlowdown(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const slowdown = Number(value);
  if (!(slowdown >= 1))
    throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number ≥ 1, not "${value}"`);
  return slowdown;
}

function reportName(formFactor: FormFactor, page: PageCase): string {
  return `lighthouse-${formFactor}-${page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}`;
}

function performanceOf(result: Result): number {
  return result.categories.performance?.score ?? 0;
}

function failingAudits(result: Result): string[] {
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || (ref.weight === 0 && audit.scoreDisplayMode !== "binary")) continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      failing.push(`${category}: ${audit.id}${value} — score ${Math.round(audit.score * 100)}`);
    }
  }
  return failing;
}

async function audit(
  url: string,
  formFactor: FormFactor,
  cookie: string | undefined,
  traceFile: string | undefined,
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(traceFile && PROFILE
        ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" }
        : {}),
    };
    if (formFactor === "mobile" && CPU_SLOWDOWN)
      flags.throttling = { cpuSlowdownMultiplier: CPU_SLOWDOWN };
    const config = formFactor === "desktop" ? desktopConfig : undefined;
    // A trace that Chromium failed to record (NO_NAVSTART, seen on a busy machine) is Lighthouse's
    // own failure, not the page's: it says to run again, so one more attempt is made.
    for (let attempt = 1; ; attempt += 1) {
      const runner = await lighthouse(url, flags, config);
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const failure = runner.lhr.runtimeError;
      if (!failure) {
        if (traceFile) writeFileSync(traceFile, JSON.stringify(runner.artifacts.Trace));
        return runner.lhr;
      }
      if (attempt >= 2) throw new Error(`${url}: ${failure.code} ${failure.message}`);
      console.log(`  ${failure.code}; running it again`);
    }
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is required at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  const site = await startDemoSite("lighthouse");
  const { base, articleId, courseSlug } = site;
  const baselines = BASELINES ? await startBaselineServer(base) : null;
  try {
    const cookie = await site.signIn("lighthouse@example.com");
    const allPages: PageCase[] = [
      { name: "/", path: "/" },
      { name: "/articles", path: "/articles" },
      { name: "article", path: `/article?id=${articleId}` },
      { name: "course page", path: coursePath(courseSlug) },
      { name: "/dashboard (signed in)", path: "/dashboard", signedIn: true },
      // The shared page with the visitor's layer laid over it: no shift when the layer arrives.
      { name: "/ (signed in)", path: "/", signedIn: true },
      { name: "course page (signed in)", path: coursePath(courseSlug), signedIn: true },
      // The Indonesian pages carry the same budget.
      { name: "/id", path: "/id" },
      { name: "/id/articles", path: "/id/articles" },
      { name: "article (id)", path: `/id/article?id=${articleId}` },
      { name: "course page (id)", path: `/id${coursePath(courseSlug)}` },
    ];
    // `npm run lighthouse -- /articles article` audits only the pages named (to iterate on one).
    // Any other argument starting with "/" is audited as a path of its own (`-- /privacy`).
    const wanted = process.argv.slice(2);
    const pages = wanted.length
      ? wanted.flatMap((name) => {
          const named = allPages.find((page) => page.name === name);
          if (named) return [named];
          return name.startsWith("/") ? [{ name, path: name }] : [];
        })
      : allPages;
    if (baselines) {
      const withBaselines: PageCase[] = [
        { name: "bare page", path: BARE_PAGE_PATH, baseline: true },
      ];
      for (const page of pages) {
        withBaselines.push(page);
        if (!page.signedIn)
          withBaselines.push({
            name: `${page.name} without JavaScript`,
            path: noScriptPath(page.path),
            baseline: true,
          });
      }
      pages.splice(0, pages.length, ...withBaselines);
    }
    const formFactors =
      process.env.LIGHTHOUSE_FORM_FACTOR === "mobile"
        ? ["mobile" as const]
        : (["mobile", "desktop"] as const);
    mkdirSync(reportsDir, { recursive: true });
    const outcomes: Outcome[] = [];
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const runs: Result[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          console.log(`lighthouse ${formFactor} ${page.name} (run ${run} of ${RUNS})…`);
          const url = `${page.baseline && baselines ? baselines.origin : base}${page.path}`;
          const traceFile = TRACES
            ? path.join(reportsDir, `${reportName(formFactor, page)}-run${run}.trace.json`)
            : undefined;
          runs.push(await audit(url, formFactor, page.signedIn ? cookie : undefined, traceFile));
        }
        // The performance score of one run moves by several points on this machine: report the
        // run with the median performance, and the spread.
        const byPerformance = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
        const result = byPerformance[Math.floor(byPerformance.length / 2)]!;
        const file = `${reportName(formFactor, page)}.json`;
        writeFileSync(path.join(reportsDir, file), JSON.stringify(result, null, 2));
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => {
            const score = result.categories[category]?.score;
            return [
              category,
              score === null || score === undefined ? null : Math.round(score * 100),
            ];
          }),
        ) as Outcome["scores"];
        const performanceRuns = runs.map((run) => Math.round(performanceOf(run) * 100));
        const blocking = result.audits["total-blocking-time"]?.numericValue;
        outcomes.push({
          page: page.name,
          formFactor,
          scores,
          performanceRuns,
          totalBlockingTimeMs: blocking === undefined ? null : Math.round(blocking),
          benchmarkIndexes: runs.map((run) => Math.round(run.environment.benchmarkIndex)),
          failing: failingAudits(result),
        });
      }
    }

    console.table(
      outcomes.map((outcome) => ({
        page: outcome.page,
        form: outcome.formFactor,
        ...outcome.scores,
        "performance, each run": outcome.performanceRuns.join(" "),
        "TBT ms": outcome.totalBlockingTimeMs,
      })),
    );
    printHostCalibration(outcomes);
    for (const outcome of outcomes) {
      if (outcome.failing.length === 0) continue;
      console.log(`\n${outcome.formFactor} ${outcome.page}, audits that did not pass:`);
      for (const line of outcome.failing) console.log(`  ${line}`);
    }
    writeFileSync(
      path.join(reportsDir, "lighthouse-summary.json"),
      JSON.stringify({ at: new Date().toISOString(), outcomes }, null, 2),
    );
    console.log(`\nreports written to ${path.relative(root, reportsDir)}/`);
  } finally {
    await baselines?.stop();
    await site.stop();
  }
}

/** Which phone the mobile scores stood for on this host (host-calibration.ts). */
function printHostCalibration(outcomes: Outcome[]) {
  const indexes = outcomes
    .filter((outcome) => outcome.formFactor === "mobile")
    .flatMap((outcome) => outcome.benchmarkIndexes);
  const calibration = calibrate(
    indexes,
    CPU_SLOWDOWN ?? defaultSettings.throttling.cpuSlowdownMultiplier,
  );
  if (calibration) console.log(`\n${describeCalibration(calibration)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
