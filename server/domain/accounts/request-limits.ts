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

/** The pages' limiters, built once per Services (so per test harness) and shared by every page route. */
const pageLimitersByServices = new WeakMap<Services, Record<RequestKind, RateLimiter>>();

function limiterFor(services: Services, kind: RequestKind): RateLimiter {
  let limiters = pageLimitersByServices.get(services);
  if (!limiters) {
    limiters = createRequestLimiters(services, "page", () => services.clock.now().getTime());
    pageLimitersByServices.set(services, limiters);
  }
  return limiters[kind];
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
 * One limiter per kind under the per-IP limits, named `<owner>-<kind>` so the pages' counts and
 * the JSON API's (`api-<kind>`) stay apart in the shared store. `now` is the limits' clock in
 * milliseconds: the real one unless a test brings its own.
 */
function createRequestLimiters(
  services: Services,
  owner: "page" | "api",
  now?: () => number,
): Record<RequestKind, RateLimiter> {
  const limiter = (kind: RequestKind) =>
    createRateLimiter({
      ...PER_IP_LIMITS[kind],
      name: `${owner}-${kind}`,
      now,
      store: services.rateLimits,
    });
  return { read: limiter("read"), write: limiter("write"), redeem: limiter("redeem") };
}

/** The JSON API's limiters, counted apart from the pages' under the same per-IP limits. */
export function createApiRequestLimiters(
  services: Services,
  now?: () => number,
): Record<RequestKind, RateLimiter> {
  return createRequestLimiters(services, "api", now);
}
