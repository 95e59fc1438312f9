import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { drillKillOneInstance, drillRestartPostgres } from "./drills-cluster-faults";
import {
  startDrillBalancer,
  startDrillPostgres,
  type DrillBalancer,
  type DrillPostgres,
} from "./drills-cluster-infra";
import { readFavourites } from "./drills-cluster-load";
import { runCli, sleep, startFakeService, type DrillKit } from "./drills-kit";
import {
  findFreePort,
  SCRIPT_BROWSER_UA,
  signInWithDevForm,
  startServer,
  type LocalServer,
} from "./local-server";

/**
 * Drill (h), `npm run drills -- cluster`: DRILL_INSTANCES (default 3) production servers on one
 * PostgreSQL server of the drill's own, behind HAProxy, as in docs/deployment.md:
 *  (a) a user's writes through one instance are read through another at once (a favourite, a
 *      credit spent, a credit code redeemed, a review) and that instance's shared page is
 *      forgotten (LISTEN/NOTIFY);
 *  (b) rate limits hold across instances: a redeem brute force spread over the instances is
 *      stopped at the same count as on one (the per-IP limit in PostgreSQL, the per-user guard);
 *  (c), (d) in drills-cluster-faults.ts: kill -9 of an instance, a PostgreSQL restart, under load;
 *  (e) the ingest schedule (every 3 s here) runs each tick once across the instances.
 * DRILL_CLUSTER_USERS (default min(DRILL_USERS, 8)) users click during (c) and (d), for
 * DRILL_CLUSTER_SECONDS (default 8) after each fault.
 */
export type Cluster = {
  kit: DrillKit;
  postgres: DrillPostgres;
  lb: DrillBalancer;
  instances: Array<{ port: number; base: string; server: LocalServer | null }>;
  restartInstance(index: number): Promise<void>;
  courses: Array<{ id: number; link: string; title: string }>;
  users: number;
  seconds: number;
};

const INGEST_EVERY_SECONDS = 3;
const GUARD_MESSAGE = "Too many invalid attempts. Please try again in an hour.";

/** The limits count in windows of a clock minute: a brute force must not straddle two. */
async function awayFromMinuteEnd() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 200);
}
const SECRET = "cluster-drill-secret-cluster-drill-secret";

