import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../../core/dates";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { parseConfig } from "../../config";
import {
  articles,
  auditLog,
  courses,
  favourites,
  ingestRuns,
  redeemCodes,
  users,
  visits,
  type UserRow,
} from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import {
  adminAddCredits,
  adminCreateCodes,
  adminFindUsers,
  adminListArticles,
  adminListCodes,
  adminSetArticleStatus,
  adminSetCodeDisabled,
  adminSetPremium,
  getAdminOverview,
  isAdmin,
  listAuditLog,
  listIngestRuns,
  requireAdmin,
} from "./admin";
import { findArticle, listArticles } from "../articles/articles";
import { openCourse } from "../accounts/credits";
import { listSitemapEntries } from "../catalog/sitemap";
import { NotFound, ValidationError } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import { redeemCode } from "../accounts/redeem";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";
const DAY_MS = 86_400_000;

const UNKNOWN_CODE_MESSAGE = "This code is not valid. Please check it and try again.";

let harness: TestServices;

beforeAll(async () => {
  // Spaces and capitals on purpose: the list is trimmed and compared case-insensitively.
  harness = await createTestServices({
    now: NOW,
    env: { ADMIN_EMAILS: " Boss@Example.com , ops@example.com" },
  });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  const { db } = harness.services;
  await db.delete(auditLog);
  await db.delete(articles);
  await db.delete(ingestRuns);
  await db.delete(visits);
  await db.delete(favourites);
  await db.delete(courses);
  await db.delete(redeemCodes);
  await db.delete(users);
  harness.services.cache.forget();
  harness.clock.set(NOW);
});

let sequence = 0;

async function signIn(email: string): Promise<UserRow> {
  return (await signInWithLocalIdentity(harness.services, { email })).user;
}

async function newUser(label: string): Promise<UserRow> {
  sequence += 1;
  return signIn(`${label}-${sequence}@example.com`);
}

