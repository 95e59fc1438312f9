/**
 * How a request says who sent it, read the same way by the pages, the JSON API and the CSRF
 * check: an `Authorization: Bearer <Google ID token>` header (the app and API clients), a
 * session cookie, and the companion app's user-agent token.
 */
const BEARER_SCHEME = /^Bearer\s/i;
const BEARER_TOKEN = /^Bearer\s+(\S+)$/i;
/** Session ids are base64url: anything else (a NUL byte, say) cannot be one and is never queried. */
const SESSION_ID_SHAPE = /^[\w-]{1,100}$/;

/** The request chose the Bearer scheme (even with a malformed token): its cookies do not count. */
export function usesBearerScheme(authorization: string | undefined): boolean {
  return BEARER_SCHEME.test(authorization ?? "");
}

/** The token of a well-formed `Bearer <token>` header, else undefined. */
export function readBearerToken(authorization: string | undefined): string | undefined {
  return BEARER_TOKEN.exec(authorization ?? "")?.[1];
}

export function isSessionIdShaped(value: string | null | undefined): value is string {
  return typeof value === "string" && SESSION_ID_SHAPE.test(value);
}

/** The companion Android app identifies itself by a token in its user agent. */
export function isAppUserAgent(userAgent: string | undefined, appToken: string): boolean {
  return (userAgent ?? "").includes(appToken);
}