export async function drillCluster(drillKit: DrillKit, options: { users: number }) {
  const count = Math.max(2, Number(process.env.DRILL_INSTANCES ?? 3));
  console.log(`\n(h) cluster: ${count} instances on PostgreSQL behind HAProxy`);
  // The instances' own output (PostgreSQL's restart makes them log many errors) goes to files,
  // kept and named when something failed.
  const logDir = mkdtempSync(path.join(tmpdir(), "kursusku-cluster-logs-"));
  let failed = false;
  const kit: DrillKit = {
    ...drillKit,
    check: (ok, message) => {
      if (!ok) failed = true;
      drillKit.check(ok, message);
    },
  };
  const postgres = await startDrillPostgres();
  const feedHits: number[] = [];
  // The same answer every time: after the first run nothing changes, so the runs forget no
  // cached page (which would disturb (a)'s look at the shared pages).
  const feedBody = JSON.stringify(clusterFeed());
  const feed = await startFakeService((_request, response) => {
    feedHits.push(Date.now());
    response.setHeader("content-type", "application/json");
    response.end(feedBody);
  });
  const ports = await Promise.all(Array.from({ length: count }, () => findFreePort()));
  const lbPort = await findFreePort();
  const lbBase = `http://127.0.0.1:${lbPort}`;
  const env = {
    DATABASE_URL: postgres.url,
    WEB_CONCURRENCY: "1",
    NODE_ENV: "production",
    DEV_SIGNIN: "true",
    SESSION_SECRET: SECRET,
    HOST: "127.0.0.1",
    // Links, cookies and the CSRF check name the site's one address: the load balancer's.
    PUBLIC_SITE_URL: lbBase,
    TRUST_PROXY: "true",
    LOG_LEVEL: process.env.DRILL_CLUSTER_LOG_LEVEL ?? "fatal",
    SIGN_INS_PER_IP_PER_MINUTE: "100000",
    SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000",
    INGEST_SOURCES: JSON.stringify([
      { kind: "json", name: "cluster-feed", url: `${feed.base}/feed.json` },
    ]),
    INGEST_CRON: `*/${INGEST_EVERY_SECONDS} * * * * *`,
  };
  const instances: Cluster["instances"] = ports.map((port) => ({
    port,
    base: `http://127.0.0.1:${port}`,
    server: null,
  }));
  const startInstance = async (index: number) => {
    const instance = instances[index]!;
    instance.server = await startServer(
      kit.root,
      { ...env, PORT: String(instance.port) },
      instance.base,
      { logFile: path.join(logDir, `instance-${index + 1}.log`) },
    );
  };
  let lb: DrillBalancer | undefined;
  try {
    // The first seeds the demo catalogue; the others start together, as after a deploy.
    await startInstance(0);
    await Promise.all(instances.slice(1).map((_, index) => startInstance(index + 1)));
    lb = await startDrillBalancer(ports, lbPort);
    kit.check(true, `${count} instances and HAProxy answer on ${lbBase}`);
    const cluster: Cluster = {
      kit,
      postgres,
      lb,
      instances,
      restartInstance: startInstance,
      courses: await listCourses(lbBase),
      users: Number(process.env.DRILL_CLUSTER_USERS ?? Math.min(options.users, 8)),
      seconds: Number(process.env.DRILL_CLUSTER_SECONDS ?? 8),
    };
    await drillWritesReadElsewhere(cluster);
    await drillLimitsAcrossInstances(cluster);
    await drillKillOneInstance(cluster);
    await drillRestartPostgres(cluster);
    await checkPageForgottenElsewhere(cluster, 1, 0, "after the restart");
    await drillIngestOnce(cluster, feedHits);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await lb?.stop();
    await Promise.all(instances.map((instance) => instance.server?.stop()));
    await feed.close();
    postgres.stop();
    if (failed) console.log(`     the instances' output is in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  }
}

/** One course in the udemy-coupons shape, live for a month. */
function clusterFeed() {
  const expires = new Date(Date.now() + 30 * 86_400_000)
    .toISOString()
    .replace("T", " ")
    .slice(0, 19);
  return {
    update_time: new Date().toISOString().replace("T", " ").slice(0, 19),
    results: [
      {
        course_id: "7000001",
        category: "Development",
        title: "Cluster Drill Course",
        level: "Beginner",
        author: "Drill",
        rating: "4.5",
        reviews: "10",
        students: "100",
        coupon_code: "CLUSTERDRILL",
        coupon_link: "https://www.udemy.com/course/cluster-drill-course/?couponCode=CLUSTERDRILL",
        expired_date: `${expires}+00:00`,
        uses_remaining: "500",
        language: "English",
      },
    ],
  };
}

async function listCourses(base: string): Promise<Cluster["courses"]> {
  const courses: Cluster["courses"] = [];
  for (let page = 1; page <= 3; page += 1) {
    const response = await fetch(`${base}/api?action=getCourses&page=${page}`);
    courses.push(...((await response.json()) as Cluster["courses"]));
  }
  return courses;
}

function post(
  base: string,
  path: string,
  origin: string,
  cookie: string,
  body: string,
  type: string,
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": type, "user-agent": SCRIPT_BROWSER_UA },
    body,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

async function balance(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api?action=getUser`, { headers: { cookie } });
  return ((await response.json()) as { creditBalance: number }).creditBalance;
}

async function drillWritesReadElsewhere(cluster: Cluster) {
  const { kit, lb } = cluster;
  const [one, two] = [cluster.instances[0]!.base, cluster.instances[1]!.base];
  console.log("\n(a) writes through instance 1 are read through instance 2 at once");
  const cookie = await signInWithDevForm(lb.base, "cluster-a@example.com");
  const [liked, opened, reviewed] = cluster.courses;

  await post(
    one,
    "/favourites",
    lb.base,
    cookie,
    form({ courseId: String(liked!.id), favourite: "true" }),
    FORM,
  );
  kit.check(
    (await readFavourites(two, cookie)).has(liked!.link),
    "a favourite added through 1 is listed by 2",
  );

  const before = await balance(two, cookie);
  const go = await fetch(`${one}/go/${opened!.id}`, {
    redirect: "manual",
    headers: { cookie, "user-agent": SCRIPT_BROWSER_UA },
  });
  const after = await balance(two, cookie);
  kit.check(
    go.status === 302 && after === before - 1,
    `a course opened through 1 costs a credit that 2 shows at once (${before} → ${after})`,
  );

  const minted = await runCli(
    kit.root,
    "codes",
    ["create", "--type", "credits", "--credits", "5", "--uses", "10"],
    { DATABASE_URL: cluster.postgres.url, LOG_LEVEL: "error" },
    60_000,
  ).done;
  const code = minted.output.trim().split("\n").pop()?.trim() ?? "";
  const redeemed = await post(
    two,
    "/api",
    lb.base,
    cookie,
    JSON.stringify({ action: "checkRedeemCode", code }),
    "application/json",
  );
  const credited = await balance(one, cookie);
  kit.check(
    minted.code === 0 && redeemed.ok && credited === after + 5,
    `a credit code (minted by the CLI on PostgreSQL) redeemed through 2 shows on 1 at once (${after} → ${credited})`,
  );

  const review = await post(
    one,
    "/reviews",
    lb.base,
    cookie,
    form({
      courseId: String(reviewed!.id),
      rating: "5",
      text: "Clear and practical, seen from every instance.",
    }),
    FORM,
  );
  const reviews = await fetch(
    `${two}/api?action=getReviews&courseLink=${encodeURIComponent(reviewed!.link)}`,
  );
  const listed = JSON.stringify(await reviews.json()).includes("seen from every instance");
  kit.check(review.ok && listed, "a review written through 1 is listed by 2");
  await checkPageForgottenElsewhere(cluster, 0, 1, "");
}

/**
 * Instance `reader` keeps its shared home page (a second request is a HIT); a write through
 * `writer` must make it render the page again (MISS) on the next request, within one round trip.
 */
async function checkPageForgottenElsewhere(
  cluster: Cluster,
  writer: number,
  reader: number,
  when: string,
) {
  const { kit, lb } = cluster;
  const writerBase = cluster.instances[writer]!.base;
  const readerBase = cluster.instances[reader]!.base;
  const home = () => fetch(`${readerBase}/`, { headers: { "user-agent": SCRIPT_BROWSER_UA } });
  // Kept: the page is served from memory (any write anywhere, like an ingest run, forgets it).
  let cached = (await home()).headers.get("x-cache");
  for (let attempt = 0; cached !== "HIT" && attempt < 10; attempt += 1)
    cached = (await home()).headers.get("x-cache");
  const cookie = await signInWithDevForm(lb.base, `cluster-pages-${writer}-${reader}@example.com`);
  const course = cluster.courses[5]!;
  await post(
    writerBase,
    "/favourites",
    lb.base,
    cookie,
    form({ courseId: String(course.id), favourite: "true" }),
    FORM,
  );
  const wroteAt = performance.now();
  let first = (await home()).headers.get("x-cache");
  let waited = performance.now() - wroteAt;
  while (first !== "MISS" && waited < 2000) {
    await sleep(20);
    first = (await home()).headers.get("x-cache");
    waited = performance.now() - wroteAt;
  }
  kit.check(
    cached === "HIT" && first === "MISS" && waited < 1000,
    `a write through instance ${writer + 1} makes instance ${reader + 1} forget its shared page ${when}`.trim() +
      ` (kept: ${cached}; next: ${first} after ${waited.toFixed(0)} ms)`,
  );
}

async function drillLimitsAcrossInstances(cluster: Cluster) {
  const { kit, lb } = cluster;
  console.log(
    "\n(b) a redeem brute force spread over the instances stops at the same count as on one",
  );
  const guesses = 14;
  const users = await Promise.all(
    Array.from({ length: guesses }, (_, index) =>
      signInWithDevForm(lb.base, `cluster-b-${index}@example.com`),
    ),
  );
  // Each guess by another user, from one address (X-Forwarded-For, trusted behind the balancer).
  const bruteForce = async (from: string, instanceOf: (guess: number) => number) => {
    let answered = 0;
    for (let guess = 0; guess < guesses; guess += 1) {
      const base = cluster.instances[instanceOf(guess)]!.base;
      const response = await fetch(`${base}/api`, {
        method: "POST",
        headers: {
          cookie: users[guess]!,
          origin: lb.base,
          "content-type": "application/json",
          "x-forwarded-for": from,
        },
        body: JSON.stringify({ action: "checkRedeemCode", code: `WRONG${guess}` }),
      });
      if (response.status === 429) break;
      answered += 1;
    }
    return answered;
  };
  await awayFromMinuteEnd();
  const alone = await bruteForce("192.0.2.10", () => 0);
  await awayFromMinuteEnd();
  const spread = await bruteForce("192.0.2.11", (guess) => guess % cluster.instances.length);
  kit.check(
    alone === 10 && spread === 10,
    `one address: ${alone} guesses answered on one instance, ${spread} spread over ${cluster.instances.length} (limit 10 a minute)`,
  );

  // One user, each guess from another address: the per-user guard (10 failures an hour).
  const cookie = await signInWithDevForm(lb.base, "cluster-b-guard@example.com");
  let failures = 0;
  let refusal = "";
  for (let guess = 0; guess < guesses; guess += 1) {
    const base = cluster.instances[guess % cluster.instances.length]!.base;
    const response = await fetch(`${base}/api`, {
      method: "POST",
      headers: {
        cookie,
        origin: lb.base,
        "content-type": "application/json",
        "x-forwarded-for": `198.51.100.${guess + 1}`,
      },
      body: JSON.stringify({ action: "checkRedeemCode", code: `GUARD${guess}` }),
    });
    if (response.status === 429) {
      refusal = ((await response.json()) as { error?: { message?: string } }).error?.message ?? "";
      break;
    }
    failures += 1;
  }
  kit.check(
    failures === 10 && refusal === GUARD_MESSAGE,
    `one user guessing through every instance from many addresses is refused after ${failures} failures (${refusal})`,
  );
}

async function drillIngestOnce(cluster: Cluster, feedHits: number[]) {
  const { kit } = cluster;
  console.log(
    `\n(e) the ingest schedule (every ${INGEST_EVERY_SECONDS} s here) runs each tick once`,
  );
  const from = Date.now();
  await sleep(4 * INGEST_EVERY_SECONDS * 1000);
  const window = feedHits.filter((at) => at >= from);
  const perTick = new Map<number, number>();
  for (const at of feedHits) {
    const tick = Math.floor(at / (INGEST_EVERY_SECONDS * 1000));
    perTick.set(tick, (perTick.get(tick) ?? 0) + 1);
  }
  const twice = [...perTick.values()].filter((hits) => hits > 1).length;
  const client = new pg.Client({ connectionString: cluster.postgres.url });
  await client.connect();
  const claims = await client.query<{ claimants: string; ticks: string }>(
    "select count(distinct claimed_by)::text as claimants, count(*)::text as ticks from job_claims where job = 'ingest'",
  );
  await client.end();
  const { claimants, ticks } = claims.rows[0]!;
  console.log(
    `     ${feedHits.length} feed reads over the whole drill, ${window.length} in the last ${4 * INGEST_EVERY_SECONDS} s; ${ticks} ticks claimed by ${claimants} different instances`,
  );
  kit.check(
    window.length >= 3,
    `the schedule ran while all instances were up (${window.length} runs in 4 ticks)`,
  );
  kit.check(
    twice === 0,
    `no tick read the feed twice over the whole drill (${perTick.size} ticks ran)`,
  );
}
