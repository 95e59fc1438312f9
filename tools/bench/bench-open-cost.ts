import { execSync } from "node:child_process";
import pg from "pg";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { createServices } from "../../server/services";
import { seedBenchData } from "./bench-seed";
import { openCourse } from "../../server/domain/accounts/credits";
import { signInWithLocalIdentity } from "../../server/domain/accounts/accounts";
import { startDrillPostgres } from "../drills/drills-cluster-infra";

/**
 * What one course open costs PostgreSQL, for the capacity model in docs/deployment.md:
 * `npx tsx tools/bench/bench-open-cost.ts` starts a throw-away PostgreSQL (Debian's binaries, as
 * the cluster drill does), seeds 2 000 courses and 300 users, runs OPENS (default 3 000) opens
 * 20 at a time through the domain (no HTTP), and prints per open: the Node CPU, the CPU of all
 * PostgreSQL processes, the WAL bytes written, the transactions committed (reads included) and
 * the rows written.
 */
const OPENS = Number(process.env.OPENS ?? 3000);
const postgres = await startDrillPostgres();
const cpuOfPostgres = () => {
  const out = execSync("ps -C postgres -o times= || true").toString();
  return out
    .split("\n")
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.trim()), 0);
};
try {
  const env = {
    DATABASE_URL: postgres.url,
    SEED: "none",
    NODE_ENV: "production",
    SESSION_SECRET: "probe-secret-probe-secret-probe-secret-0123",
    LOG_LEVEL: "warn",
    DEV_SIGNIN: "true",
    UDEMY_CHECK: "false",
    INGEST_SOURCES: "[]",
  };
  const handle = await createServices(parseConfig(env), pino({ level: "warn" }));
  const { services } = handle;
  const data = await seedBenchData(services, 2000);
  const users: string[] = [];
  for (let i = 0; i < 300; i += 1)
    users.push(
      (await signInWithLocalIdentity(services, { email: `probe-${i}@example.com` })).user.id,
    );
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const wal = async () =>
    (await admin.query("select pg_current_wal_lsn() as l")).rows[0].l as string;
  const stats = async () =>
    (
      await admin.query(
        "select xact_commit::bigint as c, tup_inserted + tup_updated as w from pg_stat_database where datname = current_database()",
      )
    ).rows[0];
  const lsnBytes = (lsn: string) => {
    const [hi, lo] = lsn.split("/");
    return parseInt(hi!, 16) * 2 ** 32 + parseInt(lo!, 16);
  };
  const w0 = await wal();
  const s0 = await stats();
  const pg0 = cpuOfPostgres();
  const n0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < OPENS) {
        const i = next++;
        try {
          await openCourse(
            services,
            { kind: "user", userId: users[i % users.length]! },
            data.courseIds[(i * 7) % data.courseIds.length]!,
          );
        } catch {
          refused += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const n1 = process.cpuUsage(n0);
  const pg1 = cpuOfPostgres();
  const s1 = await stats();
  const w1 = await wal();
  console.log(
    JSON.stringify({
      opens: OPENS,
      refused,
      seconds: +seconds.toFixed(2),
      opensPerSecond: Math.round(OPENS / seconds),
      nodeCpuMicrosPerOpen: Math.round((n1.user + n1.system) / OPENS),
      postgresCpuMicrosPerOpen: Math.round(((pg1 - pg0) * 1e6) / OPENS),
      walBytesPerOpen: Math.round((lsnBytes(w1) - lsnBytes(w0)) / OPENS),
      commitsPerOpen: +((Number(s1.c) - Number(s0.c)) / OPENS).toFixed(2),
      rowsWrittenPerOpen: +((Number(s1.w) - Number(s0.w)) / OPENS).toFixed(2),
    }),
  );
  await admin.end();
  await handle.close();
} finally {
  postgres.stop();
}
