import { createRateLimiter, type RateLimiter } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { RateLimited } from "../common/errors";

const WINDOW_SECONDS = 60;

export const TOO_MANY_SIGN_INS_MESSAGE = "Too many sign-in attempts. Please try again in a minute.";

export class TooManySignIns extends RateLimited {
  override name = "TooManySignIns";
  constructor(retryAfterSeconds: number) {
    super(TOO_MANY_SIGN_INS_MESSAGE, retryAfterSeconds);
  }
}

type Limiters = { perIp: RateLimiter; perAddress: RateLimiter };
/** One-minute windows on the services' clock, one set per Services (so per test harness). */
const limitersByServices = new WeakMap<Services, Limiters>();

function limitersFor(services: Services): Limiters {
  let limiters = limitersByServices.get(services);
  if (!limiters) {
    const now = () => services.clock.now().getTime();
    // Sign-ins a minute from one IP address and for one e-mail address (SIGN_INS_PER_*).
    const { perIp, perAddress } = services.config.auth.signInsPerMinute;
    const durationSeconds = WINDOW_SECONDS;
    limiters = {
      perIp: createRateLimiter({
        name: "sign-in-ip",
        points: perIp,
        durationSeconds,
        now,
        store: services.rateLimits,
      }),
      perAddress: createRateLimiter({
        name: "sign-in-address",
        points: perAddress,
        durationSeconds,
        now,
        store: services.rateLimits,
      }),
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
  await take(limiters.perIp, `ip:${attempt.ip}`);
  if (attempt.email) await take(limiters.perAddress, `email:${attempt.email.trim().toLowerCase()}`);
}

async function take(limiter: RateLimiter, key: string): Promise<void> {
  const hit = await limiter.consume(key);
  if (!hit.allowed) throw new TooManySignIns(hit.retryAfterSeconds);
}
