import type { Request } from "express";
import {
  authenticateBearer,
  describeViewer,
  findSessionUser,
  type RequestIdentity,
} from "../domain/accounts/accounts";
import { DomainError } from "../domain/common/errors";
import type { UserRow } from "../db/schema";
import type { Services } from "../services";
import {
  isAppUserAgent,
  isSessionIdShaped,
  readBearerToken,
  usesBearerScheme,
} from "./client-credentials";
import type { ViewerSummary } from "../../core/viewer";
import {
  ANONYMOUS_COOKIE,
  parseCookies,
  SESSION_COOKIE,
  verifyAnonymousCookie,
  type FlashMessage,
  readFlash,
} from "./cookies";

/** Who sent a request, resolved once per request from its cookies and headers. */
export type WebIdentity = RequestIdentity & {
  sessionId: string | null;
  ip: string;
  userAgent: string;
  viewer: ViewerSummary;
  flash: FlashMessage | null;
  /** Cookies are Secure when the site is served over HTTPS. */
  secureCookies: boolean;
};

export async function resolveWebIdentity(
  services: Services,
  request: Request,
): Promise<WebIdentity> {
  const cookies = parseCookies(request.headers.cookie);
  // With a Bearer header the token alone says who is asking: cookies, which a cross-site form
  // carries along, are ignored (this is why the CSRF check may skip Bearer requests).
  const authorization = request.get("authorization");
  const hasBearer = usesBearerScheme(authorization);
  const sessionId = hasBearer ? null : (cookies.get(SESSION_COOKIE) ?? null);
  const { user, anonymousId } = hasBearer
    ? { user: await bearerUser(services, readBearerToken(authorization)), anonymousId: null }
    : await resolveCookieIdentity(services, cookies);
  const userAgent = request.get("user-agent") ?? "";
  const isAppClient = isAppUserAgent(userAgent, services.config.auth.appUserAgentToken);
  const identity: RequestIdentity = { user, anonymousId, isAppClient };
  return {
    ...identity,
    sessionId: user ? sessionId : null,
    ip: request.ip ?? request.socket.remoteAddress ?? "unknown",
    userAgent,
    viewer: await describeViewer(services, identity),
    flash: readFlash(cookies),
    secureCookies: services.config.publicSiteUrl.startsWith("https://"),
  };
}

/**
 * Who the session and visitor cookies say a request is, and nothing more (no viewer summary):
 * what opening a course needs (server/web/course-opening.ts), and the cookie half of
 * resolveWebIdentity.
 */
export async function resolveCookieIdentity(
  services: Services,
  cookies: Map<string, string>,
): Promise<{ user: UserRow | null; anonymousId: string | null }> {
  const sessionId = cookies.get(SESSION_COOKIE) ?? null;
  return {
    user: isSessionIdShaped(sessionId) ? await findSessionUser(services, sessionId) : null,
    anonymousId: verifyAnonymousCookie(services.sessionSecret, cookies.get(ANONYMOUS_COOKIE)),
  };
}

/**
 * The visitor a shared page is rendered for (server/web/shared-pages.ts): no session, no visitor
 * cookie, no flash — whoever then receives the page gets their own layer on top of it.
 */
export async function sharedPageIdentity(services: Services): Promise<WebIdentity> {
  const identity: RequestIdentity = { user: null, anonymousId: null, isAppClient: false };
  return {
    ...identity,
    sessionId: null,
    ip: "shared-page",
    userAgent: "",
    viewer: await describeViewer(services, identity),
    flash: null,
    secureCookies: services.config.publicSiteUrl.startsWith("https://"),
  };
}

/** The account of a valid, registered ID token; an invalid token is nobody. */
async function bearerUser(services: Services, token: string | undefined): Promise<UserRow | null> {
  if (!token) return null;
  try {
    return await authenticateBearer(services, token);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
