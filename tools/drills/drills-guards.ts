import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { createHttpApp } from "../../server/http-app";
import { createServices } from "../../server/services";
import type { DrillKit } from "./drills-kit";
import { findFreePort, signInWithDevForm, type LocalServer } from "../local-server";

/**
 * The guard drills of `npm run drills` (see drills.ts):
 *  (e) the redeem brute-force guard is a sliding hour kept in the database: 10 failures at 10:59
 *      still refuse at 11:01 after a restart (a clock-hour bucket would have let them through),
 *      and an hour after the last failure redeeming is allowed again;
 *  (f) /healthz answers 503 while database writes fail as on a full disk, though reads work.
 */
const GUARD_MESSAGE = "Too many invalid attempts. Please try again in an hour.";

async function redeemAttempt(server: LocalServer, cookie: string, code: string) {
  const response = await fetch(`${server.base}/api`, {
    method: "POST",
    headers: { cookie, origin: server.base, "content-type": "application/json" },
    body: JSON.stringify({ action: "checkRedeemCode", code }),
  });
  const body = (await response.json()) as { success?: boolean; error?: { message?: string } };
  return { status: response.status, success: body.success, message: body.error?.message };
}

export async function drillSlidingRedeemGuard(kit: DrillKit) {
  console.log(
    "\n(e) redeem guard: a sliding hour in the database, across restarts and an hour boundary",
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-drill-guard-"));
  const port = await findFreePort();
  // FAKE_NOW moves the server's clock between restarts; production refuses it, test mode not.
  const at = (instant: string) => ({ NODE_ENV: "test", FAKE_NOW: instant, LOG_LEVEL: "error" });
  let server = await kit.startDrillServer(dataDir, port, at("2026-11-22T10:59:00+07:00"));
  try {
    const cookie = await signInWithDevForm(server.base, "drill-guard@example.com");
    const failures = [];
    for (let index = 0; index < 10; index += 1)
      failures.push(await redeemAttempt(server, cookie, `DRILLWRONG${index}`));
    kit.check(
      failures.every((answer) => answer.status === 200 && answer.success === false),
      "10 wrong codes at 10:59 are answered as invalid",
    );

    await server.stop();
    server = await kit.startDrillServer(dataDir, port, at("2026-11-22T11:01:00+07:00"));
    const early = await redeemAttempt(server, cookie, "DRILLWRONG-AFTER-BOUNDARY");
    kit.check(
      early.status === 429 && early.message === GUARD_MESSAGE,
      `at 11:01, after a restart, the 11th attempt is still refused (${early.status} ${early.message ?? ""})`,
    );

    await server.stop();
    server = await kit.startDrillServer(dataDir, port, at("2026-11-22T11:59:30+07:00"));
    const later = await redeemAttempt(server, cookie, "DRILLWRONG-AN-HOUR-LATER");
    kit.check(
      later.status === 200 && later.success === false,
      `at 11:59:30 the hour has slid past the failures: attempts are answered again (${later.status})`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const DISK_FULL = 'could not extend file "base/5/16384": No space left on device';
const WRITE_METHODS = new Set(["insert", "update", "delete", "transaction"]);

/** The same database for reads; every write fails as it does on a full disk. */
function failWrites(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === "string" && WRITE_METHODS.has(property))
        return () => {
          throw new Error(DISK_FULL);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A full disk cannot be made without mounting a small file system, so this one runs the HTTP app
 * in this process over an embedded database whose client is wrapped to fail every write.
 */
export async function drillHealthOnFailingWrites(kit: DrillKit) {
  console.log("\n(f) /healthz while every database write fails (a full disk)");
  const config = parseConfig({
    NODE_ENV: "test",
    SEED: "none",
    SESSION_SECRET: "drill-secret-drill-secret-drill-secret-000",
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
  });
  const database = await openDatabase({ pgliteDir: "memory://" });
  const handle = await createServices(config, pino({ level: "silent" }), { database });
  const services = { ...handle.services };
  const app = createHttpApp({
    services,
    build: () => Promise.reject(new Error("no pages in this drill")),
    clientDir: tmpdir(),
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const health = async () => (await fetch(`${base}/healthz`)).status;
  try {
    kit.check((await health()) === 200, "/healthz is 200 while writes work");
    services.db = failWrites(handle.services.db);
    const reads = await services.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    const status = await health();
    kit.check(
      reads && status === 503,
      `/healthz is 503 while reads work and writes fail (${status})`,
    );
    services.db = handle.services.db;
    kit.check(
      (await health()) === 503,
      "/healthz stays 503 just after the disk was full (recent storage failure)",
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
  }
}
