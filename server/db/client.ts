import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The one database type the domain sees: the same queries run on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction(tx => …)` hands its callback: the same queries, inside the transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs (never includes a password). */
  location: string;
  /**
   * The PostgreSQL pool and its address, for what must share the server with the queries
   * (rate-limit counts, LISTEN/NOTIFY); null on the embedded database.
   */
  postgres: { pool: pg.Pool; connectionString: string } | null;
  /**
   * The embedded database's dump of its data directory (a gzipped tar), consistent while the
   * server runs; null on PostgreSQL, which has pg_dump.
   */
  dumpDataDir: (() => Promise<Blob>) | null;
  /**
   * The embedded database's upkeep: PGlite runs PostgreSQL as a single process, with no
   * autovacuum, so nothing else ever gathers the planner's statistics or reclaims rewritten
   * rows. Null on PostgreSQL, whose autovacuum does both.
   */
  upkeep: (() => Promise<void>) | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `listener` with every error a query (or transaction) of this database fails with,
   * whoever ran it: a page action, the API, a worker. The error still reaches the caller.
   */
  onQueryFailure(listener: (error: unknown) => void): void;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data directory image (`dumpDataDir`) to start from instead of an empty cluster. */
  pgliteImage?: Blob;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? "memory://", options.pgliteImage);
}

async function openPglite(dir: string, image?: Blob): Promise<DatabaseHandle> {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: image });
  const failures = createFailureListeners();
  // Drizzle runs every statement through one of these; a transaction's failure leaves it too.
  for (const method of ["query", "exec", "transaction"] as const)
    reportFailuresOf(client, method, failures.report);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    location: dir.startsWith("memory://") ? dir : path.resolve(dir),
    postgres: null,
    dumpDataDir: async () => {
      // PGlite runs one query at a time and dumps between two of them; the checkpoint first
      // writes everything to the data files, so the image needs little WAL replay to open.
      await client.query("CHECKPOINT");
      return client.dumpDataDir("gzip");
    },
    upkeep: async () => {
      await client.query("VACUUM (ANALYZE)");
    },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    onQueryFailure: failures.add,
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => undefined);
  // Nor may a checked-out one: the pool stops listening while a client is lent (a transaction,
  // a job's advisory lock), and PostgreSQL's "terminating connection" between two queries would
  // otherwise be an unhandled 'error' event. The query in flight still fails with it, and the
  // pool discards the broken client when it comes back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const failures = createFailureListeners();
  // Every query, pooled or in a transaction, runs on one of the pool's clients.
  pool.on("connect", (client) => reportFailuresOf(client, "query", failures.report, true));
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
  const url = new URL(connectionString);
  return {
    db,
    kind: "postgres",
    location: `${url.hostname}:${url.port || "5432"}${url.pathname}`,
    postgres: { pool, connectionString },
    dumpDataDir: null,
    upkeep: null,
    migrate: () =>
      whileHoldingMigrationLock(connectionString, () =>
        migrateNodePostgres(drizzleNodePostgres({ client: pool, schema }), { migrationsFolder }),
      ),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await untilPoolIdle(pool, CLOSE_DRAIN_MS);
      await pool.end();
    },
    onQueryFailure: failures.add,
  };
}

/** How long closing waits for queries still running; then it closes anyway. */
const CLOSE_DRAIN_MS = 2_000;

/**
 * Waits until no client is lent out and nobody waits for one, seen twice in a row (a request
 * between two of its queries holds no client for a moment). When the server stops, the last
 * socket can close while handlers are still querying — a client that gave up mid-request — and
 * a query asked of an ended pool fails ("Cannot use a pool after calling end on the pool").
 */
async function untilPoolIdle(pool: pg.Pool, limitMs: number): Promise<void> {
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
  const deadline = Date.now() + limitMs;
  let idleChecks = 0;
  while (idleChecks < 2 && Date.now() < deadline) {
    idleChecks = busy() ? 0 : idleChecks + 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Advisory-lock key of migrations ("KKMG"). */
const MIGRATION_LOCK_KEY = 0x4b4b4d47;

/**
 * Instances (and the workers of one `npm start`) start together on one PostgreSQL database;
 * drizzle's migrator takes no lock, so two of them would apply the same migration at once and one
 * would fail. The session lock, held on a connection of its own, makes the others wait until the
 * first has migrated; they then find nothing left to do.
 */
async function whileHoldingMigrationLock(
  connectionString: string,
  work: () => Promise<void>,
): Promise<void> {
  // A client of its own, not one of the pool's: the migrator needs the pool, however small.
  const connection = new pg.Client({ connectionString });
  connection.on("error", () => undefined);
  await connection.connect();
  try {
    await connection.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    await work();
  } finally {
    // Ending the session frees the lock, also when the work failed.
    await connection.end().catch(() => undefined);
  }
}

function createFailureListeners() {
  const listeners: Array<(error: unknown) => void> = [];
  return {
    add: (listener: (error: unknown) => void) => void listeners.push(listener),
    report: (error: unknown) => {
      for (const listener of listeners) listener(error);
    },
  };
}

/**
 * Wraps `target[method]` so that its failures are reported, then passed on unchanged: a rejected
 * promise, or, with `nodeCallback` (pg's pool queries its clients that way), an error handed to
 * the callback that ends the arguments.
 */
function reportFailuresOf<T extends object>(
  target: T,
  method: keyof T & string,
  report: (error: unknown) => void,
  nodeCallback = false,
): void {
  const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
  const wrapped = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (nodeCallback && typeof callback === "function") {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) report(error);
        return (callback as (...values: unknown[]) => unknown)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) result.catch(report);
    return result;
  };
  (target as Record<string, unknown>)[method] = wrapped;
}
