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
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? "memory://");
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    location: dir.startsWith("memory://") ? dir : path.resolve(dir),
    postgres: null,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
  const url = new URL(connectionString);
  return {
    db,
    kind: "postgres",
    location: `${url.hostname}:${url.port || "5432"}${url.pathname}`,
    postgres: { pool, connectionString },
    migrate: () =>
      whileHoldingMigrationLock(connectionString, () =>
        migrateNodePostgres(drizzleNodePostgres({ client: pool, schema }), { migrationsFolder }),
      ),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
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
