import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { INVALID_SIGN_IN_TOKEN_MESSAGE } from "../../adapters/google-identity/id-token-verifier";
import { localSubject } from "../../adapters/google-identity/local-issuer";
import { createIdentity } from "../../adapters/google-identity/identity";
import { parseConfig } from "../../config";
import { courses, favourites, sessions, users, visits, type UserRow } from "../../db/schema";
import type { Services } from "../../services";
import {
  anonymousSubject,
  APP_PREMIUM_ALREADY_CLAIMED,
  applyDailyTopUp,
  claimAppPremium,
  describeViewer,
  findSessionUser,
  signInWithIdToken,
  signInWithLocalIdentity,
  signOut,
} from "./accounts";
import { listHistory, openCourse } from "./credits";
import { Conflict, Forbidden, Unauthorized, ValidationError } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";
/** One second into 23 November in Jakarta (17:00 UTC is midnight WIB). */
const NEXT_DAY = "2026-11-22T17:00:01Z";
const TOMORROW = "2026-11-23";
/** The last second of 22 November in Jakarta. */
const LATE_SAME_DAY = "2026-11-22T16:59:59Z";
const DAY_MS = 86_400_000;

let harness: TestServices;
let courseIds: number[] = [];
let sequence = 0;

function coupon(index: number): CouponRecord {
  return {
    courseUrl: `https://www.udemy.com/course/accounts-course-${index}/?couponCode=ACC${index}CODE`,
    couponCode: `ACC${index}CODE`,
    title: `Accounts Course ${index}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 60,
    udemyRating: 4.5,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 100,
    expiresAt: new Date("2026-12-31T00:00:00Z"),
    foundAt: new Date("2026-11-21T02:00:00Z"),
  };
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  const summary = await importCouponRecords(
    harness.services,
    Array.from({ length: 6 }, (_, index) => coupon(index)),
    "test",
  );
  expect(summary.added).toBe(6);
  const rows = await harness.services.db
    .select({ id: courses.id })
    .from(courses)
    .orderBy(asc(courses.id));
  courseIds = rows.map((row) => row.id);
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

/** A fresh address per test, so tests never share an account. */
function uniqueEmail(label = "user"): string {
  sequence += 1;
  return `${label}-${sequence}@example.com`;
}

async function signIn(email = uniqueEmail(), options = {}) {
  return signInWithLocalIdentity(harness.services, { email }, options);
}

async function loadUser(id: string): Promise<UserRow> {
  const [row] = await harness.services.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function setUser(id: string, values: Partial<typeof users.$inferInsert>) {
  await harness.services.db.update(users).set(values).where(eq(users.id, id));
}

async function sessionCount(where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await harness.services.db.select({ n: count() }).from(sessions).where(where);
  return row?.n ?? 0;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error as Error,
  );
}

describe("sign-in", () => {
  it("registers a new user with 10 credits and a session", async () => {
    const result = await signIn("New.Learner@Example.COM");
    expect(result.isNew).toBe(true);
    expect(result.message).toContain("registered successfully");
    expect(result.user).toMatchObject({
      id: localSubject("new.learner@example.com"),
      email: "new.learner@example.com",
      creditBalance: 10,
      lastCreditResetDate: TODAY,
      clickCount: 0,
      isPremium: false,
      isAppUser: false,
    });
    expect(result.user.joinedAt.toISOString()).toBe(new Date(NOW).toISOString());
    expect(result.sessionId).toMatch(/^[\w-]{40,}$/);
    expect(result.sessionExpiresAt.getTime()).toBe(new Date(NOW).getTime() + 30 * DAY_MS);

    const [session] = await harness.services.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, result.sessionId));
    expect(session).toMatchObject({ userId: result.user.id });
    expect(session!.expiresAt.getTime()).toBe(result.sessionExpiresAt.getTime());
  });

  it("signs a returning user in without registering again or resetting the balance", async () => {
    const email = uniqueEmail("returning");
    const first = await signIn(email);
    await setUser(first.user.id, { creditBalance: 4 });
    harness.clock.advance(60_000);

    const second = await signIn(email.toUpperCase());
    expect(second.isNew).toBe(false);
    expect(second.message).toContain("Welcome back");
    expect(second.message).not.toContain("registered successfully");
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.creditBalance).toBe(4);
    expect(second.user.joinedAt.getTime()).toBe(first.user.joinedAt.getTime());
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await sessionCount(eq(sessions.userId, first.user.id))).toBe(2);
    const [accounts] = await harness.services.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, email));
    expect(accounts?.n).toBe(1);
  });

  it("trims and keeps the display name", async () => {
    const result = await signInWithLocalIdentity(harness.services, {
      email: uniqueEmail("named"),
      name: "  Budi Santoso  ",
    });
    expect(result.user.name).toBe("Budi Santoso");
  });

  it("marks a sign-in from the companion app as an app user, and keeps the flag", async () => {
    const email = uniqueEmail("app");
    const fromApp = await signIn(email, { isAppClient: true });
    expect(fromApp.user.isAppUser).toBe(true);
    const fromBrowser = await signIn(email, { isAppClient: false });
    expect(fromBrowser.user.isAppUser).toBe(true);
  });

  it("refuses an invalid e-mail with a ValidationError and creates nothing", async () => {
    const [before] = await harness.services.db.select({ n: count() }).from(users);
    for (const email of ["", "   ", "not-an-email", "a@b", "two words@example.com", "@x.io"]) {
      const error = await rejection(signInWithLocalIdentity(harness.services, { email }));
      expect(error, email).toBeInstanceOf(ValidationError);
      expect(error.message).toBe("Please enter a valid e-mail address.");
    }
    const tooLong = `${"a".repeat(250)}@example.com`;
    expect(
      await rejection(signInWithLocalIdentity(harness.services, { email: tooLong })),
    ).toBeInstanceOf(ValidationError);
    const [after] = await harness.services.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a token that does not verify, with the SPEC message", async () => {
    const error = await rejection(signInWithIdToken(harness.services, "not.a.token"));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error.message).toBe(INVALID_SIGN_IN_TOKEN_MESSAGE);
  });

  it("refuses a local token that has expired by the site's clock", async () => {
    const token = await harness.services.identity.local!.mint({
      email: uniqueEmail("late"),
      now: harness.clock.now(),
      lifetimeSeconds: 60,
    });
    harness.clock.advance(5 * 60_000);
    expect(await rejection(signInWithIdToken(harness.services, token))).toBeInstanceOf(
      Unauthorized,
    );
  });
});

describe("the local dev sign-in when it is off", () => {
  it("is refused with Forbidden in production", async () => {
    const production = await createTestServices({
      now: NOW,
      env: { NODE_ENV: "production", PUBLIC_SITE_URL: "https://kursusku.example" },
    });
    try {
      expect(production.services.config.auth.devSignIn).toBe(false);
      expect(production.services.identity.local).toBeUndefined();
      const error = await rejection(
        signInWithLocalIdentity(production.services, { email: "dev@example.com" }),
      );
      expect(error).toBeInstanceOf(Forbidden);
      const [row] = await production.services.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(0);
    } finally {
      await production.close();
    }
  });

  /** The shared database with the identity and config another environment would give. */
  async function servicesWith(env: Record<string, string>): Promise<Services> {
    const config = parseConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      ...env,
    });
    const identity = await createIdentity(config.auth, harness.clock.now);
    return { ...harness.services, config, identity };
  }

  it("is refused when Google sign-in is configured and DEV_SIGNIN is not set", async () => {
    const google = await servicesWith({
      GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
    });
    expect(google.config.auth.devSignIn).toBe(false);
    expect(
      await rejection(signInWithLocalIdentity(google, { email: uniqueEmail("google") })),
    ).toBeInstanceOf(Forbidden);
  });

  it("is allowed in production when DEV_SIGNIN=true asks for it", async () => {
    const production = await servicesWith({
      NODE_ENV: "production",
      PUBLIC_SITE_URL: "https://kursusku.example",
      DEV_SIGNIN: "true",
    });
    expect(production.config.auth.devSignIn).toBe(true);
    const result = await signInWithLocalIdentity(production, { email: uniqueEmail("prod-dev") });
    expect(result.isNew).toBe(true);
  });
});

describe("sessions", () => {
  it("finds the user of a valid session", async () => {
    const { user, sessionId } = await signIn();
    const found = await findSessionUser(harness.services, sessionId);
    expect(found?.id).toBe(user.id);
    expect(found?.email).toBe(user.email);
  });

  it("finds nobody for an unknown session", async () => {
    expect(await findSessionUser(harness.services, "no-such-session")).toBeNull();
    expect(await findSessionUser(harness.services, "")).toBeNull();
  });

  it("finds nobody once the session has expired (30 days)", async () => {
    const { sessionId } = await signIn();
    harness.clock.advance(30 * DAY_MS - 1000);
    expect(await findSessionUser(harness.services, sessionId)).not.toBeNull();
    harness.clock.advance(2000);
    expect(await findSessionUser(harness.services, sessionId)).toBeNull();
  });

  it("sign-out deletes the session row and only that one", async () => {
    const email = uniqueEmail("twice");
    const laptop = await signIn(email);
    const phone = await signIn(email);
    await signOut(harness.services, laptop.sessionId);
    expect(await sessionCount(eq(sessions.id, laptop.sessionId))).toBe(0);
    expect(await findSessionUser(harness.services, laptop.sessionId)).toBeNull();
    expect((await findSessionUser(harness.services, phone.sessionId))?.id).toBe(laptop.user.id);
    // Signing out of an unknown session is harmless.
    await expect(signOut(harness.services, "no-such-session")).resolves.toBeUndefined();
  });
});

describe("daily top-up", () => {
  it("raises a balance of 3 to 10 at the first request of a new Jakarta day", async () => {
    const { user, sessionId } = await signIn();
    await setUser(user.id, { creditBalance: 3 });
    harness.clock.set(NEXT_DAY);
    const found = await findSessionUser(harness.services, sessionId);
    expect(found?.creditBalance).toBe(10);
    expect(found?.lastCreditResetDate).toBe(TOMORROW);
    expect((await loadUser(user.id)).creditBalance).toBe(10);
  });

  it("tops up only once a day: credits spent after the top-up stay spent", async () => {
    const { user, sessionId } = await signIn();
    harness.clock.set(NEXT_DAY);
    expect((await findSessionUser(harness.services, sessionId))?.creditBalance).toBe(10);
    await setUser(user.id, { creditBalance: 7 });
    harness.clock.advance(3_600_000);
    expect((await findSessionUser(harness.services, sessionId))?.creditBalance).toBe(7);
  });

  it("never lowers a balance above 10", async () => {
    const { user, sessionId } = await signIn();
    await setUser(user.id, { creditBalance: 25 });
    harness.clock.set(NEXT_DAY);
    const found = await findSessionUser(harness.services, sessionId);
    expect(found?.creditBalance).toBe(25);
    expect(found?.lastCreditResetDate).toBe(TOMORROW);
  });

  it("leaves the balance alone later the same Jakarta day", async () => {
    const { user, sessionId } = await signIn();
    await setUser(user.id, { creditBalance: 3 });
    harness.clock.set(LATE_SAME_DAY);
    const found = await findSessionUser(harness.services, sessionId);
    expect(found?.creditBalance).toBe(3);
    expect(found?.lastCreditResetDate).toBe(TODAY);
  });

  it("also tops up when a returning user signs in on a new day", async () => {
    const email = uniqueEmail("morning");
    const first = await signIn(email);
    await setUser(first.user.id, { creditBalance: 0 });
    harness.clock.set(NEXT_DAY);
    const second = await signIn(email);
    expect(second.isNew).toBe(false);
    expect(second.user.creditBalance).toBe(10);
  });

  it("tops up once when many first requests of the day arrive together", async () => {
    const { user, sessionId } = await signIn();
    await setUser(user.id, { creditBalance: 2 });
    harness.clock.set(NEXT_DAY);
    const found = await Promise.all(
      Array.from({ length: 10 }, () => findSessionUser(harness.services, sessionId)),
    );
    expect(found.map((row) => row?.creditBalance)).toEqual(Array(10).fill(10));
    expect(await applyDailyTopUp(harness.services, user.id)).toMatchObject({
      creditBalance: 10,
      lastCreditResetDate: TOMORROW,
    });
  });
});

describe("describeViewer", () => {
  it("gives an anonymous visitor 3 minus the credits used today", async () => {
    expect(
      await describeViewer(harness.services, { user: null, anonymousId: null, isAppClient: false }),
    ).toEqual({
      signedIn: false,
      creditsRemaining: 3,
      dailyLimit: 3,
      isAppUser: false,
      openedToday: [],
    });

    const anonymousId = `viewer-anon-${Date.now()}`;
    const opener = { kind: "anonymous" as const, anonymousId, ip: "203.0.113.10" };
    await openCourse(harness.services, opener, courseIds[0]!);
    const afterOne = await describeViewer(harness.services, {
      user: null,
      anonymousId,
      isAppClient: true,
    });
    expect(afterOne).toEqual({
      signedIn: false,
      creditsRemaining: 2,
      dailyLimit: 3,
      isAppUser: true,
      // With credits left every course is openable: the day's opens are not looked up.
      openedToday: [],
    });

    await openCourse(harness.services, opener, courseIds[1]!);
    await openCourse(harness.services, opener, courseIds[2]!);
    const identity = { user: null, anonymousId, isAppClient: false };
    const spent = await describeViewer(harness.services, identity);
    expect(spent.creditsRemaining).toBe(0);
    // At 0 credits the page learns which courses still open (free re-opens today).
    expect([...spent.openedToday].sort()).toEqual(courseIds.slice(0, 3).sort());
    harness.clock.set(NEXT_DAY);
    expect(await describeViewer(harness.services, identity)).toMatchObject({
      creditsRemaining: 3,
      openedToday: [],
    });
  });

  it("describes a standard user with their balance", async () => {
    const { user } = await signIn(uniqueEmail("standard"));
    await setUser(user.id, { creditBalance: 7 });
    const viewer = await describeViewer(harness.services, {
      user: await loadUser(user.id),
      anonymousId: null,
      isAppClient: false,
    });
    expect(viewer).toMatchObject({
      signedIn: true,
      userId: user.id,
      email: user.email,
      status: "standard",
      creditsRemaining: 7,
      creditBalance: 7,
      premiumUntil: null,
      isAppUser: false,
      appBonusClaimable: false,
      joinedAt: new Date(NOW).toISOString(),
    });
    // The avatar is drawn on this site from a hash: the address goes to no one.
    expect(viewer.signedIn && viewer.avatarUrl).toMatch(/^\/avatars\/[0-9a-f]{16}\.svg$/);
    expect(viewer.signedIn && viewer.avatarUrl).not.toContain(user.email);
    expect(viewer.signedIn && viewer.avatarUrl).not.toContain("standard");
  });

  it("never shows a negative balance", async () => {
    const { user } = await signIn();
    await setUser(user.id, { creditBalance: -2 });
    const viewer = await describeViewer(harness.services, {
      user: await loadUser(user.id),
      anonymousId: null,
      isAppClient: false,
    });
    expect(viewer.creditsRemaining).toBe(0);
    expect(viewer.openedToday).toEqual([]);
  });

  it("lists a signed-in user's courses opened today once the balance is spent", async () => {
    const { user } = await signIn();
    await setUser(user.id, { creditBalance: 1 });
    await openCourse(harness.services, { kind: "user", userId: user.id }, courseIds[4]!);
    const viewer = await describeViewer(harness.services, {
      user: await loadUser(user.id),
      anonymousId: null,
      isAppClient: false,
    });
    expect(viewer).toMatchObject({ creditsRemaining: 0, openedToday: [courseIds[4]] });
  });

  it("describes a premium user: unlimited credits, status premium", async () => {
    const { user } = await signIn();
    await setUser(user.id, { isPremium: true });
    const viewer = await describeViewer(harness.services, {
      user: await loadUser(user.id),
      anonymousId: null,
      isAppClient: true,
    });
    expect(viewer).toMatchObject({
      signedIn: true,
      status: "premium",
      creditsRemaining: null,
      creditBalance: 10,
      isAppUser: true,
      appBonusClaimable: false,
    });
  });

  it("describes temporary app premium until the clock passes premiumUntil", async () => {
    const { user } = await signIn(uniqueEmail("app"), { isAppClient: true });
    const identity = () =>
      loadUser(user.id).then((row) => ({ user: row, anonymousId: null, isAppClient: true }));

    expect(await describeViewer(harness.services, await identity())).toMatchObject({
      status: "standard",
      creditsRemaining: 10,
      appBonusClaimable: true,
    });

    const claimed = await claimAppPremium(harness.services, await loadUser(user.id), true);
    expect(claimed.premiumUntil.getTime()).toBe(new Date(NOW).getTime() + 3_600_000);
    expect(claimed.claimableAgainOn).toBe(TOMORROW);
    expect(await describeViewer(harness.services, await identity())).toMatchObject({
      status: "app-premium",
      creditsRemaining: null,
      premiumUntil: claimed.premiumUntil.toISOString(),
      appBonusClaimable: false,
    });

    harness.clock.advance(3_600_000 - 1000);
    expect((await describeViewer(harness.services, await identity())).creditsRemaining).toBeNull();
    harness.clock.advance(2000);
    expect(await describeViewer(harness.services, await identity())).toMatchObject({
      status: "standard",
      creditsRemaining: 10,
      premiumUntil: null,
      // Claimed today already: no second bonus until tomorrow.
      appBonusClaimable: false,
    });
  });
});

describe("claimAppPremium", () => {
  it("allows one claim per Jakarta day", async () => {
    const { user } = await signIn(uniqueEmail("claimer"), { isAppClient: true });
    await claimAppPremium(harness.services, await loadUser(user.id), true);

    harness.clock.advance(2 * 3_600_000);
    const again = await rejection(claimAppPremium(harness.services, await loadUser(user.id), true));
    expect(again).toBeInstanceOf(Conflict);
    expect(again.message).toBe("You've already claimed your free app premium for today.");
    expect(again.message).toBe(APP_PREMIUM_ALREADY_CLAIMED);
    // The refused claim did not extend the hour.
    expect((await loadUser(user.id)).premiumUntil?.getTime()).toBe(
      new Date(NOW).getTime() + 3_600_000,
    );

    harness.clock.set(LATE_SAME_DAY);
    expect(
      await rejection(claimAppPremium(harness.services, await loadUser(user.id), true)),
    ).toBeInstanceOf(Conflict);

    harness.clock.set(NEXT_DAY);
    const tomorrow = await claimAppPremium(harness.services, await loadUser(user.id), true);
    expect(tomorrow.premiumUntil.getTime()).toBe(new Date(NEXT_DAY).getTime() + 3_600_000);
    expect((await loadUser(user.id)).appPremiumClaimedOn).toBe(TOMORROW);
  });

  it("lets only one of two simultaneous claims through", async () => {
    const { user } = await signIn(uniqueEmail("double-tap"), { isAppClient: true });
    const row = await loadUser(user.id);
    const results = await Promise.allSettled([
      claimAppPremium(harness.services, row, true),
      claimAppPremium(harness.services, row, true),
      claimAppPremium(harness.services, row, true),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(2);
    for (const result of refused) expect(result.reason).toBeInstanceOf(Conflict);
  });

  it("refuses a user who is not an app user", async () => {
    const { user } = await signIn(uniqueEmail("browser"));
    const error = await rejection(
      claimAppPremium(harness.services, await loadUser(user.id), false),
    );
    expect(error).toBeInstanceOf(Forbidden);
    expect((await loadUser(user.id)).premiumUntil).toBeNull();
  });

  it("accepts a browser user who now uses the app, and marks them an app user", async () => {
    const { user } = await signIn(uniqueEmail("convert"));
    await claimAppPremium(harness.services, await loadUser(user.id), true);
    expect(await loadUser(user.id)).toMatchObject({ isAppUser: true, appPremiumClaimedOn: TODAY });
  });
});

describe("sign-in merges the anonymous visitor's data", () => {
  async function subjectVisits(subject: string): Promise<number[]> {
    const rows = await harness.services.db
      .select({ courseId: visits.courseId })
      .from(visits)
      .where(eq(visits.subject, subject))
      .orderBy(asc(visits.courseId));
    return rows.map((row) => row.courseId);
  }

  async function subjectFavourites(subject: string): Promise<number[]> {
    const rows = await harness.services.db
      .select({ courseId: favourites.courseId })
      .from(favourites)
      .where(eq(favourites.subject, subject))
      .orderBy(asc(favourites.courseId));
    return rows.map((row) => row.courseId);
  }

  it("moves visits and favourites into the new account", async () => {
    const anonymousId = `merge-anon-${Date.now()}-a`;
    const anonymous = anonymousSubject(anonymousId);
    const opener = { kind: "anonymous" as const, anonymousId, ip: "203.0.113.20" };
    await openCourse(harness.services, opener, courseIds[0]!);
    harness.clock.advance(1000);
    await openCourse(harness.services, opener, courseIds[1]!);
    await harness.services.db.insert(favourites).values([
      { subject: anonymous, courseId: courseIds[2]!, createdAt: harness.clock.now() },
      { subject: anonymous, courseId: courseIds[3]!, createdAt: harness.clock.now() },
    ]);

    const { user } = await signIn(uniqueEmail("merger"), { anonymousId });
    expect(await subjectVisits(user.id)).toEqual([courseIds[0], courseIds[1]]);
    expect(await subjectFavourites(user.id)).toEqual([courseIds[2], courseIds[3]]);
    expect(await subjectVisits(anonymous)).toEqual([]);
    expect(await subjectFavourites(anonymous)).toEqual([]);
    // History shows them newest first, as the dashboard lists it.
    expect((await listHistory(harness.services, user.id)).map((entry) => entry.courseId)).toEqual([
      courseIds[1],
      courseIds[0],
    ]);
  });

  it("keeps one row when the account already has the same visit and favourite", async () => {
    const email = uniqueEmail("overlap");
    const first = await signIn(email);
    await openCourse(harness.services, { kind: "user", userId: first.user.id }, courseIds[4]!);
    await harness.services.db
      .insert(favourites)
      .values({ subject: first.user.id, courseId: courseIds[4]! });
    await signOut(harness.services, first.sessionId);

    const anonymousId = `merge-anon-${Date.now()}-b`;
    const anonymous = anonymousSubject(anonymousId);
    await openCourse(
      harness.services,
      { kind: "anonymous", anonymousId, ip: "203.0.113.21" },
      courseIds[4]!,
    );
    await harness.services.db.insert(favourites).values([
      { subject: anonymous, courseId: courseIds[4]! },
      { subject: anonymous, courseId: courseIds[5]! },
    ]);

    const again = await signIn(email, { anonymousId });
    expect(again.isNew).toBe(false);
    expect(await subjectVisits(first.user.id)).toEqual([courseIds[4]]);
    expect(await subjectFavourites(first.user.id)).toEqual([courseIds[4], courseIds[5]]);
    expect(await subjectVisits(anonymous)).toEqual([]);
    expect(await subjectFavourites(anonymous)).toEqual([]);
  });

  it("leaves other visitors' data alone", async () => {
    const mine = `merge-anon-${Date.now()}-c`;
    const theirs = `merge-anon-${Date.now()}-d`;
    await openCourse(
      harness.services,
      { kind: "anonymous", anonymousId: theirs, ip: "203.0.113.22" },
      courseIds[0]!,
    );
    const { user } = await signIn(uniqueEmail("solo"), { anonymousId: mine });
    expect(await subjectVisits(user.id)).toEqual([]);
    expect(await subjectVisits(anonymousSubject(theirs))).toEqual([courseIds[0]]);
    const [row] = await harness.services.db
      .select({ n: count() })
      .from(visits)
      .where(and(eq(visits.subject, anonymousSubject(theirs)), eq(visits.day, TODAY)));
    expect(row?.n).toBe(1);
  });
});
