import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { pino } from "pino";
import sharp from "sharp";
import { parseConfig } from "../server/config";
import { users } from "../server/db/schema";
import { submitArticle } from "../server/domain/articles";
import { seedDemoCatalogueIfEmpty } from "../server/domain/seed";
import { createServices } from "../server/services";
import { findFreePort, startServer, signInWithDevForm } from "./local-server";

/**
 * `npm run lighthouse`: builds, seeds the demo catalogue and one article with a cover into a
 * temporary embedded database, starts the production server on 127.0.0.1 and runs Lighthouse
 * (mobile, then desktop) on the home page, the article list, the article and the signed-in
 * dashboard with Debian's Chromium, LIGHTHOUSE_RUNS times each (default 3; the run with the median
 * performance is reported). Prints the four category scores and every audit that did not pass,
 * and writes each report to bench/reports/. `npm run lighthouse -- /articles` audits only the
 * pages named; LIGHTHOUSE_FORM_FACTOR=mobile skips desktop. Scores are reported, never asserted
 * (the budget: 100 in every category on mobile).
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
const SECRET = "lighthouse-secret-lighthouse-secret-0123456";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Runs per page and form factor (LIGHTHOUSE_RUNS); the median run is reported. */
const RUNS = Math.max(1, Math.min(Number(process.env.LIGHTHOUSE_RUNS ?? 3), 9));
const root = path.resolve(import.meta.dirname, "..");
const reportsDir = path.join(root, "bench/reports");

type PageCase = { name: string; path: string; signedIn?: boolean };
type FormFactor = "mobile" | "desktop";
type Outcome = {
  page: string;
  formFactor: FormFactor;
  /** Of the run with the median performance score. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  performanceRuns: number[];
  failing: string[];
};

function performanceOf(result: Result): number {
  return result.categories.performance?.score ?? 0;
}

/** A cover like a writer's: a 1600×900 photo-like gradient, stored through the real upload path. */
async function makeCover(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#6366f1"/>
    </linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <circle cx="1200" cy="300" r="180" fill="#f8fafc" fill-opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function seed(env: Record<string, string>): Promise<number> {
  const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
  try {
    const { services } = handle;
    await seedDemoCatalogueIfEmpty(services);
    const [writer] = await services.db
      .insert(users)
      .values({
        id: "lighthouse-writer",
        email: "writer@example.com",
        isPremium: true,
        lastCreditResetDate: services.clock.today(),
      })
      .returning();
    const { article } = await submitArticle(
      services,
      { user: writer!, isAppClient: false },
      {
        title: "Belajar Python dari nol: catatan dari kursus gratis",
        content: `## Kenapa Python\n\nPython is a friendly first language. ${"Practise every day, build one small project a week, and read other people's code. ".repeat(12)}\n\n- variables and types\n- loops and functions\n- a first web scraper\n`,
        author: "Kursusku Writer",
        image: await makeCover(),
      },
    );
    return article.articleId;
  } finally {
    await handle.close();
  }
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
    };
    const config = formFactor === "desktop" ? desktopConfig : undefined;
    // A trace that Chromium failed to record (NO_NAVSTART, seen on a busy machine) is Lighthouse's
    // own failure, not the page's: it says to run again, so one more attempt is made.
    for (let attempt = 1; ; attempt += 1) {
      const runner = await lighthouse(url, flags, config);
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const failure = runner.lhr.runtimeError;
      if (!failure) return runner.lhr;
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
  console.log("building…");
  execSync("npx react-router build", { cwd: root, stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-lighthouse-"));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    SEED: "demo",
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    DEV_SIGNIN: "true",
    LOG_LEVEL: "warn",
    PUBLIC_SITE_URL: base,
  };
  console.log("seeding the demo catalogue and an article with a cover…");
  const articleId = await seed(env);

  const server = await startServer(root, { ...env, PORT: String(port), HOST: "127.0.0.1" }, base);
  try {
    const cookie = await signInWithDevForm(base, "lighthouse@example.com");
    const allPages: PageCase[] = [
      { name: "/", path: "/" },
      { name: "/articles", path: "/articles" },
      { name: "article", path: `/article?id=${articleId}` },
      { name: "/dashboard (signed in)", path: "/dashboard", signedIn: true },
    ];
    // `npm run lighthouse -- /articles article` audits only the pages named (to iterate on one).
    const wanted = process.argv.slice(2);
    const pages = wanted.length ? allPages.filter((page) => wanted.includes(page.name)) : allPages;
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
          const url = `${base}${page.path}`;
          runs.push(await audit(url, formFactor, page.signedIn ? cookie : undefined));
        }
        // The performance score of one run moves by several points on this machine: report the
        // run with the median performance, and the spread.
        const byPerformance = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
        const result = byPerformance[Math.floor(byPerformance.length / 2)]!;
        const file = `lighthouse-${formFactor}-${page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`;
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
        outcomes.push({
          page: page.name,
          formFactor,
          scores,
          performanceRuns,
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
      })),
    );
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
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
