import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { addDays } from "../../../core/dates";
import {
  ANONYMOUS_DAILY_CREDITS,
  APP_PREMIUM_DURATION_MS,
  DAILY_TOP_UP_CREDITS,
  SESSION_LIFETIME_DAYS,
} from "../../../core/rules";
import type { AccountStatus, ViewerSummary } from "../../../core/viewer";
import { InvalidIdTokenError } from "../../adapters/google-identity/id-token-verifier";
import { dailyCounters, favourites, sessions, users, visits, type UserRow } from "../../db/schema";
import type { Transaction } from "../../db/client";
import type { Services } from "../../services";
import { Conflict, Forbidden, Unauthorized, ValidationError } from "../common/errors";
import { isAdmin } from "../admin/admin";
import { avatarPathFor } from "./avatars";
import { takeSignInAttempt } from "./sign-in-limits";

export { INVALID_SIGN_IN_TOKEN_MESSAGE } from "../../adapters/google-identity/id-token-verifier";

/** The subject key of an anonymous visitor in visits, favourites and daily counters. */
export function anonymousSubject(anonymousId: string): string {
  return `anon:${anonymousId}`;
}

/** Whose visits, favourites and counters a request uses: the user, else the anonymous visitor. */
export function viewerSubject(identity: {
  user: Pick<UserRow, "id"> | null;
  anonymousId: string | null;
}): string | null {
  if (identity.user) return identity.user.id;
  return identity.anonymousId ? anonymousSubject(identity.anonymousId) : null;
}

export type SignInOptions = {
  /** The visitor's anonymous id: their history and favourites move into the account. */
  anonymousId?: string | null;
  /** The request came from the companion app (user-agent token). */
  isAppClient?: boolean;
  /** The requester's IP address: sign-ins are limited per IP and per e-mail address. */
  ip?: string;
};

export type SignInResult = {
  user: UserRow;
  isNew: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /** A message containing "registered successfully" marks a new registration. */
  message: string;
};

/** Verifies an ID token (Google's or the local issuer's), then signs the user in. */
export async function signInWithIdToken(
  services: Services,
  idToken: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  return signInVerified(services, await verifyOrUnauthorized(services, idToken), options);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The offline stand-in for Google: mints a local token and goes through the same verification. */
export async function signInWithLocalIdentity(
  services: Services,
  input: { email: string; name?: string | null },
  options: SignInOptions = {},
): Promise<SignInResult> {
  const local = services.identity.local;
  if (!local) throw new Forbidden("The local sign-in is disabled on this server.");
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) {
    throw new ValidationError("Please enter a valid e-mail address.");
  }
  const name = input.name?.trim().slice(0, 100) || null;
  const token = await local.mint({ email, name, now: services.clock.now() });
  return signInWithIdToken(services, token, options);
}

type VerifiedClaims = { sub: string; email: string; name: string | null };

async function signInVerified(
  services: Services,
  claims: VerifiedClaims,
  options: SignInOptions,
): Promise<SignInResult> {
  if (options.ip) await takeSignInAttempt(services, { ip: options.ip, email: claims.email });
  const now = services.clock.now();
  const sessionId = randomBytes(32).toString("base64url");
  const sessionExpiresAt = new Date(now.getTime() + SESSION_LIFETIME_DAYS * 86_400_000);

  const inserted = await services.db.transaction(async (tx) => {
    const isNew = await upsertVerifiedUser(tx, services, claims, options);
    await tx
      .insert(sessions)
      .values({ id: sessionId, userId: claims.sub, createdAt: now, expiresAt: sessionExpiresAt });
    if (options.anonymousId)
      await mergeAnonymousData(tx, anonymousSubject(options.anonymousId), claims.sub);
    return isNew;
  });

  const user = await applyDailyTopUp(services, claims.sub);
  return {
    user: user!,
    isNew: inserted,
    sessionId,
    sessionExpiresAt,
    message: registrationMessage(inserted),
  };
}

function registrationMessage(isNew: boolean): string {
  return isNew ? "User registered successfully" : "Welcome back";
}

