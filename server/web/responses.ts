import { anonymousSubject } from "../domain/accounts";
import { DomainError } from "../domain/errors";
import type { RequestContext } from "../load-context";
import { createAnonymousCookie } from "./cookies";

/**
 * A domain refusal as JSON, in the shape the browser's error mapping reads (SPEC §8: "message
 * from error.message…"), with `success: false` and `message` for SPEC §7 write answers.
 */
export function domainErrorResponse(error: unknown): Response {
  if (!(error instanceof DomainError)) throw error;
  return Response.json(
    { success: false, message: error.message, error: { message: error.message } },
    { status: error.status },
  );
}

/**
 * The subject whose favourites/visits a request touches; an anonymous visitor without a cookie
 * gets one now (returned as a Set-Cookie header to attach to the response).
 */
export function subjectForWrite(context: RequestContext): {
  subject: string;
  setCookie: string | null;
} {
  const { identity, services } = context;
  if (identity.user) return { subject: identity.user.id, setCookie: null };
  if (identity.anonymousId)
    return { subject: anonymousSubject(identity.anonymousId), setCookie: null };
  const cookie = createAnonymousCookie(services.sessionSecret, identity.secureCookies);
  return { subject: anonymousSubject(cookie.id), setCookie: cookie.header };
}
