import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { and, eq, inArray } from "drizzle-orm";
import { ALERT_TEXTS } from "../../../core/alert-rules";
import { alertChannels, alertDeliveries } from "../../db/schema";
import type { Services } from "../../services";
import { ValidationError } from "../common/errors";

/** What an unsubscribe token is for: only this audience is accepted. */
const AUDIENCE = "kursusku:alerts:unsubscribe";

/**
 * The key of unsubscribe tokens: derived from the session secret (HMAC with a purpose label),
 * so it is never the key that signs cookies, and it is the same on every instance.
 */
function tokenKey(services: Services): Uint8Array {
  return createHmac("sha256", services.sessionSecret).update("alerts-unsubscribe-v1").digest();
}

/**
 * A token for an e-mail's one-click unsubscribe link (an HS256 JWT: the user and the channel).
 * It does not expire: a link in an old e-mail must still work, and all it can do is switch
 * that user's alert e-mails off.
 */
export async function signUnsubscribeToken(services: Services, userId: string): Promise<string> {
  return new SignJWT({ channel: "email" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(services.clock.now().getTime() / 1000))
    .sign(tokenKey(services));
}

/** The user a token names, or ValidationError (400) for a forged, altered or foreign token. */
export async function readUnsubscribeToken(services: Services, token: string): Promise<string> {
  if (token.length === 0 || token.length > 1000) {
    throw new ValidationError(ALERT_TEXTS.badUnsubscribeLink);
  }
  try {
    const { payload } = await jwtVerify(token, tokenKey(services), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    if (typeof payload.sub !== "string" || payload.channel !== "email") throw new Error("shape");
    return payload.sub;
  } catch {
    throw new ValidationError(ALERT_TEXTS.badUnsubscribeLink);
  }
}

/**
 * Switches a user's alert e-mails off from a link, without signing in (RFC 8058 one-click, or
 * the confirmation page's button). Deliveries waiting for e-mail are cancelled. Unsubscribing
 * twice is the same as once.
 */
export async function unsubscribeByToken(services: Services, token: string): Promise<void> {
  const userId = await readUnsubscribeToken(services, token);
  const note = unsubscribedNote(services.clock.today());
  await services.db.transaction(async (tx) => {
    await tx
      .update(alertChannels)
      .set({ emailEnabled: false, emailNote: note, updatedAt: services.clock.now() })
      .where(and(eq(alertChannels.userId, userId), eq(alertChannels.emailEnabled, true)));
    await tx
      .update(alertDeliveries)
      .set({ status: "cancelled", claimToken: null })
      .where(
        and(
          eq(alertDeliveries.userId, userId),
          eq(alertDeliveries.channel, "email"),
          inArray(alertDeliveries.status, ["pending"]),
        ),
      );
  });
}

/** The note the Alerts tab shows after a one-click unsubscribe (translated where it is shown). */
export function unsubscribedNote(day: string): string {
  return `You unsubscribed from alert e-mails on ${day}.`;
}