/** Creates the account on first sign-in (10 credits); later sign-ins refresh e-mail and name. */
async function upsertVerifiedUser(
  tx: Transaction,
  services: Services,
  claims: VerifiedClaims,
  options: SignInOptions,
): Promise<boolean> {
  const [row] = await tx
    .insert(users)
    .values({
      id: claims.sub,
      email: claims.email,
      name: claims.name,
      creditBalance: DAILY_TOP_UP_CREDITS,
      lastCreditResetDate: services.clock.today(),
      isAppUser: options.isAppClient ?? false,
      joinedAt: services.clock.now(),
    })
    .onConflictDoUpdate({
      target: users.id,
      set: {
        email: sql`excluded.email`,
        name: sql`coalesce(excluded.name, ${users.name})`,
        isAppUser: sql`${users.isAppUser} or excluded.is_app_user`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ?? false;
}

/**
 * registerUser for API clients (the companion app) that hold a Google ID token: creates
 * or refreshes the account without a browser session.
 */
export async function registerWithIdToken(
  services: Services,
  idToken: string,
  options: SignInOptions = {},
): Promise<{ user: UserRow; isNew: boolean; message: string }> {
  const claims = await verifyOrUnauthorized(services, idToken);
  if (options.ip) await takeSignInAttempt(services, { ip: options.ip, email: claims.email });
  const isNew = await services.db.transaction((tx) =>
    upsertVerifiedUser(tx, services, claims, options),
  );
  const user = await applyDailyTopUp(services, claims.sub);
  return { user: user!, isNew, message: registrationMessage(isNew) };
}

export const UNREGISTERED_TOKEN_MESSAGE =
  "This account is not registered yet: call registerUser first.";

/** The user behind an `Authorization: Bearer <ID token>` header (API clients). */
export async function authenticateBearer(services: Services, idToken: string): Promise<UserRow> {
  const claims = await verifyOrUnauthorized(services, idToken);
  const user = await applyDailyTopUp(services, claims.sub);
  if (!user) throw new Unauthorized(UNREGISTERED_TOKEN_MESSAGE);
  return user;
}

/** The verified claims of an ID token (registering: its account may not exist yet), else 401. */
export function verifyBearerToken(services: Services, idToken: string): Promise<VerifiedClaims> {
  return verifyOrUnauthorized(services, idToken);
}

async function verifyOrUnauthorized(services: Services, idToken: string): Promise<VerifiedClaims> {
  try {
    return await services.identity.verify(idToken);
  } catch (error) {
    if (error instanceof InvalidIdTokenError) {
      services.logger.info({ reason: error.reason }, "sign-in token refused");
      throw new Unauthorized(error.message);
    }
    throw error;
  }
}

/** Sign-in brings the anonymous visitor's history and favourites along. */
async function mergeAnonymousData(tx: Transaction, fromSubject: string, toSubject: string) {
  await tx.execute(sql`
    insert into ${visits} (subject, course_id, visited_at, day)
    select ${toSubject}, course_id, visited_at, day from ${visits} where subject = ${fromSubject}
    on conflict do nothing`);
  await tx.delete(visits).where(eq(visits.subject, fromSubject));
  await tx.execute(sql`
    insert into ${favourites} (subject, course_id, created_at)
    select ${toSubject}, course_id, created_at from ${favourites} where subject = ${fromSubject}
    on conflict do nothing`);
  await tx.delete(favourites).where(eq(favourites.subject, fromSubject));
}

/**
 * At the first request of a new Jakarta day the balance is raised to at least 10
 * (never lowered). One conditional UPDATE, so concurrent first requests top up once.
 */
export async function applyDailyTopUp(
  services: Services,
  userId: string,
): Promise<UserRow | undefined> {
  const today = services.clock.today();
  const [updated] = await services.db
    .update(users)
    .set({
      creditBalance: sql`greatest(${users.creditBalance}, ${DAILY_TOP_UP_CREDITS})`,
      lastCreditResetDate: today,
    })
    .where(and(eq(users.id, userId), sql`${users.lastCreditResetDate} is distinct from ${today}`))
    .returning();
  if (updated) return updated;
  const [current] = await services.db.select().from(users).where(eq(users.id, userId));
  return current;
}

/** The signed-in user of a session cookie, or null (unknown or expired session). */
export async function findSessionUser(
  services: Services,
  sessionId: string,
): Promise<UserRow | null> {
  const [row] = await services.db
    .select({ user: users, lastCreditResetDate: users.lastCreditResetDate })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, services.clock.now())));
  if (!row) return null;
  if (row.lastCreditResetDate === services.clock.today()) return row.user;
  return (await applyDailyTopUp(services, row.user.id)) ?? null;
}

