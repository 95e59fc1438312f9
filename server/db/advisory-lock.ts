import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * A PostgreSQL session-level advisory lock held for the length of a job, so that two processes
 * on one database (two server instances, a server and a CLI) never run the job at once.
 *
 * On PostgreSQL the lock lives on one pooled connection, taken out of the pool until release
 * (a crash closes the connection and so frees the lock). PGlite has a single session per process,
 * where advisory locks are re-entrant: there it only guards against other sessions, and callers
 * must add an in-process guard (see `tryJobLock`).
 */
export type AdvisoryLock = { release(): Promise<void> };

type PoolClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  release(error?: Error | boolean): void;
};
type Pool = { connect(): Promise<PoolClient> };

function poolOf(db: Database): Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client !== null &&
    typeof client === "object" &&
    typeof (client as Partial<Pool>).connect === "function"
    ? (client as Pool)
    : null;
}

export async function tryAdvisoryLock(db: Database, key: number): Promise<AdvisoryLock | null> {
  const pool = poolOf(db);
  if (pool) {
    const connection = await pool.connect();
    let locked = false;
    try {
      const result = await connection.query("select pg_try_advisory_lock($1::bigint) as locked", [
        key,
      ]);
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      connection.release(error as Error);
      throw error;
    }
    if (!locked) {
      connection.release();
      return null;
    }
    return {
      release: async () => {
        try {
          await connection.query("select pg_advisory_unlock($1::bigint)", [key]);
          connection.release();
        } catch (error) {
          // Destroying the connection ends the session, which frees the lock anyway.
          connection.release(error as Error);
        }
      },
    };
  }
  const result = (await db.execute(
    sql`select pg_try_advisory_lock(${key}::bigint) as locked`,
  )) as unknown as { rows: Array<{ locked: boolean }> };
  if (result.rows[0]?.locked !== true) return null;
  return {
    release: async () => {
      await db.execute(sql`select pg_advisory_unlock(${key}::bigint)`);
    },
  };
}

/** Jobs running in this process, per database client (PGlite's one session needs this). */
const runningHere = new WeakMap<object, Set<number>>();

/**
 * Takes the job's lock: null when the job already runs in this process or (through the advisory
 * lock) in any other process on the same database.
 */
export async function tryJobLock(db: Database, key: number): Promise<AdvisoryLock | null> {
  const owner = ((db as unknown as { $client?: object }).$client ?? db) as object;
  const keys = runningHere.get(owner) ?? new Set<number>();
  runningHere.set(owner, keys);
  if (keys.has(key)) return null;
  keys.add(key);
  try {
    const lock = await tryAdvisoryLock(db, key);
    if (!lock) {
      keys.delete(key);
      return null;
    }
    return {
      release: async () => {
        try {
          await lock.release();
        } finally {
          keys.delete(key);
        }
      },
    };
  } catch (error) {
    keys.delete(key);
    throw error;
  }
}
