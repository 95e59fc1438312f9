import type { Request } from "express";
import {
  authenticateBearer,
  findSessionUser,
  verifyBearerToken,
} from "../domain/accounts/accounts";
import { Forbidden, Unauthorized } from "../domain/common/errors";
import type { UserRow } from "../db/schema";
import type { Services } from "../services";
import { isAppUserAgent, isSessionIdShaped, readBearerToken } from "../web/client-credentials";
import { parseCookies, SESSION_COOKIE } from "../web/cookies";

/**
 * Actions done for a signed-in user. For them, who asks is settled before what they sent: no
 * session is 401 and another user's userId is 403, whatever else the body holds.
 */
export const USER_ACTIONS = new Set([
  "getUser",
  "registerUser",
  "trackCourseClick",
  "checkRedeemCode",
  "addReview",
  "addArticle",
  "getLearningList",
  "markCourseOwned",
  "moveClaimedCourse",
]);

/** A signed-in user, or an app registering with an ID token whose account may not exist yet. */
export type Caller = { kind: "user"; user: UserRow } | { kind: "registering"; token: string };

async function authenticate(services: Services, request: Request): Promise<UserRow | null> {
  const header = request.get("authorization");
  if (header) {
    const token = readBearerToken(header);
    if (!token) throw new Unauthorized("Authorization must be 'Bearer <Google ID token>'.");
    return authenticateBearer(services, token);
  }
  const sessionId = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
  return isSessionIdShaped(sessionId) ? findSessionUser(services, sessionId) : null;
}

/** Public reads answer anyone: a stale or unknown token only means "not signed in" there. */
export async function authenticateOptionally(
  services: Services,
  request: Request,
): Promise<UserRow | null> {
  try {
    return await authenticate(services, request);
  } catch (error) {
    if (error instanceof Unauthorized) return null;
    throw error;
  }
}

export async function identifyCaller(
  services: Services,
  request: Request,
  action: string,
  input: unknown,
): Promise<Caller> {
  const claimedUserId = claimedUserIdOf(input);
  const token = action === "registerUser" ? bearerTokenOf(request) : undefined;
  if (token) {
    // Registering: a valid token is enough (its account is created or refreshed later), and
    // a mismatching userId is refused before anything is written.
    const claims = await verifyBearerToken(services, token);
    refuseOtherUser(claimedUserId, claims.sub);
    return { kind: "registering", token };
  }
  const user = await authenticate(services, request);
  if (!user) throw new Unauthorized("Please sign in first.");
  refuseOtherUser(claimedUserId, user.id);
  return { kind: "user", user };
}
export function isAppClient(services: Services, request: Request): boolean {
  return isAppUserAgent(request.get("user-agent"), services.config.auth.appUserAgentToken);
}

/** The user an action runs for; only reachable after identifyCaller settled who asks. */
export function userOf(caller: Caller | null): UserRow {
  if (caller?.kind !== "user") throw new Unauthorized("Please sign in first.");
  return caller.user;
}

function claimedUserIdOf(input: unknown): string | undefined {
  const claimed =
    input && typeof input === "object" ? (input as { userId?: unknown }).userId : undefined;
  return typeof claimed === "string" ? claimed : undefined;
}

/** The API never acts for a userId other than the signed-in user's. */
function refuseOtherUser(claimedUserId: string | undefined, userId: string): void {
  if (claimedUserId !== undefined && claimedUserId !== userId)
    throw new Forbidden("userId does not match the signed-in user.");
}

function bearerTokenOf(request: Request): string | undefined {
  const header = request.get("authorization");
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}
