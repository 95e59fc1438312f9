import type { RateLimiter } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { RateLimited } from "../common/errors";
import { limitersPerServices } from "../common/service-limiters";

const WINDOW_SECONDS = 60;

export const TOO_MANY_SIGN_INS_MESSAGE = "Too many sign-in attempts. Please try again in a minute.";

export class TooManySignIns extends RateLimited {
  override name = "TooManySignIns";
  constructor(retryAfterSeconds: number) {
    super(TOO_MANY_SIGN_INS_MESSAGE, retryAfterSeconds);
  }
}

/** One-minute windows: sign-ins a minute from one IP address and for one e-mail address (SIGN_INS_PER_*). */
const limitersFor = limitersPerServices((limiter, services) => {
  const { perIp, perAddress } = services.config.auth.signInsPerMinute;
  return {
    perIp: limiter({ name: "sign-in-ip", points: perIp, durationSeconds: WINDOW_SECONDS }),
    perAddress: limiter({
      name: "sign-in-address",
      points: perAddress,
      durationSeconds: WINDOW_SECONDS,
    }),
  };
});

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
