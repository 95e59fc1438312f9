import { anonymousSubject } from "../domain/accounts/accounts";
import type { RequestContext } from "../load-context";
import { createAnonymousCookie } from "./cookies";

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

/**
 * The loader of a route that only takes writes (a form's or a script's POST): a GET, such as a
 * link followed or a prefetch, changes nothing and is told which methods the address takes.
 */
export function methodNotAllowed(allow: string): () => Response {
  return () => new Response("Method Not Allowed", { status: 405, headers: { Allow: allow } });
}
