import { createRateLimiter, type RateLimiter } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";

/** What a limiter needs beside the services: its unique name and its limit. */
export type LimiterSpec = { name: string; points: number; durationSeconds: number };

export type BuildLimiter = (spec: LimiterSpec) => RateLimiter;

/**
 * A set of the domain's rate limiters, built once per Services (so per test harness): windows on
 * the services' clock, counts in the services' rate-limit store (PostgreSQL when instances share
 * it, so a limit holds however the load balancer spreads the requests).
 */
export function limitersPerServices<Limiters>(
  build: (limiter: BuildLimiter, services: Services) => Limiters,
): (services: Services) => Limiters {
  const built = new WeakMap<Services, Limiters>();
  return (services) => {
    let limiters = built.get(services);
    if (!limiters) {
      const now = () => services.clock.now().getTime();
      limiters = build(
        (spec) => createRateLimiter({ ...spec, now, store: services.rateLimits }),
        services,
      );
      built.set(services, limiters);
    }
    return limiters;
  };
}
