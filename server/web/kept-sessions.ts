import type express from "express";
import { findSessionUser } from "../domain/accounts/accounts";
import type { Services } from "../services";
import { isSessionIdShaped } from "./client-credentials";
import { parseCookies, SESSION_COOKIE } from "./cookies";
import { createVisitorLayers } from "./visitor-layers";

/**
 * Which account a session cookie belongs to, kept in memory for the money path (GET /go/…), where
 * reading the session and its user was the costliest of the open's questions to the database
 * (1.9 ms of CPU of about 5 on the embedded one).
 *
 * A session belongs to its account until it is signed out or the operator changes accounts, so
 * unlike a visitor's layer, an account's own writes (an open is one) do not forget it. Forgotten:
 * on sign-in, sign-out and the operator's writes, on every instance; at the end of the Jakarta
 * day (reading the session again is what gives the day's credits); after `ttlMs` at the latest
 * (a session that expired meanwhile opens for at most that long after its end; an account gone
 * meanwhile is refused by the open itself).
 */
export type KeptSessions = {
  /** The account the request's session cookie belongs to, null for none (or no valid session). */
  accountOf(request: express.Request): Promise<string | null>;
  /** What forgetVisitorLayersAfterWrites calls: only a change of who a cookie is forgets. */
  forgetting: { forgetSubject(subject: string): void; forgetAll(): void };
};

export function createKeptSessions(services: Services, ttlMs: number): KeptSessions {
  const kept = createVisitorLayers<string, "account", string>({
    credentialOf: sessionIdOf,
    load: async (request) => {
      const sessionId = sessionIdOf(request);
      const user = sessionId === null ? null : await findSessionUser(services, sessionId);
      return user ? { subject: user.id, facts: user.id } : null;
    },
    endingOf: async (userId) => userId,
    today: () => services.clock.today(),
    now: () => services.clock.now().getTime(),
    ttlMs,
  });
  return {
    accountOf: (request) => kept.endingFor(request, "account"),
    forgetting: { forgetSubject: () => {}, forgetAll: () => kept.forgetAll() },
  };
}

/**
 * The session cookie of a request when it is what says who asks: never beside an Authorization
 * header (the token alone speaks then), and only when it has a session id's shape.
 */
export function sessionIdOf(request: express.Request): string | null {
  if (request.headers.authorization !== undefined) return null;
  const sessionId = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
  return isSessionIdShaped(sessionId) ? sessionId : null;
}
