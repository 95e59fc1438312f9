import { AI_MESSAGES } from "../../../core/ai-schemas";
import { consumeAll } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { viewerSubject, type RequestIdentity } from "../accounts/accounts";
import { RateLimited } from "../common/errors";
import { limitersPerServices } from "../common/service-limiters";

/** Who is asking, for the rate limits: the request identity plus the client's IP. */
export type AiRequester = Pick<RequestIdentity, "user" | "anonymousId"> & { ip: string };

export const AI_RATE_LIMITS = {
  windowMs: 60_000,
  /** Generous per IP: Indonesian mobile carriers put many people behind one address. */
  perIp: 60,
  perViewer: 20,
} as const;

/** One-minute windows per IP address and per viewer. */
const aiLimiters = limitersPerServices((limiter) => {
  const durationSeconds = AI_RATE_LIMITS.windowMs / 1000;
  return {
    perIp: limiter({ name: "ai-ip", points: AI_RATE_LIMITS.perIp, durationSeconds }),
    perViewer: limiter({ name: "ai-viewer", points: AI_RATE_LIMITS.perViewer, durationSeconds }),
  };
});

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
