import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Services } from "../services";
import { LimitReached } from "./errors";

/** Sign-ins per minute from one IP address, and for one e-mail address. */
export const SIGN_IN_LIMITS = { perIp: 10, perAddress: 5, windowSeconds: 60 };

export const TOO_MANY_SIGN_INS_MESSAGE = "Too many sign-in attempts. Please try again in a minute.";

export class TooManySignIns extends LimitReached {
  override name = "TooManySignIns";
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY_SIGN_INS_MESSAGE);
  }
}

type Limiters = { perIp: RateLimiterMemory; perAddress: RateLimiterMemory };
const limitersByServices = new WeakMap<Services, Limiters>();

function limitersFor(services: Services): Limiters {
  let limiters = limitersByServices.get(services);
  if (!limiters) {
    const duration = SIGN_IN_LIMITS.windowSeconds;
    limiters = {
      perIp: new RateLimiterMemory({ points: SIGN_IN_LIMITS.perIp, duration }),
      perAddress: new RateLimiterMemory({ points: SIGN_IN_LIMITS.perAddress, duration }),
    };
    limitersByServices.set(services, limiters);
  }
  return limiters;
}

/**
 * Every sign-in creates a 30-day session row: one IP address or one e-mail address may sign in
 * only a few times a minute. Counted before the session is made, so a refused attempt leaves
 * nothing behind; throws TooManySignIns (429) with the seconds until the next attempt may pass.
 */
export async function takeSignInAttempt(
  services: Services,
  attempt: { ip: string; email?: string },
): Promise<void> {
  const limiters = limitersFor(services);
  await consume(limiters.perIp, `ip:${attempt.ip}`);
  if (attempt.email)
    await consume(limiters.perAddress, `email:${attempt.email.trim().toLowerCase()}`);
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    throw new TooManySignIns(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
  }
}