/** A live coupon found yesterday morning (Jakarta), expiring in a week. */
function coupon(overrides: Partial<CouponRecord> = {}): CouponRecord {
  sequence += 1;
  const couponCode = overrides.couponCode ?? `SECRET${sequence}CODE`;
  return {
    courseUrl: `https://www.udemy.com/course/admin-course-${sequence}/?couponCode=${couponCode}`,
    couponCode,
    title: `Admin Course ${sequence}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 60,
    udemyRating: 4,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 100,
    expiresAt: new Date("2026-11-29T00:00:00Z"),
    foundAt: new Date("2026-11-21T02:00:00Z"),
    ...overrides,
  };
}

/** Imports the records and returns their course ids, in order. */
async function loadCourses(records: CouponRecord[]): Promise<number[]> {
  const summary = await importCouponRecords(harness.services, records, "test");
  expect(summary.rejected).toEqual([]);
  const ids: number[] = [];
  for (const record of records) {
    const [row] = await harness.services.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.couponCode, record.couponCode!));
    ids.push(row!.id);
  }
  return ids;
}

async function insertArticle(values: Partial<typeof articles.$inferInsert> = {}): Promise<number> {
  sequence += 1;
  const [row] = await harness.services.db
    .insert(articles)
    .values({
      slug: `article-${sequence}`,
      title: `Article ${sequence}`,
      content: "A perfectly ordinary article about learning to program, with enough words.",
      author: "Budi Santoso",
      createdAt: harness.clock.now(),
      moderation: { title: { isSafe: true, reason: "Looks fine." } },
      ...values,
    })
    .returning({ id: articles.id });
  return row!.id;
}

async function auditRows() {
  return harness.services.db.select().from(auditLog).orderBy(asc(auditLog.id));
}

async function expectNoAudit(): Promise<void> {
  expect(await auditRows()).toEqual([]);
}

/** Exactly one audit row: the actor, the action, the target, stamped with the clock's time. */
async function expectSingleAudit(actor: UserRow, action: string, target: string) {
  const rows = await auditRows();
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action,
    target,
  });
  expect(row!.createdAt.toISOString()).toBe(harness.clock.now().toISOString());
  return row!;
}

async function userRow(id: string): Promise<UserRow> {
  const [row] = await harness.services.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A Google account's subject: digits only. */
const GOOGLE_SUBJECT = "109876543210987654321";

describe("who is an operator", () => {
  it("isAdmin compares e-mails case-insensitively against the trimmed ADMIN_EMAILS", () => {
    const { services } = harness;
    expect(services.config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "boss@example.com" })).toBe(true);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "BOSS@EXAMPLE.COM" })).toBe(true);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "Ops@Example.Com" })).toBe(true);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "boss@example.co" })).toBe(false);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "someone@example.com" })).toBe(false);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "" })).toBe(false);
    expect(isAdmin(services, null)).toBe(false);
  });

  it("an empty ADMIN_EMAILS lets nobody in", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      SEED: "none",
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      ADMIN_EMAILS: " , ",
    });
    expect(config.adminEmails).toEqual([]);
    const services = { ...harness.services, config };
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "boss@example.com" })).toBe(false);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "" })).toBe(false);
  });

  it("requireAdmin answers NotFound (404, not 403) for visitors and non-operators", async () => {
    const { services } = harness;
    const nobody = await newUser("nobody");
    for (const user of [null, nobody]) {
      let thrown: unknown;
      try {
        requireAdmin(services, user);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(NotFound);
      expect((thrown as NotFound).status).toBe(404);
    }
    const boss = await signIn("BOSS@example.com");
    expect(boss.email).toBe("boss@example.com");
    expect(requireAdmin(services, boss)).toBe(boss);
  });

  it("in production an account of the dev sign-in is never an operator, a Google one is", async () => {
    const boss = await signIn("boss@example.com");
    expect(boss.id).toMatch(/^local-/);
    const config = parseConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      ADMIN_EMAILS: "boss@example.com",
    });
    const services = { ...harness.services, config };
    expect(isAdmin(services, boss)).toBe(false);
    expect(() => requireAdmin(services, boss)).toThrow(NotFound);
    expect(isAdmin(services, { id: GOOGLE_SUBJECT, email: "boss@example.com" })).toBe(true);
  });
});

describe("redeem codes", () => {
  it("creates codes with the CLI's options and one audit row naming them", async () => {
    const boss = await signIn("boss@example.com");
    const expiresAt = new Date("2026-12-31T23:59:59+07:00");
    const codes = await adminCreateCodes(harness.services, boss, {
      type: "credits",
      credits: 25,
      maxUses: 3,
      count: 2,
      expiresAt,
    });
    expect(codes).toHaveLength(2);
    const row = await expectSingleAudit(boss, "codes.create", codes.join(","));
    expect(row.details).toMatchObject({
      type: "credits",
      credits: 25,
      maxUses: 3,
      count: 2,
      expiresAt: expiresAt.toISOString(),
    });

    const listed = await adminListCodes(harness.services);
    expect(listed.map((code) => code.code).sort()).toEqual([...codes].sort());
    for (const code of listed) {
      expect(code).toMatchObject({
        type: "credits",
        credits: 25,
        maxUses: 3,
        uses: 0,
        usesLeft: 3,
        disabled: false,
        expiresAt: expiresAt.toISOString(),
      });
    }

    // A use shows in "uses left".
    const user = await newUser("redeemer");
    expect((await redeemCode(harness.services, user.id, codes[0]!)).success).toBe(true);
    const afterUse = await adminListCodes(harness.services);
    expect(afterUse.find((code) => code.code === codes[0])?.usesLeft).toBe(2);
  });

  it("creates premium codes, permanent or for some days", async () => {
    const boss = await signIn("boss@example.com");
    const [permanent] = await adminCreateCodes(harness.services, boss, {
      type: "premium",
      premiumDays: null,
      maxUses: 1,
    });
    harness.clock.advance(1000);
    const [monthly] = await adminCreateCodes(harness.services, boss, {
      type: "premium",
      premiumDays: 30,
      maxUses: 5,
    });
    const listed = await adminListCodes(harness.services);
    // Newest first.
    expect(listed.map((code) => code.code)).toEqual([monthly, permanent]);
    expect(listed[0]).toMatchObject({ type: "premium", premiumDays: 30, credits: 0, maxUses: 5 });
    expect(listed[1]).toMatchObject({ type: "premium", premiumDays: null, expiresAt: null });
    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.target])).toEqual([
      ["codes.create", permanent],
      ["codes.create", monthly],
    ]);
  });

  it("refuses a malformed request without creating or auditing anything", async () => {
    const boss = await signIn("boss@example.com");
    const bad = [
      { type: "credits", credits: 0, maxUses: 1 },
      { type: "credits", credits: 5, maxUses: 0 },
      { type: "credits", credits: Number.NaN, maxUses: 1 },
      { type: "premium", premiumDays: 2.5, maxUses: 1 },
      { type: "credits", credits: 5, maxUses: 1, count: 1001 },
    ] as const;
    for (const request of bad) {
      await expect(adminCreateCodes(harness.services, boss, request)).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(await adminListCodes(harness.services)).toEqual([]);
    await expectNoAudit();
  });

  it("a disabled code cannot be redeemed; enabling it again restores it; each is audited", async () => {
    const boss = await signIn("boss@example.com");
    const [code] = await createCodesQuietly(boss);
    const user = await newUser("redeemer");

    await adminSetCodeDisabled(harness.services, boss, code, true);
    await expectSingleAudit(boss, "codes.disable", code);
    expect((await adminListCodes(harness.services))[0]?.disabled).toBe(true);
    expect(await redeemCode(harness.services, user.id, code)).toEqual({
      success: false,
      message: UNKNOWN_CODE_MESSAGE,
    });
    expect((await userRow(user.id)).creditBalance).toBe(10);

    await harness.services.db.delete(auditLog);
    await adminSetCodeDisabled(harness.services, boss, code, false);
    await expectSingleAudit(boss, "codes.enable", code);
    const second = await newUser("second");
    const redeemed = await redeemCode(harness.services, second.id, code);
    expect(redeemed.success).toBe(true);
    expect((await userRow(second.id)).creditBalance).toBe(10 + 7);
  });

  it("an unknown code is NotFound and leaves no audit row", async () => {
    const boss = await signIn("boss@example.com");
    await expect(
      adminSetCodeDisabled(harness.services, boss, "NOSUCHCODE22", true),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      adminSetCodeDisabled(harness.services, boss, "NOSUCHCODE22", false),
    ).rejects.toBeInstanceOf(NotFound);
    await expectNoAudit();
  });
});

/** One 7-credit code, created and then its audit row cleared. */
async function createCodesQuietly(actor: UserRow): Promise<[string]> {
  const [code] = await adminCreateCodes(harness.services, actor, {
    type: "credits",
    credits: 7,
    maxUses: 10,
  });
  await harness.services.db.delete(auditLog);
  return [code!];
}

describe("articles", () => {
  it("hiding takes an article out of the page, the list and the sitemap; unhiding brings it back", async () => {
    const boss = await signIn("boss@example.com");
    const kept = await insertArticle({ createdAt: new Date("2026-11-20T10:00:00+07:00") });
    const target = await insertArticle({ title: "To be hidden" });
    // Same instant as `target` (a fixed clock): the later id is the newer.
    const twin = await insertArticle();

    await adminSetArticleStatus(harness.services, boss, target, "hidden");
    await expectSingleAudit(boss, "articles.hide", String(target));
    expect(await findArticle(harness.services, target)).toBeNull();
    expect(await findArticle(harness.services, kept)).not.toBeNull();
    const list = await listArticles(harness.services);
    expect(list.articles.map((article) => article.articleId)).toEqual([twin, kept]);
    expect(list.total).toBe(2);
    const paths = (await listSitemapEntries(harness.services)).map((entry) => entry.path);
    expect(paths).toContain(`/article?id=${kept}`);
    expect(paths).not.toContain(`/article?id=${target}`);

    // The console still lists it, newest first, with its state and moderation verdicts.
    const consoleList = await adminListArticles(harness.services);
    expect(consoleList.map((article) => [article.id, article.status])).toEqual([
      [twin, "published"],
      [target, "hidden"],
      [kept, "published"],
    ]);
    expect(consoleList[1]?.moderation).toEqual({
      title: { isSafe: true, reason: "Looks fine." },
    });

    await harness.services.db.delete(auditLog);
    await adminSetArticleStatus(harness.services, boss, target, "published");
    await expectSingleAudit(boss, "articles.unhide", String(target));
    expect((await findArticle(harness.services, target))?.title).toBe("To be hidden");
    expect((await listArticles(harness.services)).total).toBe(3);
  });

  it("an unknown or malformed article id is NotFound and leaves no audit row", async () => {
    const boss = await signIn("boss@example.com");
    await insertArticle();
    for (const id of [999_999, 0, -1, Number.NaN, 2.5, 2 ** 40]) {
      await expect(
        adminSetArticleStatus(harness.services, boss, id, "hidden"),
        String(id),
      ).rejects.toBeInstanceOf(NotFound);
    }
    await expectNoAudit();
  });
});

describe("users", () => {
  it("grants premium, and revoking clears premium time too", async () => {
    const boss = await signIn("boss@example.com");
    const member = await newUser("member");
    await harness.services.db
      .update(users)
      .set({ premiumUntil: new Date("2027-01-01T00:00:00Z") })
      .where(eq(users.id, member.id));

    await adminSetPremium(harness.services, boss, member.id, true);
    await expectSingleAudit(boss, "users.grant-premium", member.id);
    expect((await userRow(member.id)).isPremium).toBe(true);

    await harness.services.db.delete(auditLog);
    await adminSetPremium(harness.services, boss, member.id, false);
    await expectSingleAudit(boss, "users.revoke-premium", member.id);
    const revoked = await userRow(member.id);
    expect(revoked.isPremium).toBe(false);
    expect(revoked.premiumUntil).toBeNull();
  });

  it("adds credits and records how many and the new balance", async () => {
    const boss = await signIn("boss@example.com");
    const member = await newUser("member");
    expect(await adminAddCredits(harness.services, boss, member.id, 15)).toBe(25);
    const row = await expectSingleAudit(boss, "users.add-credits", member.id);
    expect(row.details).toEqual({ credits: 15, balance: 25 });
    expect((await userRow(member.id)).creditBalance).toBe(25);

    await harness.services.db.delete(auditLog);
    expect(await adminAddCredits(harness.services, boss, member.id, 10_000)).toBe(10_025);
    expect(await adminAddCredits(harness.services, boss, member.id, 1)).toBe(10_026);
    expect(await auditRows()).toHaveLength(2);
  });

  it("refuses credits that are not a whole number from 1 to 10000, without an audit row", async () => {
    const boss = await signIn("boss@example.com");
    const member = await newUser("member");
    for (const credits of [0, -5, 10_001, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(
        adminAddCredits(harness.services, boss, member.id, credits),
        String(credits),
      ).rejects.toBeInstanceOf(ValidationError);
    }
    expect((await userRow(member.id)).creditBalance).toBe(10);
    await expectNoAudit();
  });

  it("an unknown user is NotFound and leaves no audit row", async () => {
    const boss = await signIn("boss@example.com");
    await expect(
      adminSetPremium(harness.services, boss, "no-such-user", true),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      adminSetPremium(harness.services, boss, "no-such-user", false),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(adminAddCredits(harness.services, boss, "no-such-user", 5)).rejects.toBeInstanceOf(
      NotFound,
    );
    await expectNoAudit();
  });

  it("finds users by part of their e-mail, with history and favourites counts", async () => {
    const alice = await signIn("alice@example.com");
    const underscore = await signIn("al_ice@example.com");
    const percent = await signIn("50%off@example.com");
    await signIn("bob@example.org");
    const [first, second] = await loadCourses([coupon(), coupon()]);

    // Alice: two courses today, one of them again tomorrow (one history entry a day), one favourite.
    await openCourse(harness.services, { kind: "user", userId: alice.id }, first!);
    await openCourse(harness.services, { kind: "user", userId: alice.id }, second!);
    await openCourse(harness.services, { kind: "user", userId: alice.id }, second!);
    harness.clock.advance(DAY_MS);
    await openCourse(harness.services, { kind: "user", userId: alice.id }, first!);
    // Someone anonymous opens the same course: not Alice's.
    await openCourse(
      harness.services,
      { kind: "anonymous", anonymousId: "visitor-1", ip: "10.0.0.1" },
      first!,
    );
    await harness.services.db.insert(favourites).values([
      { subject: alice.id, courseId: first! },
      { subject: underscore.id, courseId: first! },
      { subject: underscore.id, courseId: second! },
      { subject: "anon:visitor-1", courseId: second! },
    ]);
    await harness.services.db
      .update(users)
      .set({ isPremium: true })
      .where(eq(users.id, underscore.id));

    const found = await adminFindUsers(harness.services, "  ALICE@ ");
    expect(found).toEqual([
      expect.objectContaining({
        id: alice.id,
        email: "alice@example.com",
        isPremium: false,
        premiumUntil: null,
        creditBalance: 7,
        clickCount: 3,
        visits: 3,
        favourites: 1,
      }),
    ]);
    expect(typeof found[0]?.joinedAt).toBe("string");

    const byDomain = await adminFindUsers(harness.services, "example.com");
    expect(byDomain.map((user) => user.email)).toEqual([
      "50%off@example.com",
      "al_ice@example.com",
      "alice@example.com",
    ]);
    expect(byDomain[1]).toMatchObject({ isPremium: true, visits: 0, favourites: 2 });

    // LIKE wildcards in the query are literal characters.
    expect((await adminFindUsers(harness.services, "_")).map((user) => user.id)).toEqual([
      underscore.id,
    ]);
    expect((await adminFindUsers(harness.services, "%")).map((user) => user.id)).toEqual([
      percent.id,
    ]);
    expect(await adminFindUsers(harness.services, "a%e")).toEqual([]);
    expect(await adminFindUsers(harness.services, "\\")).toEqual([]);
    expect(await adminFindUsers(harness.services, "")).toEqual([]);
    expect(await adminFindUsers(harness.services, "   ")).toEqual([]);
    await expectNoAudit();
  });
});

describe("overview", () => {
  it("counts courses, opens, sign-ups, articles and the last run per source", async () => {
    const { services, clock } = harness;
    const dayAt = (offset: number, time = "10:00:00") => `${addDays(TODAY, offset)}T${time}+07:00`;

    // Sign-ups: 23:30 yesterday (Jakarta) is not today; 00:30 today is, though its UTC date is
    // still the 21st.
    clock.set(dayAt(-10));
    const early = await newUser("early");
    clock.set(dayAt(-1, "23:30:00"));
    await newUser("late-yesterday");
    clock.set(dayAt(0, "00:30:00"));
    await newUser("just-after-midnight");
    clock.set(NOW);
    const today1 = await newUser("today");
    clock.set(NOW);

    const [
      week, // live for the whole week: carries the opens
      foundToday,
      foundTodayNoExpiry,
      expiredYesterday,
      withdrawn,
      futureDated,
    ] = await loadCourses([
      coupon({
        foundAt: new Date(dayAt(-10)),
        expiresAt: new Date(dayAt(10)),
      }),
      coupon({ foundAt: new Date(dayAt(0, "08:00:00")) }),
      coupon({ foundAt: new Date(dayAt(0, "00:10:00")), expiresAt: null }),
      coupon({ foundAt: new Date(dayAt(-3)), expiresAt: new Date(dayAt(-1)) }),
      coupon({ foundAt: new Date(dayAt(-2)) }),
      coupon({ foundAt: new Date(dayAt(1)) }),
    ]);
    await services.db.update(courses).set({ active: false }).where(eq(courses.id, withdrawn!));
    // A course whose coupon ran out a moment ago is expired, not listed.
    const [justExpired] = await loadCourses([
      coupon({ foundAt: new Date(dayAt(-1)), expiresAt: new Date(dayAt(0, "09:59:59")) }),
    ]);
    expect([foundTodayNoExpiry, expiredYesterday, futureDated, justExpired]).not.toContain(
      undefined,
    );

    // Opens: 8 days ago (outside the week), 6 days ago (first day shown), 3 days ago, today.
    const open = async (subject: UserRow | string, courseId: number) =>
      openCourse(
        services,
        typeof subject === "string"
          ? { kind: "anonymous", anonymousId: subject, ip: "10.0.0.9" }
          : { kind: "user", userId: subject.id },
        courseId,
      );
    clock.set(dayAt(-7));
    await open(early, week!);
    clock.set(dayAt(-6, "00:05:00"));
    await open(early, week!);
    await open("visitor-a", week!);
    clock.set(dayAt(-3, "23:55:00"));
    await open(early, week!);
    clock.set(NOW);
    await open(early, week!);
    await open(early, week!); // the same course again today: one open, one history entry
    await open(early, foundToday!);
    await open(today1, foundToday!);
    await open("visitor-b", foundToday!);

    await insertArticle();
    await insertArticle();
    await insertArticle({ status: "hidden" });

    await services.db.insert(ingestRuns).values([
      {
        source: "beta",
        startedAt: new Date(dayAt(-1, "06:00:00")),
        finishedAt: new Date(dayAt(-1, "06:01:00")),
        found: 3,
        added: 3,
      },
      {
        source: "alpha",
        startedAt: new Date(dayAt(-1, "06:00:00")),
        finishedAt: new Date(dayAt(-1, "06:02:00")),
        found: 10,
        added: 10,
      },
      {
        source: "alpha",
        startedAt: new Date(dayAt(0, "06:00:00")),
        finishedAt: new Date(dayAt(0, "06:03:00")),
        found: 12,
        added: 2,
        updated: 4,
        expired: 1,
        errors: ["feed timed out", "bad record"],
      },
    ]);

    const overview = await getAdminOverview(services);
    expect(overview).toMatchObject({
      // week, foundToday, foundTodayNoExpiry
      coursesListed: 3,
      // expiredYesterday, withdrawn, justExpired
      coursesExpired: 3,
      // foundToday, foundTodayNoExpiry
      coursesAddedToday: 2,
      users: 4,
      // just-after-midnight and today
      signupsToday: 2,
      // early: week + foundToday; today1: foundToday; visitor-b: foundToday
      opensToday: 4,
      articlesPublished: 2,
      articlesHidden: 1,
    });
    expect(overview.opensLast7Days).toEqual([
      { day: "2026-11-16", opens: 2 },
      { day: "2026-11-17", opens: 0 },
      { day: "2026-11-18", opens: 0 },
      { day: "2026-11-19", opens: 1 },
      { day: "2026-11-20", opens: 0 },
      { day: "2026-11-21", opens: 0 },
      { day: "2026-11-22", opens: 4 },
    ]);
    expect(overview.lastRuns).toHaveLength(2);
    expect(overview.lastRuns[0]).toMatchObject({
      source: "alpha",
      startedAt: new Date(dayAt(0, "06:00:00")).toISOString(),
      finishedAt: new Date(dayAt(0, "06:03:00")).toISOString(),
      found: 12,
      added: 2,
      updated: 4,
      expired: 1,
      errors: ["feed timed out", "bad record"],
    });
    expect(overview.lastRuns[1]).toMatchObject({ source: "beta", found: 3, errors: [] });

    // Every run, newest first.
    const runs = await listIngestRuns(services);
    expect(runs.map((run) => [run.source, run.found])).toEqual([
      ["alpha", 12],
      ["beta", 3],
      ["alpha", 10],
    ]);
    await expectNoAudit();
  });

  it("an empty site reads as zeros, with a week of empty days", async () => {
    const overview = await getAdminOverview(harness.services);
    expect(overview).toMatchObject({
      coursesListed: 0,
      coursesExpired: 0,
      coursesAddedToday: 0,
      users: 0,
      signupsToday: 0,
      opensToday: 0,
      articlesPublished: 0,
      articlesHidden: 0,
      lastRuns: [],
    });
    expect(overview.opensLast7Days.map((day) => day.day)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(overview.opensLast7Days.every((day) => day.opens === 0)).toBe(true);
  });
});

describe("audit log", () => {
  it("lists every action, newest first, with who and what", async () => {
    const boss = await signIn("boss@example.com");
    const ops = await signIn("OPS@example.com");
    const member = await newUser("member");
    await adminAddCredits(harness.services, boss, member.id, 5);
    harness.clock.advance(60_000);
    await adminSetPremium(harness.services, ops, member.id, true);
    const entries = await listAuditLog(harness.services);
    expect(entries.map((entry) => [entry.actorEmail, entry.action, entry.target])).toEqual([
      ["ops@example.com", "users.grant-premium", member.id],
      ["boss@example.com", "users.add-credits", member.id],
    ]);
    expect(entries[0]?.createdAt).toBe(harness.clock.now().toISOString());
  });
});
