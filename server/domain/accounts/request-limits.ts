import { createRateLimiter, type RateLimiter } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { RateLimited } from "../common/errors";

/**
 * Requests one IP address may make a minute, by kind: the JSON API counts every action in its
 * class, and the pages' own writes that the API also offers count the same way, so a page form
 * is no way around the API's limit. Windows are a minute on the services' clock; counts live in
 * the services' rate-limit store (PostgreSQL when instances share it).
 */
export const PER_IP_LIMITS = {
  read: { points: 300, durationSeconds: 60 },
  write: { points: 30, durationSeconds: 60 },
  redeem: { points: 10, durationSeconds: 60 },
} as const;

export type RequestKind = keyof typeof PER_IP_LIMITS;

export const TOO_MANY_REQUESTS = "Too many requests. Please slow down.";

/** One limiter per kind and Services (so per test harness), shared by every page route. */
const limitersByServices = new WeakMap<Services, Map<RequestKind, RateLimiter>>();

function limiterFor(services: Services, kind: RequestKind): RateLimiter {
  let limiters = limitersByServices.get(services);
  if (!limiters) {
    limiters = new Map();
    limitersByServices.set(services, limiters);
  }
  let limiter = limiters.get(kind);
  if (!limiter) {
    limiter = createRateLimiter({
      ...PER_IP_LIMITS[kind],
      name: `page-${kind}`,
      now: () => services.clock.now().getTime(),
      store: services.rateLimits,
    });
    limiters.set(kind, limiter);
  }
  return limiter;
}

/**
 * Counts one page request of `kind` from `ip`; throws RateLimited (429, with the seconds until
 * the next may pass) beyond the kind's limit, before anything is written.
 */
export async function takeRequestFromIp(
  services: Services,
  kind: RequestKind,
  ip: string,
): Promise<void> {
  const hit = await limiterFor(services, kind).consume(`${kind}:${ip}`);
  if (!hit.allowed) throw new RateLimited(TOO_MANY_REQUESTS, hit.retryAfterSeconds);
}

/**
 * The JSON API's limiters, one per kind, counted apart from the pages' (`api-<kind>`) under the
 * same per-IP limits. `now` is the limits' clock in milliseconds: the real one unless a test
 * brings its own.
 */
export function createApiRequestLimiters(
  services: Services,
  now?: () => number,
): Record<RequestKind, RateLimiter> {
  const limiter = (kind: RequestKind) =>
    createRateLimiter({
      ...PER_IP_LIMITS[kind],
      name: `api-${kind}`,
      now,
      store: services.rateLimits,
    });
  return { read: limiter("read"), write: limiter("write"), redeem: limiter("redeem") };
}
