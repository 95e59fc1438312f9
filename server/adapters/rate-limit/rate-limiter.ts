import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * The one rate limiter of the server (the JSON API, the AI tasks and sign-ins), backed by
 * rate-limiter-flexible. Windows are fixed and aligned to the clock: a one-minute window runs
 * from :00 to :00, whoever came first, so every process and every store agrees on them and a
 * test clock can move them. Each window is its own key in the store, kept for one window length.
 *
 * `store` builds the rate-limiter-flexible limiter that keeps the counts: memory on the embedded
 * database (one process owns it), PostgreSQL when instances share a PostgreSQL server, so a limit
 * holds however the load balancer spreads the requests (postgres-store.ts). Every limiter has a
 * name, unique in the server: it prefixes the keys, so limiters sharing one store never share counts.
 */

export type RateLimitDecision = {
  allowed: boolean;
  /** Seconds until the window ends when refused (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
};

export type RateLimitHit = RateLimitDecision & {
  /** Gives the point back (to the window it was taken from). */
  refund(): Promise<void>;
};

export type RateLimiter = {
  /** Counts one hit for `key` in the current window. */
  consume(key: string): Promise<RateLimitHit>;
};

/** Builds the rate-limiter-flexible limiter that stores the counts of the limiter `name`. */
export type RateLimitStore = (options: {
  name: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryStore: RateLimitStore = ({ name, points, duration }) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration });

export type RateLimiterOptions = {
  /** Unique in the server ("api-read", "sign-in-ip"…): keeps its keys apart in a shared store. */
  name: string;
  /** Hits allowed per key in one window. */
  points: number;
  durationSeconds: number;
  /** Milliseconds since the epoch; the real clock unless told otherwise. */
  now?: () => number;
  store?: RateLimitStore;
};

export function createRateLimiter({
  name,
  points,
  durationSeconds,
  now = Date.now,
  store = memoryStore,
}: RateLimiterOptions): RateLimiter {
  const counts = store({ name, points, duration: durationSeconds });
  const windowMs = durationSeconds * 1000;
  return {
    async consume(key) {
      const instant = now();
      const windowStart = Math.floor(instant / windowMs) * windowMs;
      const windowKey = `${key}@${windowStart}`;
      const refund = async () => {
        await counts.reward(windowKey, 1);
      };
      try {
        await counts.consume(windowKey, 1);
        return { allowed: true, retryAfterSeconds: 0, refund };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - instant) / 1000));
        return { allowed: false, retryAfterSeconds, refund };
      }
    },
  };
}

/**
 * Counts one hit for every (limiter, key) pair, or none of them when any refuses: a client
 * turned away by one limit does not use up its share of another.
 */
export async function consumeAll(
  hits: ReadonlyArray<{ limiter: RateLimiter; key: string }>,
): Promise<RateLimitDecision> {
  const taken: RateLimitHit[] = [];
  for (const { limiter, key } of hits) {
    const hit = await limiter.consume(key);
    if (!hit.allowed) {
      await Promise.all([hit, ...taken].map((each) => each.refund()));
      return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
    }
    taken.push(hit);
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
