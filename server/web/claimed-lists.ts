import { createHash } from "node:crypto";
import type express from "express";
import { parseCourseFilters } from "../../core/course-filters";
import { pathWithoutLocale } from "../../core/locale";
import { PREFERENCE_MAX_AGE_SECONDS } from "../../core/preference-cookie";
import { findSessionUser } from "../domain/accounts/accounts";
import { hasClaimedCourses } from "../domain/catalog/claims";
import type { Services } from "../services";
import { isSessionIdShaped } from "./client-credentials";
import { parseCookies, serializeCookie, SESSION_COOKIE } from "./cookies";
import { queryOf } from "./shared-addresses";

/**
 * A signed-in learner's course list hides the courses they already claimed. Their first page is
 * the shared page with their own list in their layer; a later page shows other courses than the
 * shared one, so once they have a claim it is rendered for them (decision 0043). Which learners
 * have claims is noted on the device in this cookie, for its session only ("<session tag>.1"),
 * so a later page costs a signed-in learner without claims no query after the first:
 * - ".1" once they have claimed a course (an opening, a mark, a move on this device say so at
 *   once): claims are never taken back, so it is kept as long as a preference;
 * - ".0" while they have none, asked again after a few minutes (a course claimed on another
 *   device then leaves this device's list too).
 * Only a hint of where to render: the list itself always asks the database whose claims to hide.
 */
export const CLAIMS_HINT_COOKIE = "kk_claims";
const NO_CLAIMS_RECHECK_SECONDS = 300;
/** Where the middleware notes that this request's list is rendered for its learner. */
const OWN_LIST_LOCAL = "rendersOwnList";

function sessionTag(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url").slice(0, 16);
}

export function claimsHintCookie(sessionId: string, hasClaims: boolean, secure: boolean): string {
  return serializeCookie(CLAIMS_HINT_COOKIE, `${sessionTag(sessionId)}.${hasClaims ? 1 : 0}`, {
    maxAgeSeconds: hasClaims ? PREFERENCE_MAX_AGE_SECONDS : NO_CLAIMS_RECHECK_SECONDS,
    secure,
  });
}

/** The hint "this session's learner has claims" for a request's session, if it has one. */
export function claimedHintFor(cookieHeader: string | undefined | null, secure: boolean) {
  const sessionId = parseCookies(cookieHeader).get(SESSION_COOKIE);
  return isSessionIdShaped(sessionId) ? claimsHintCookie(sessionId, true, secure) : null;
}

/** What the device's hint says for this session: true, false, or null (no hint for it). */
function readHint(cookies: Map<string, string>, sessionId: string): boolean | null {
  const [tag, bit] = (cookies.get(CLAIMS_HINT_COOKIE) ?? "").split(".");
  if (tag !== sessionTag(sessionId)) return null;
  return bit === "1";
}

/**
 * Before the shared pages: a later page of the course list of a signed-in learner with claimed
 * courses is marked to be rendered for them (rendersOwnList), since it shows other courses than
 * the shared one. Their first page is the shared page with their own list in their personal
 * layer (server/domain/accounts/personal-layer.ts), as is a list that shows claimed courses.
 */
export function renderClaimedListsOwn(services: Services): express.RequestHandler {
  return async (request, response, next) => {
    try {
      if (request.method !== "GET" || pathWithoutLocale(request.path) !== "/") return next();
      const cookies = parseCookies(request.headers.cookie);
      const sessionId = cookies.get(SESSION_COOKIE);
      if (!isSessionIdShaped(sessionId)) return next();
      const filters = parseCourseFilters(queryOf(request));
      if (filters.page === 1 || filters.showClaimed) return next();
      let hasClaims = readHint(cookies, sessionId);
      if (hasClaims === null) {
        const user = await findSessionUser(services, sessionId);
        if (!user) return next();
        hasClaims = await hasClaimedCourses(services, user.id);
        const secure = services.config.publicSiteUrl.startsWith("https://");
        response.append("Set-Cookie", claimsHintCookie(sessionId, hasClaims, secure));
      }
      if (hasClaims) response.locals[OWN_LIST_LOCAL] = true;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Whether renderClaimedListsOwn marked this request's list to be rendered for its learner. */
export function rendersOwnList(request: express.Request): boolean {
  return request.res?.locals[OWN_LIST_LOCAL] === true;
}
