import { createRateLimiter, type RateLimiter } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { RateLimited } from "../common/errors";
import { limitersPerServices, type BuildLimiter } from "../common/service-limiters";

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

/** The pages' limiters, shared by every page route. */
const pageLimiters = limitersPerServices((limiter) => perIpLimiters("page", limiter));

/**
 * Counts one page request of `kind` from `ip`; throws RateLimited (429, with the seconds until
 * the next may pass) beyond the kind's limit, before anything is written.
 */
export async function takeRequestFromIp(
  services: Services,
  kind: RequestKind,
  ip: string,
): Promise<void> {
  const hit = await pageLimiters(services)[kind].consume(`${kind}:${ip}`);
  if (!hit.allowed) throw new RateLimited(TOO_MANY_REQUESTS, hit.retryAfterSeconds);
}

/**
 * One limiter per kind under the per-IP limits, named `<owner>-<kind>` so the pages' counts and
 * the JSON API's (`api-<kind>`) stay apart in the shared store.
 */
function perIpLimiters(
  owner: "page" | "api",
  limiter: BuildLimiter,
): Record<RequestKind, RateLimiter> {
  const perKind = (kind: RequestKind) =>
    limiter({ ...PER_IP_LIMITS[kind], name: `${owner}-${kind}` });
  return { read: perKind("read"), write: perKind("write"), redeem: perKind("redeem") };
}

/**
 * The JSON API's limiters, counted apart from the pages' under the same per-IP limits. `now` is
 * the limits' clock in milliseconds: the real one unless a test brings its own.
 */
export function createApiRequestLimiters(
  services: Services,
  now?: () => number,
): Record<RequestKind, RateLimiter> {
  return perIpLimiters("api", (spec) =>
    createRateLimiter({ ...spec, now, store: services.rateLimits }),
  );
}
