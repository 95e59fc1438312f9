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
import { sleep, startFakeService, type DrillKit } from "./drills-kit";
import {
  checkPageForgottenElsewhere,
  drillLimitsAcrossInstances,
  drillWritesReadElsewhere,
} from "./drills-cluster-shared-state";
import { findFreePort, startServer, type LocalServer } from "../local-server";

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
    // The generated catalogue as ordinary courses (SEED=test, refused outside a test run): a
    // demo catalogue would leave the list at the cluster feed's first run, taking (a)'s courses.
    NODE_ENV: "test",
    SEED: "test",
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
    UDEMY_CHECK: "false",
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
      [],
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

async function drillIngestOnce(cluster: Cluster, feedHits: number[]) {
  const { kit } = cluster;
  console.log(
    `\n(e) the ingest schedule (every ${INGEST_EVERY_SECONDS} s here) runs each tick once`,
  );
  const from = Date.now();
  await sleep(4 * INGEST_EVERY_SECONDS * 1000);
  const window = feedHits.filter((at) => at >= from);
  // A run reads the feed once, some time after its tick was claimed (the jitter, the run's own
  // start; longer right after (d)'s restart): a read is not placed in its tick by its time, but
  // every read needs a claimed tick. Two ticks before the window count too, for their late reads.
  const claimedSince = new Date(from - 2 * INGEST_EVERY_SECONDS * 1000);
  const client = new pg.Client({ connectionString: cluster.postgres.url });
  await client.connect();
  const claims = await client.query<{ claimants: string; ticks: string; recent: string }>(
    `select count(distinct claimed_by)::text as claimants, count(*)::text as ticks,
       (count(*) filter (where slot >= $1))::text as recent
     from job_claims where job = 'ingest'`,
    [claimedSince],
  );
  await client.end();
  const { claimants, ticks, recent } = claims.rows[0]!;
  console.log(
    `     ${feedHits.length} feed reads over the whole drill, ${window.length} in the last ${4 * INGEST_EVERY_SECONDS} s; ${ticks} ticks claimed by ${claimants} different instances, ${recent} of them since ${2 * INGEST_EVERY_SECONDS} s before that window`,
  );
  kit.check(
    window.length >= 3,
    `the schedule ran while all instances were up (${window.length} runs in 4 ticks)`,
  );
  // Were the instances to run every tick each, there would be one read per instance and tick.
  kit.check(
    window.length <= Number(recent),
    `no tick was run twice: ${window.length} reads, ${recent} ticks claimed`,
  );
}
