import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  findFreePort,
  SCRIPT_BROWSER_UA,
  signInWithDevForm,
  startServer,
  type LocalServer,
} from "../local-server";
import { drillAiProviderFaults } from "./drills-ai-faults";
import { drillHangingFeed } from "./drills-feed-faults";
import { drillHealthOnFailingWrites, drillSlidingRedeemGuard } from "./drills-guards";
import { drillHostileSources } from "./drills-source-faults";
import { drillCluster } from "./drills-cluster";
import { drillFreshness } from "./drills-freshness";

/**
 * `npm run drills`: load and fault drills against the production server on 127.0.0.1.
 *  (a) many concurrent course opens by many users: credits, history and click counts add up;
 *  (b) the server is killed (SIGKILL) in the middle of acknowledged writes and restarted on the
 *      same embedded database: every acknowledged write is still there, no manual step needed;
 *  (c) the AI provider (a fake Gemini) hangs or answers garbage: pages answer, AI calls and
 *      article submissions answer with SPEC's error texts, nothing unchecked is stored;
 *  (d) a coupon feed hangs during an ingest run: the site stays responsive and the run ends by
 *      itself with the error recorded. (c) and (d) live in drills-ai-faults.ts and drills-feed-faults.ts;
 *  (e) the redeem guard is a sliding hour kept in the database, across restarts;
 *  (f) /healthz is 503 while database writes fail. (e) and (f) live in drills-guards.ts;
 *  (g) one ingest run with a good coupon source beside hostile ones (HTML for JSON, a 50 MB body,
 *      redirect loops, non-Udemy links, bad coupon codes, a hanging socket): each bad source
 *      records its error, nothing of theirs is listed, the site answers. In drills-source-faults.ts;
 *  (h) several instances on PostgreSQL behind HAProxy: writes read elsewhere at once, limits held
 *      across instances, kill -9 of an instance and a PostgreSQL restart under load, the ingest
 *      tick run once. In drills-cluster.ts; `npm run drills -- cluster` runs only this one;
 *  (i) freshness: every preset on a fake of its site in its real format, the default
 *      configuration: items, Udemy questions and time per run, and the simulated time from a
 *      coupon appearing to being listed (p50/p95) under the default schedule. In
 *      drills-freshness.ts; `npm run drills -- freshness` runs only this one.
 * Each prints what it checked and the process exits non-zero when anything is off.
 * DRILL_USERS (default 100) × 5 opens each; CI runs it with small numbers.
 * DRILLS=dg runs only the drills named by those letters (default: all).
 */
const USERS = Number(process.env.DRILL_USERS ?? 100);
/** A drill named on the command line runs alone: `npm run drills -- cluster` or `-- freshness`. */
const NAMED_DRILLS: Record<string, string> = { cluster: "h", freshness: "i" };
const ONLY = (
  process.argv
    .map((argument) => NAMED_DRILLS[argument])
    .filter(Boolean)
    .join("") ||
  process.env.DRILLS ||
  ""
).toLowerCase();
/** A drill runs when DRILLS is unset or names its letter. */
const wanted = (letter: string) => ONLY === "" || ONLY.includes(letter);
const root = path.resolve(import.meta.dirname, "../..");
let failures = 0;

function check(ok: boolean, message: string) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${message}`);
  if (!ok) failures += 1;
}

function startDrillServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<LocalServer> {
  const base = `http://127.0.0.1:${port}`;
  return startServer(
    root,
    {
      // A test run: SEED=test (below) is refused anywhere else.
      NODE_ENV: "test",
      DEV_SIGNIN: "true",
      SESSION_SECRET: "drill-secret-drill-secret-drill-secret-000",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_SITE_URL: base,
      LOG_LEVEL: "warn",
      // Nothing reaches outside: a drill names its own sources (fakes on 127.0.0.1).
      INGEST_SOURCES: "[]",
      UDEMY_CHECK: "false",
      // The generated catalogue as ordinary courses: the drills open them, and a demo course
      // (SEED=demo) opens an example page without spending anything.
      SEED: "test",
      // The drill's many users all sign in from 127.0.0.1, many times a minute.
      SIGN_INS_PER_IP_PER_MINUTE: "100000",
      SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000",
      ...env,
    },
    base,
  );
}

async function getUser(base: string, cookie: string) {
  const response = await fetch(`${base}/api?action=getUser`, { headers: { cookie } });
  return (await response.json()) as {
    creditBalance: number;
    clickCount: number;
    history: unknown[];
    likedCourses: string[];
  };
}

async function courseIds(
  base: string,
  pages: number,
): Promise<Array<{ id: number; link: string }>> {
  const all: Array<{ id: number; link: string }> = [];
  for (let page = 1; page <= pages; page += 1) {
    const response = await fetch(`${base}/api?action=getCourses&page=${page}`);
    all.push(...((await response.json()) as Array<{ id: number; link: string }>));
  }
  return all;
}

