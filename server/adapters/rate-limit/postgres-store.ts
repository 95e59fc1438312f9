import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import type { RateLimitStore } from "./rate-limiter";

/** The table of migration 0008, in the shape RateLimiterPostgres expects. */
const TABLE = "rate_limits";

/**
 * Rate-limit counts in PostgreSQL, shared by every instance on the same database: a client that
 * spreads its requests over instances is stopped at the same count as on one. Each hit is one
 * atomic upsert (rate-limiter-flexible's RateLimiterPostgres); the table comes from our migrations,
 * so instances starting together never race to create it.
 *
 * While PostgreSQL cannot be reached (a restart, a failover) each instance counts in its own memory
 * instead of failing the request: the limits then hold per instance for those seconds, which is
 * better than answering 500 to everybody. The pages behind the limits need the database anyway.
 */
export function createPostgresRateLimitStore(pool: pg.Pool): RateLimitStore {
  return ({ name, points, duration }) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: name,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    });
}
