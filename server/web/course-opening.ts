import type express from "express";
import { isbot } from "isbot";
import { parseRowId } from "../../core/row-id";
import { viewerSubject } from "../domain/accounts/accounts";
import { openCourse, type CourseOpener } from "../domain/accounts/credits";
import { findOpenableCourse } from "../domain/accounts/openable-courses";
import { DomainError, NotFound } from "../domain/common/errors";
import type { Services } from "../services";
import { claimedHintFor } from "./claimed-lists";
import { ANONYMOUS_COOKIE, parseCookies, verifyAnonymousCookie } from "./cookies";
import type { KeptSessions } from "./kept-sessions";
import { judgeNavigation } from "./navigation-gate";
import { MISSING_COURSE_OPENING_PATH } from "./shared-addresses";
import { WRITER_SUBJECT_LOCAL } from "./visitor-layers";

/** Where a refused opening waits for the /go route to show it (`response.locals`). */
export const REFUSED_OPENING_LOCAL = "refusedOpening";

/** An opening tried here and refused (no credit, coupon ended, unknown course…). */
export type RefusedOpening = { courseId: number; error: DomainError };

const GO_PATH = /^\/go\/([^/.]+)$/;
/** A redirect to a coupon is for this visitor, this once. */
const NOT_STORED = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /go/:courseId, clicked by a signed-in user or a returning visitor: the money path, and the
 * request a popular coupon brings by the thousand. It is answered here, before React Router, with
 * the least a safe spend needs: who the cookies say the visitor is (a session's account is kept
 * in memory, kept-sessions.ts), the course (kept while listed), and the spend, written with the
 * opens that arrive with it (user-openings.ts), then the redirect. No page is rendered, no viewer
 * summary read; only the visitor's own kept layer is forgotten (visitor-layers.ts).
 *
 * Everything else goes on to the /go route (app/routes/go.tsx), which owns the rules for it: a
 * crawler, a navigation the gate does not let spend, a Bearer client, a new visitor (who gets a
 * cookie there). A refusal is handed to that route in `response.locals` to be shown, not tried
 * again. An id that names no course, whoever asks, is answered with the one shared not-found page.
 */
export function openCoursesFirst(
  services: Services,
  keptSessions: KeptSessions,
): express.RequestHandler {
  return (request, response, next) => {
    const idInPath = request.method === "GET" ? GO_PATH.exec(request.path)?.[1] : undefined;
    if (idInPath === undefined || !mayOpenHere(request)) {
      next();
      return;
    }
    // Every id that names no course gets one page, rendered once and shared
    // (shared-addresses.ts): a flood of made-up ids costs no render and no transaction each.
    const answerMissingCourse = () => {
      request.url = MISSING_COURSE_OPENING_PATH;
      next();
    };
    const courseId = parseRowId(idInPath);
    if (courseId === null) {
      answerMissingCourse();
      return;
    }
    open(services, keptSessions, request, response, courseId).then(
      (handled) => {
        if (!handled) next();
      },
      (error: unknown) => {
        if (!(error instanceof DomainError)) next(error);
        else if (error instanceof NotFound) answerMissingCourse();
        else {
          const refused: RefusedOpening = { courseId, error };
          response.locals[REFUSED_OPENING_LOCAL] = refused;
          next();
        }
      },
    );
  };
}

function mayOpenHere(request: express.Request): boolean {
  if (request.headers.authorization !== undefined) return false;
  if (isbot(request.get("user-agent"))) return false;
  const headers = { get: (name: string) => request.get(name) ?? null };
  return judgeNavigation({ method: request.method, headers }).kind === "open";
}

/** True when the course was opened and the redirect sent; false when the route must answer. */
async function open(
  services: Services,
  keptSessions: KeptSessions,
  request: express.Request,
  response: express.Response,
  courseId: number,
): Promise<boolean> {
  const userId = await keptSessions.accountOf(request);
  // A signed-in opener is the account: the visitor cookie (an HMAC to check) says nothing more.
  const anonymousId = userId
    ? null
    : verifyAnonymousCookie(
        services.sessionSecret,
        parseCookies(request.headers.cookie).get(ANONYMOUS_COOKIE),
      );
  let opener: CourseOpener;
  if (userId) opener = { kind: "user", userId };
  else if (anonymousId)
    opener = {
      kind: "anonymous",
      anonymousId,
      ip: request.ip ?? request.socket.remoteAddress ?? "unknown",
    };
  else {
    // A new visitor gets their cookie from the route; an id that names no course (NotFound,
    // thrown here) needs no cookie. The course's facts are kept for the route's open.
    await findOpenableCourse(services, courseId);
    return false;
  }
  const opened = await openCourse(services, opener, courseId);
  // Whoever opened has written: their kept personal layer is forgotten as the answer goes out.
  // A refusal (thrown above) writes nothing, so a flood of refused or made-up opens keeps it.
  response.locals[WRITER_SUBJECT_LOCAL] = viewerSubject({
    user: userId ? { id: userId } : null,
    anonymousId,
  });
  if (response.headersSent) return true;
  response.set(NOT_STORED);
  response.vary("Cookie");
  // An opened course is claimed: this device's list leaves it out from now on (claimed-lists.ts).
  const hint = userId
    ? claimedHintFor(request.headers.cookie, services.config.publicSiteUrl.startsWith("https://"))
    : null;
  if (hint) response.append("Set-Cookie", hint);
  response.redirect(302, opened.location);
  return true;
}