async function drillConcurrentOpens(server: LocalServer) {
  console.log(
    `\n(a) ${USERS * 5} concurrent course opens by ${USERS} users (4 new courses + 1 repeat each)`,
  );
  const courses = await courseIds(server.base, 1);
  const cookies = await Promise.all(
    Array.from({ length: USERS }, (_, index) =>
      signInWithDevForm(server.base, `drill-a-${index}@example.com`),
    ),
  );
  const opens = cookies.flatMap((cookie, user) => {
    const mine = [0, 1, 2, 3].map((offset) => courses[(user + offset) % courses.length]!.id);
    return [...mine, mine[0]!].map((id) => ({ cookie, id }));
  });
  const started = performance.now();
  const statuses = await Promise.all(
    opens.map(async ({ cookie, id }) => {
      const response = await fetch(`${server.base}/go/${id}`, {
        redirect: "manual",
        headers: { cookie, "user-agent": SCRIPT_BROWSER_UA },
      });
      return {
        status: response.status,
        coupon: (response.headers.get("location") ?? "").includes("couponCode="),
      };
    }),
  );
  console.log(
    `     ${opens.length} opens answered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  check(
    statuses.every((answer) => answer.status === 302 && answer.coupon),
    "every open redirected to its coupon",
  );
  const accounts = await Promise.all(cookies.map((cookie) => getUser(server.base, cookie)));
  check(
    accounts.every((account) => account.creditBalance === 6),
    "every user spent exactly 4 credits (10 → 6); the repeat was free",
  );
  check(
    accounts.every((account) => account.clickCount === 4),
    "every user has exactly 4 recorded clicks",
  );
  check(
    accounts.every((account) => account.history.length === 4),
    "every user has exactly 4 history entries",
  );
}

async function drillKillAndRestart(
  dataDir: string,
  port: number,
  server: LocalServer,
): Promise<LocalServer> {
  console.log("\n(b) SIGKILL during acknowledged writes, then restart on the same database");
  const cookie = await signInWithDevForm(server.base, "drill-b@example.com");
  const courses = await courseIds(server.base, 2);
  const acknowledged = new Set<string>();
  let stop = false;
  const writer = (async () => {
    for (const course of courses.slice(0, 30)) {
      if (stop) break;
      try {
        const response = await fetch(`${server.base}/favourites`, {
          method: "POST",
          headers: {
            cookie,
            Origin: server.base,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: `courseId=${course.id}&favourite=true`,
        });
        if (response.ok && ((await response.json()) as { success?: boolean }).success)
          acknowledged.add(course.link);
      } catch {
        break; // the server is gone
      }
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 400));
  server.process.kill("SIGKILL");
  stop = true;
  await writer;
  // stop() waits on the exit watched since the start: the server may already be gone by now, and
  // a fresh once("exit") would then never fire; the drills would end with exit 0 right here.
  await server.stop();
  console.log(`     killed after ${acknowledged.size} acknowledged favourites`);
  const restarted = await startDrillServer(dataDir, port);
  check(true, "the server restarted on the same data directory without a manual step");
  const account = await getUser(restarted.base, cookie);
  const kept = [...acknowledged].filter((link) => account.likedCourses.includes(link));
  check(
    kept.length === acknowledged.size,
    `all ${acknowledged.size} acknowledged favourites survived (found ${kept.length})`,
  );
  check((await fetch(`${restarted.base}/`)).ok, "pages answer after the restart");
  return restarted;
}

async function main() {
  // Drills (a)–(h) start the built server; (i) runs in this process.
  if ([..."abcdefgh"].some(wanted))
    execSync("npx react-router build", { cwd: root, stdio: "ignore" });
  if (wanted("a") || wanted("b")) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-drills-"));
    const port = await findFreePort();
    let server = await startDrillServer(dataDir, port);
    try {
      if (wanted("a")) await drillConcurrentOpens(server);
      if (wanted("b")) server = await drillKillAndRestart(dataDir, port, server);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const kit = { root, check, startDrillServer };
  if (wanted("c")) await drillAiProviderFaults(kit);
  if (wanted("d")) await drillHangingFeed(kit);
  if (wanted("e")) await drillSlidingRedeemGuard(kit);
  if (wanted("f")) await drillHealthOnFailingWrites(kit);
  if (wanted("g")) await drillHostileSources(kit);
  if (wanted("h")) await drillCluster(kit, { users: USERS });
  if (wanted("i")) await drillFreshness(check);
  console.log(failures === 0 ? "\nall drills passed" : `\n${failures} check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
}

// main() ends with process.exit(): an empty event loop before that means a promise that never
// settled, and the drills stopped half-way; that must not pass as exit code 0.
process.once("beforeExit", () => {
  console.error("\nthe drills stopped before they finished (a promise never settled)");
  process.exit(1);
});

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
