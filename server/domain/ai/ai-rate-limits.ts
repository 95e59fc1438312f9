import { AI_MESSAGES } from "../../../core/ai-schemas";
import {
  consumeAll,
  createRateLimiter,
  type RateLimiter,
} from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { viewerSubject, type RequestIdentity } from "../accounts/accounts";
import { RateLimited } from "../common/errors";

/** Who is asking, for the rate limits: the request identity plus the client's IP. */
export type AiRequester = Pick<RequestIdentity, "user" | "anonymousId"> & { ip: string };

export const AI_RATE_LIMITS = {
  windowMs: 60_000,
  /** Generous per IP: Indonesian mobile carriers put many people behind one address. */
  perIp: 60,
  perViewer: 20,
} as const;

type AiLimiters = { perIp: RateLimiter; perViewer: RateLimiter };

/** One-minute windows on the services' clock, one set per Services (so per test harness). */
const limitersOf = new WeakMap<Services, AiLimiters>();

function aiLimiters(services: Services): AiLimiters {
  let limiters = limitersOf.get(services);
  if (!limiters) {
    const now = () => services.clock.now().getTime();
    const durationSeconds = AI_RATE_LIMITS.windowMs / 1000;
    limiters = {
      perIp: createRateLimiter({
        name: "ai-ip",
        points: AI_RATE_LIMITS.perIp,
        durationSeconds,
        now,
        store: services.rateLimits,
      }),
      perViewer: createRateLimiter({
        name: "ai-viewer",
        points: AI_RATE_LIMITS.perViewer,
        durationSeconds,
        now,
        store: services.rateLimits,
      }),
    };
    limitersOf.set(services, limiters);
  }
  return limiters;
}

/**
 * Counts one AI request against the client's IP and the viewer, or throws RateLimited without
 * counting either.
 */
export async function takeAiRateLimit(services: Services, requester: AiRequester): Promise<void> {
  const limiters = aiLimiters(services);
  const subject = viewerSubject(requester);
  const hits = [{ limiter: limiters.perIp, key: `ip:${requester.ip}` }];
  if (subject) hits.push({ limiter: limiters.perViewer, key: `viewer:${subject}` });
  const decision = await consumeAll(hits);
  if (!decision.allowed) throw new RateLimited(AI_MESSAGES.rateLimited, decision.retryAfterSeconds);
}
