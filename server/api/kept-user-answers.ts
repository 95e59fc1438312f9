import type { UserRow } from "../db/schema";
import { findSessionUser } from "../domain/accounts/accounts";
import { getUserProfile } from "../domain/accounts/profile";
import type { Services } from "../services";
import { sessionIdOf } from "../web/kept-sessions";
import { createVisitorLayers, premiumEndOf, type VisitorLayers } from "../web/visitor-layers";
import { sharedAnswerOf, type SharedAnswer } from "./public-reads";

/** The signed-in reads kept per session; only getUser for now. */
export type KeptUserRead = "getUser";

/**
 * getUser for a signed-in session, answered as fast as a signed-in page: the answer (JSON, gzip
 * and ETag) is kept per session cookie by the same rules as a visitor's personal layer
 * (visitor-layers.ts). It is forgotten when the account writes anything on any device, on
 * sign-in, sign-out and the operator's writes, at the end of the Jakarta day (the daily credits),
 * when premium time runs out, when the catalogue changes (the history's titles), and at the
 * latest after `ttlMs`. An app polling its user gets a 304 while nothing changed.
 *
 * A request with an Authorization header (an app's Google ID token) is not kept: its token is
 * checked on every request, as it expires on its own clock.
 */
export type KeptUserAnswers = VisitorLayers<KeptUserRead, SharedAnswer>;

export function createKeptUserAnswers(services: Services, ttlMs: number): KeptUserAnswers {
  const answers = createVisitorLayers<UserRow, KeptUserRead, SharedAnswer>({
    credentialOf: sessionIdOf,
    load: async (request) => {
      const sessionId = sessionIdOf(request);
      const user = sessionId === null ? null : await findSessionUser(services, sessionId);
      if (!user) return null;
      return {
        subject: user.id,
        facts: user,
        trueUntil: premiumEndOf(user, services.clock.now().getTime()),
      };
    },
    endingOf: async (user) =>
      sharedAnswerOf({ result: await getUserProfile(services, user), headers: new Map() }),
    today: () => services.clock.today(),
    now: () => services.clock.now().getTime(),
    ttlMs,
  });
  services.cache.onForget(() => answers.forgetEndings());
  return answers;
}
