import type { Cluster } from "./drills-cluster";
import {
  countLost,
  describeFailures,
  failed,
  startLoad,
  type LoadUser,
} from "./drills-cluster-load";
import { sleep } from "./drills-kit";
import { signInWithDevForm } from "../local-server";

/**
 * The fault phases of the cluster drill (see drills-cluster.ts), each under load through HAProxy:
 *  (c) one instance is killed with SIGKILL: HAProxy routes around it, no acknowledged write is
 *      lost, and only requests in flight at the kill may fail; the instance then starts again;
 *  (d) PostgreSQL is restarted: every instance answers again without a manual step, no
 *      acknowledged write is lost, change notices flow again.
 */

async function signInUsers(
  cluster: Cluster,
  label: string,
  firstAddress: number,
): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  for (let index = 0; index < cluster.users; index += 1) {
    const cookie = await signInWithDevForm(
      cluster.lb.base,
      `cluster-${label}-${index}@example.com`,
    );
    // Each user its own run of courses, so every acknowledged favourite is a row of its own.
    const courses = Array.from(
      { length: 30 },
      (_, offset) => cluster.courses[(index * 7 + offset) % cluster.courses.length]!,
    );
    // A documentation-range address of their own (the drills' users never share one).
    users.push({ cookie, courses, address: `203.0.113.${firstAddress + index}` });
  }
  return users;
}

export async function drillKillOneInstance(cluster: Cluster) {
  const { kit } = cluster;
  const victim = cluster.instances.length - 1;
  console.log(
    `\n(c) SIGKILL of instance ${victim + 1} of ${cluster.instances.length} while ${cluster.users} users click through HAProxy`,
  );
  const load = startLoad(cluster.lb.base, await signInUsers(cluster, "kill", 1));
  await load.warmedUp(3, 60_000);
  const killedAt = performance.now();
  const inFlightAtKill = load.inFlight();
  cluster.instances[victim]!.server!.process.kill("SIGKILL");
  await cluster.instances[victim]!.server!.stop();
  cluster.instances[victim]!.server = null;
  await sleep(cluster.seconds * 1000);
  const { records, acknowledged } = await load.stop();

  const before = records.filter((record) => record.endedAt < killedAt);
  const after = records.filter((record) => record.endedAt >= killedAt);
  const failures = after.filter(failed);
  const failedLater = failures.filter((record) => record.startedAt > killedAt);
  console.log(
    `     ${records.length} requests (${before.length} answered before the kill), ${inFlightAtKill} in flight at the kill; ` +
      `afterwards ${failures.length} failed (${failedLater.length} of them sent after the kill: ${describeFailures(failedLater)})`,
  );
  kit.check(
    before.length > 0 && !before.some(failed),
    `before the kill every request succeeded (failures: ${describeFailures(before)})`,
  );
  kit.check(
    failures.length <= inFlightAtKill,
    `no failure beyond the ${inFlightAtKill} requests in flight at the kill (${failures.length} failed)`,
  );
  kit.check(
    after.filter((record) => record.startedAt > killedAt && !failed(record)).length > 0,
    "HAProxy kept answering through the other instances",
  );
  const { acknowledged: total, lost } = await countLost(cluster.lb.base, acknowledged);
  kit.check(
    total > 0 && lost === 0,
    `all ${total} acknowledged favourites are stored (lost: ${lost})`,
  );

  await cluster.restartInstance(victim);
  kit.check(
    true,
    `instance ${victim + 1} started again on the same database without a manual step`,
  );
}

export async function drillRestartPostgres(cluster: Cluster) {
  const { kit } = cluster;
  console.log(`\n(d) PostgreSQL restarted while ${cluster.users} users click through HAProxy`);
  const load = startLoad(cluster.lb.base, await signInUsers(cluster, "restart", 101));
  await load.warmedUp(3, 60_000);
  const stoppedAt = performance.now();
  await cluster.postgres.restart(1000);
  const backAt = performance.now();
  console.log(`     PostgreSQL was down for ${((backAt - stoppedAt) / 1000).toFixed(1)} s`);

  // Every instance answers again by itself (each /healthz writes to the database).
  const healthy = await Promise.all(
    cluster.instances.map(async (instance) => {
      for (let attempt = 0; attempt < 60; attempt += 1) {
        try {
          if ((await fetch(`${instance.base}/healthz`)).ok) return performance.now() - backAt;
        } catch {
          // the instance itself is gone: that is a failure below
        }
        await sleep(250);
      }
      return null;
    }),
  );
  kit.check(
    healthy.every((ms) => ms !== null),
    `every instance writes to PostgreSQL again without a manual step (after ${healthy
      .map((ms) => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`))
      .join(", ")})`,
  );
  await sleep(cluster.seconds * 1000);
  const { records, acknowledged } = await load.stop();
  const settled = backAt + 5_000;
  const during = records.filter(
    (record) => record.startedAt < settled && record.endedAt > stoppedAt,
  );
  const later = records.filter((record) => record.startedAt >= settled);
  console.log(
    `     ${records.length} requests; ${during.filter(failed).length} of ${during.length} around the restart failed (PostgreSQL was down), ` +
      `${later.filter(failed).length} of ${later.length} from 5 s after it (${describeFailures(later)})`,
  );
  kit.check(
    later.length > 0 && !later.some(failed),
    "from 5 s after the restart every request succeeds again",
  );
  const { acknowledged: total, lost } = await countLost(cluster.lb.base, acknowledged);
  kit.check(
    total > 0 && lost === 0,
    `all ${total} acknowledged favourites are stored (lost: ${lost})`,
  );
}