export async function signOut(services: Services, sessionId: string): Promise<void> {
  await services.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Premium (a real premium flag, or unexpired premium time) never spends credit. */
export function hasPremium(user: Pick<UserRow, "isPremium" | "premiumUntil">, now: Date): boolean {
  return (
    user.isPremium || (user.premiumUntil !== null && user.premiumUntil.getTime() > now.getTime())
  );
}

/** hasPremium as a condition on the `users` row a statement reads or updates (never null). */
export function premiumCondition(now: Date) {
  return sql<boolean>`(${users.isPremium} or coalesce(${users.premiumUntil} > ${now.toISOString()}::timestamptz, false))`;
}

/** Status display: only the temporary app flag reads App Premium (Temporary). */
export function accountStatus(
  user: Pick<UserRow, "isPremium" | "premiumUntil">,
  now: Date,
): AccountStatus {
  if (user.isPremium) return "premium";
  return hasPremium(user, now) ? "app-premium" : "standard";
}

export async function anonymousCreditsUsed(
  services: Services,
  anonymousId: string,
): Promise<number> {
  const [row] = await services.db
    .select({ used: dailyCounters.creditsUsed })
    .from(dailyCounters)
    .where(
      and(
        eq(dailyCounters.subject, anonymousSubject(anonymousId)),
        eq(dailyCounters.day, services.clock.today()),
      ),
    );
  return row?.used ?? 0;
}

export type RequestIdentity = {
  user: UserRow | null;
  anonymousId: string | null;
  isAppClient: boolean;
};

/** What the UI may know about the viewer. */
export async function describeViewer(
  services: Services,
  identity: RequestIdentity,
): Promise<ViewerSummary> {
  const now = services.clock.now();
  const { user } = identity;
  if (!user) {
    const used = identity.anonymousId
      ? await anonymousCreditsUsed(services, identity.anonymousId)
      : 0;
    const creditsRemaining = Math.max(0, ANONYMOUS_DAILY_CREDITS - used);
    return {
      signedIn: false,
      creditsRemaining,
      dailyLimit: ANONYMOUS_DAILY_CREDITS,
      isAppUser: identity.isAppClient,
      openedToday:
        creditsRemaining <= 0 && identity.anonymousId
          ? await listCoursesOpenedToday(services, anonymousSubject(identity.anonymousId))
          : [],
    };
  }
  const premium = hasPremium(user, now);
  const isAppUser = user.isAppUser || identity.isAppClient;
  const outOfCredits = !premium && user.creditBalance <= 0;
  return {
    signedIn: true,
    userId: user.id,
    email: user.email,
    name: user.name,
    avatarUrl: avatarPathFor(user.email),
    status: accountStatus(user, now),
    creditsRemaining: premium ? null : Math.max(0, user.creditBalance),
    creditBalance: user.creditBalance,
    premiumUntil:
      user.premiumUntil && user.premiumUntil > now ? user.premiumUntil.toISOString() : null,
    isAppUser,
    appBonusClaimable: isAppUser && !premium && user.appPremiumClaimedOn !== services.clock.today(),
    joinedAt: user.joinedAt.toISOString(),
    ...(isAdmin(services, user) ? { isOperator: true } : {}),
    openedToday: outOfCredits ? await listCoursesOpenedToday(services, user.id) : [],
  };
}

/** A day's opens a page may carry: far more than a day's credits, so only abuse hits it. */
const OPENED_TODAY_LIMIT = 100;

/** The courses a subject opened today (Jakarta day), most recent first. */
async function listCoursesOpenedToday(services: Services, subject: string): Promise<number[]> {
  const rows = await services.db
    .select({ courseId: visits.courseId })
    .from(visits)
    .where(and(eq(visits.subject, subject), eq(visits.day, services.clock.today())))
    .orderBy(desc(visits.visitedAt))
    .limit(OPENED_TODAY_LIMIT);
  return rows.map((row) => row.courseId);
}

export const APP_PREMIUM_ALREADY_CLAIMED =
  "You've already claimed your free app premium for today.";

/**
 * An app user may claim one hour of premium once a Jakarta day. One conditional
 * UPDATE: two taps at once cannot both claim.
 */
export async function claimAppPremium(services: Services, user: UserRow, isAppClient: boolean) {
  if (!user.isAppUser && !isAppClient)
    throw new Forbidden("Only app users can claim the free app premium.");
  const now = services.clock.now();
  const today = services.clock.today();
  const premiumUntil = new Date(now.getTime() + APP_PREMIUM_DURATION_MS);
  const [claimed] = await services.db
    .update(users)
    .set({ premiumUntil, appPremiumClaimedOn: today, isAppUser: true })
    .where(and(eq(users.id, user.id), sql`${users.appPremiumClaimedOn} is distinct from ${today}`))
    .returning({ premiumUntil: users.premiumUntil });
  if (!claimed) throw new Conflict(APP_PREMIUM_ALREADY_CLAIMED);
  return { premiumUntil: claimed.premiumUntil!, claimableAgainOn: addDays(today, 1) };
}
