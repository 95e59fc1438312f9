import { and, asc, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { parseConfig } from "../../config";
import { courses, dailyCounters, users, visits, type UserRow } from "../../db/schema";
import { anonymousSubject, signInWithLocalIdentity } from "./accounts";
import { findPublicCourse, listCourses } from "../catalog/catalog";
import { listHistory, openCourse, quoteCourseOpening, type CourseOpener } from "./credits";
import { listMarkedCourseIds } from "../catalog/course-marks";
import { NotFound, OutOfCredits } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import type { Services } from "../../services";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";
/** One second into 23 November in Jakarta. */
const NEXT_DAY = "2026-11-22T17:00:01Z";
const COURSE_COUNT = 60;

let harness: TestServices;
/** Live courses, in import order. */
let courseIds: number[] = [];
let expiredId: number;
let noCouponId: number;
let sequence = 0;

function coupon(slug: string, overrides: Partial<CouponRecord> = {}): CouponRecord {
  const couponCode = overrides.couponCode === undefined ? `${slug.toUpperCase()}-SECRET` : null;
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/${couponCode ? `?couponCode=${couponCode}` : ""}`,
    couponCode,
    title: `Credits Course ${slug}`,
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
    ...overrides,
  };
}

async function idOf(slug: string): Promise<number> {
  const [row] = await harness.services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.slug, slug));
  return row!.id;
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  const live = Array.from({ length: COURSE_COUNT }, (_, index) =>
    coupon(`live-${String(index).padStart(2, "0")}`),
  );
  const summary = await importCouponRecords(
    harness.services,
    [
      ...live,
      // Its coupon ran out an hour before "now".
      coupon("expired", { expiresAt: new Date("2026-11-22T02:00:00Z") }),
      coupon("no-coupon", { couponCode: null }),
    ],
    "test",
  );
  expect(summary.rejected).toEqual([]);
  expect(summary.added).toBe(COURSE_COUNT + 2);
  const rows = await harness.services.db
    .select({ id: courses.id })
    .from(courses)
    .where(like(courses.slug, "live-%"))
    .orderBy(asc(courses.slug));
  courseIds = rows.map((row) => row.id);
  expiredId = await idOf("expired");
  noCouponId = await idOf("no-coupon");
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

function uniqueLabel(label: string): string {
  sequence += 1;
  return `${label}-${sequence}-${Date.now()}`;
}

function anonymous(ip = `198.51.100.${(sequence % 250) + 1}`): CourseOpener & {
  kind: "anonymous";
} {
  return { kind: "anonymous", anonymousId: uniqueLabel("anon"), ip };
}

async function newUser(
  values: Partial<typeof users.$inferInsert> = {},
): Promise<CourseOpener & { kind: "user"; userId: string }> {
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${uniqueLabel("learner")}@example.com`,
  });
  if (Object.keys(values).length > 0) {
    await harness.services.db.update(users).set(values).where(eq(users.id, user.id));
  }
  return { kind: "user", userId: user.id };
}

async function loadUser(id: string): Promise<UserRow> {
  const [row] = await harness.services.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function visitCount(subject: string): Promise<number> {
  const [row] = await harness.services.db
    .select({ n: count() })
    .from(visits)
    .where(eq(visits.subject, subject));
  return row?.n ?? 0;
}

async function creditsUsed(subject: string, day = TODAY): Promise<number> {
  const [row] = await harness.services.db
    .select({ used: dailyCounters.creditsUsed })
    .from(dailyCounters)
    .where(and(eq(dailyCounters.subject, subject), eq(dailyCounters.day, day)));
  return row?.used ?? 0;
}

const open = (opener: CourseOpener, courseId: number) =>
  openCourse(harness.services, opener, courseId);

async function expectOutOfCredits(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutOfCredits);
  expect((error as OutOfCredits).status).toBe(402);
  expect((error as OutOfCredits).message).toBe("Credit Limit Reached");
}

describe("anonymous visitors", () => {
  it("open 3 courses a day; the 4th is refused and leaves no trace", async () => {
    const visitor = anonymous();
    const subject = anonymousSubject(visitor.anonymousId);
    for (const id of courseIds.slice(0, 3)) {
      const opened = await open(visitor, id);
      expect(opened.spent).toBe(true);
      expect(opened.location).toMatch(
        /^https:\/\/www\.udemy\.com\/course\/live-\d+\/\?couponCode=/,
      );
    }
    await expectOutOfCredits(open(visitor, courseIds[3]!));
    expect(await creditsUsed(subject)).toBe(3);
    expect(await visitCount(subject)).toBe(3);
    expect(
      await listMarkedCourseIds(harness.services, visits, subject, courseIds.slice(0, 4)),
    ).toEqual(expect.not.arrayContaining([courseIds[3]]));
    expect(
      (await listMarkedCourseIds(harness.services, visits, subject, courseIds.slice(0, 4))).sort(),
    ).toEqual(courseIds.slice(0, 3).sort());
  });

  it("re-open a course already opened today for free, even when out of credits", async () => {
    const visitor = anonymous();
    for (const id of courseIds.slice(0, 3)) await open(visitor, id);
    await expectOutOfCredits(open(visitor, courseIds[3]!));
    harness.clock.advance(60_000);
    const again = await open(visitor, courseIds[1]!);
    expect(again.spent).toBe(false);
    expect(again.location).toContain("couponCode=LIVE-01-SECRET");
    expect(await creditsUsed(anonymousSubject(visitor.anonymousId))).toBe(3);
    expect(await visitCount(anonymousSubject(visitor.anonymousId))).toBe(3);
  });

  it("get 3 fresh credits on the next Jakarta day", async () => {
    const visitor = anonymous();
    for (const id of courseIds.slice(0, 3)) await open(visitor, id);
    await expectOutOfCredits(open(visitor, courseIds[3]!));

    harness.clock.set("2026-11-22T16:59:59Z");
    await expectOutOfCredits(open(visitor, courseIds[3]!));

    harness.clock.set(NEXT_DAY);
    // Yesterday's course costs again today: the free re-open is per day.
    expect((await open(visitor, courseIds[0]!)).spent).toBe(true);
    expect((await open(visitor, courseIds[3]!)).spent).toBe(true);
    expect((await open(visitor, courseIds[4]!)).spent).toBe(true);
    await expectOutOfCredits(open(visitor, courseIds[5]!));
    expect(await creditsUsed(anonymousSubject(visitor.anonymousId), "2026-11-23")).toBe(3);
  });

  it("cannot get more than 3 by opening many courses at once", async () => {
    const visitor = anonymous();
    const results = await Promise.allSettled(courseIds.slice(0, 15).map((id) => open(visitor, id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(12);
    for (const result of refused) expect(result.reason).toBeInstanceOf(OutOfCredits);
    expect(await creditsUsed(anonymousSubject(visitor.anonymousId))).toBe(3);
    expect(await visitCount(anonymousSubject(visitor.anonymousId))).toBe(3);
  });

  it("are capped per IP address, so fresh anonymous cookies don't help", async () => {
    // The shared database, configured as ANON_CREDITS_PER_IP_PER_DAY=5 would configure it.
    const config = parseConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
      ANON_CREDITS_PER_IP_PER_DAY: "5",
    });
    expect(config.auth.anonCreditsPerIpPerDay).toBe(5);
    const capped: Services = { ...harness.services, config };
    const ids = courseIds.slice(20, 28);
    const ip = "192.0.2.77";
    const visitor = (name: string, from = ip) => ({
      kind: "anonymous" as const,
      anonymousId: uniqueLabel(`ip-cap-${name}`),
      ip: from,
    });
    const [first, second, third, elsewhere] = [
      visitor("one"),
      visitor("two"),
      visitor("three"),
      visitor("four", "192.0.2.78"),
    ];
    const openIn = (opener: CourseOpener, id: number) => openCourse(capped, opener, id);

    for (const id of ids.slice(0, 3)) expect((await openIn(first, id)).spent).toBe(true);
    expect((await openIn(second, ids[0]!)).spent).toBe(true);
    expect((await openIn(second, ids[1]!)).spent).toBe(true);
    // Five from this IP today: the second cookie's third credit, and a third cookie, are refused.
    await expectOutOfCredits(openIn(second, ids[2]!));
    await expectOutOfCredits(openIn(third, ids[0]!));
    // A refused open spends nothing on either counter and keeps no visit.
    expect(await creditsUsed(anonymousSubject(second.anonymousId))).toBe(2);
    expect(await creditsUsed(anonymousSubject(third.anonymousId))).toBe(0);
    expect(await visitCount(anonymousSubject(third.anonymousId))).toBe(0);
    expect(await creditsUsed(`ip:${ip}`)).toBe(5);
    // Re-opening stays free under the IP cap; another address is unaffected.
    expect((await openIn(first, ids[0]!)).spent).toBe(false);
    expect((await openIn(elsewhere, ids[0]!)).spent).toBe(true);

    harness.clock.set(NEXT_DAY);
    expect((await openIn(third, ids[0]!)).spent).toBe(true);
    expect((await openIn(second, ids[2]!)).spent).toBe(true);
  });

  it("are capped at 30 a day per IP by default", async () => {
    expect(harness.services.config.auth.anonCreditsPerIpPerDay).toBe(30);
    const ip = "192.0.2.99";
    for (let index = 0; index < 10; index += 1) {
      const cookie = anonymous(ip);
      for (const id of courseIds.slice(0, 3)) expect((await open(cookie, id)).spent).toBe(true);
    }
    await expectOutOfCredits(open(anonymous(ip), courseIds[0]!));
    expect(await creditsUsed(`ip:${ip}`)).toBe(30);
  });
});

describe("signed-in users", () => {
  it("open 10 courses on 10 credits, then are refused", async () => {
    const opener = await newUser();
    const opened = courseIds.slice(0, 10);
    for (const id of opened) {
      harness.clock.advance(1000);
      const result = await open(opener, id);
      expect(result.spent).toBe(true);
      expect(result.location).toContain("?couponCode=");
    }
    harness.clock.advance(1000);
    await expectOutOfCredits(open(opener, courseIds[10]!));

    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(0);
    expect(user.clickCount).toBe(10);
    expect(await visitCount(opener.userId)).toBe(10);

    const history = await listHistory(harness.services, opener.userId);
    expect(history.map((entry) => entry.courseId)).toEqual([...opened].reverse());
    expect(history[0]).toMatchObject({
      title: "Credits Course live-09",
      link: "https://www.udemy.com/course/live-09/",
      courseType: "Development",
    });
    // The history never carries the coupon.
    expect(JSON.stringify(history)).not.toContain("couponCode");
    const times = history.map((entry) => Date.parse(entry.visitedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("re-open a course opened today for free at a zero balance; it moves to the top", async () => {
    const opener = await newUser({ creditBalance: 2 });
    await open(opener, courseIds[0]!);
    harness.clock.advance(1000);
    await open(opener, courseIds[1]!);
    await expectOutOfCredits(open(opener, courseIds[2]!));

    harness.clock.advance(1000);
    const again = await open(opener, courseIds[0]!);
    expect(again).toMatchObject({ spent: false, title: "Credits Course live-00" });
    expect(again.location).toContain("couponCode=LIVE-00-SECRET");
    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(0);
    expect(user.clickCount).toBe(2);
    expect(
      (await listHistory(harness.services, opener.userId)).map((entry) => entry.courseId),
    ).toEqual([courseIds[0], courseIds[1]]);
  });

  it("see their history newest first even when the clock stands still (FAKE_NOW)", async () => {
    const opener = await newUser();
    const opened = courseIds.slice(30, 36);
    for (const id of opened) await open(opener, id);
    expect(
      (await listHistory(harness.services, opener.userId)).map((entry) => entry.courseId),
    ).toEqual([...opened].reverse());
  });

  it("limit the history to the requested number of entries", async () => {
    const opener = await newUser();
    for (const id of courseIds.slice(0, 5)) {
      harness.clock.advance(1000);
      await open(opener, id);
    }
    const latest = await listHistory(harness.services, opener.userId, 2);
    expect(latest.map((entry) => entry.courseId)).toEqual([courseIds[4], courseIds[3]]);
  });

  it("as premium are never refused and their balance is untouched", async () => {
    const opener = await newUser({ isPremium: true, creditBalance: 0 });
    for (const id of courseIds.slice(0, 15)) {
      const result = await open(opener, id);
      expect(result.spent).toBe(false);
      expect(result.location).toContain("?couponCode=");
    }
    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(0);
    expect(user.clickCount).toBe(15);
    expect(await visitCount(opener.userId)).toBe(15);
  });

  it("with temporary premium spend nothing until it lapses", async () => {
    const premiumUntil = new Date(new Date(NOW).getTime() + 3_600_000);
    const opener = await newUser({ premiumUntil });
    expect((await open(opener, courseIds[0]!)).spent).toBe(false);
    expect((await loadUser(opener.userId)).creditBalance).toBe(10);
    harness.clock.set(new Date(premiumUntil.getTime() + 1000));
    expect((await open(opener, courseIds[1]!)).spent).toBe(true);
    expect((await loadUser(opener.userId)).creditBalance).toBe(9);
  });

  it("are refused (NotFound) when the account does not exist, and no visit is kept", async () => {
    const ghost = { kind: "user" as const, userId: "no-such-user" };
    await expect(open(ghost, courseIds[0]!)).rejects.toBeInstanceOf(NotFound);
    expect(await visitCount("no-such-user")).toBe(0);
  });
});

describe("courses that cannot be opened for credit", () => {
  it("an expired coupon leads to the plain course link and spends nothing", async () => {
    const opener = await newUser();
    const result = await open(opener, expiredId);
    expect(result).toEqual({
      location: "https://www.udemy.com/course/expired/",
      title: "Credits Course expired",
      spent: false,
    });
    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(10);
    expect(user.clickCount).toBe(0);

    const visitor = anonymous();
    expect((await open(visitor, expiredId)).location).toBe("https://www.udemy.com/course/expired/");
    expect(await creditsUsed(anonymousSubject(visitor.anonymousId))).toBe(0);
  });

  it("a course without a coupon leads to its link and spends nothing", async () => {
    const opener = await newUser();
    expect(await open(opener, noCouponId)).toMatchObject({
      location: "https://www.udemy.com/course/no-coupon/",
      spent: false,
    });
    expect((await loadUser(opener.userId)).creditBalance).toBe(10);
  });

  it("an inactive course leads to its link and spends nothing, even just after it was opened", async () => {
    // Opened while listed, the course's facts are kept for the next opens…
    expect((await open(await newUser(), courseIds[59]!)).spent).toBe(true);
    const opener = await newUser();
    await harness.services.db
      .update(courses)
      .set({ active: false })
      .where(eq(courses.id, courseIds[59]!));
    // …until the catalogue changes, which forgets every "catalog:" key (as every import does).
    harness.services.cache.forget("catalog:");
    try {
      expect(await open(opener, courseIds[59]!)).toMatchObject({
        location: "https://www.udemy.com/course/live-59/",
        spent: false,
      });
      expect((await loadUser(opener.userId)).creditBalance).toBe(10);
    } finally {
      await harness.services.db
        .update(courses)
        .set({ active: true })
        .where(eq(courses.id, courseIds[59]!));
      harness.services.cache.forget("catalog:");
    }
  });

  it("a kept course whose coupon has ended since is read again: its link, nothing spent", async () => {
    const endsAt = new Date(new Date(NOW).getTime() + 10 * 60_000);
    await harness.services.db
      .update(courses)
      .set({ expiresAt: endsAt })
      .where(eq(courses.id, courseIds[57]!));
    harness.services.cache.forget("catalog:");
    try {
      expect((await open(await newUser(), courseIds[57]!)).spent).toBe(true);
      harness.clock.set(new Date(endsAt.getTime() + 1000));
      const late = await newUser();
      expect(await open(late, courseIds[57]!)).toMatchObject({
        location: "https://www.udemy.com/course/live-57/",
        spent: false,
      });
      expect((await loadUser(late.userId)).creditBalance).toBe(10);
    } finally {
      await harness.services.db
        .update(courses)
        .set({ expiresAt: new Date("2026-12-31T00:00:00Z") })
        .where(eq(courses.id, courseIds[57]!));
      harness.services.cache.forget("catalog:");
    }
  });

  it("an unknown course is NotFound, for users and anonymous visitors alike", async () => {
    const opener = await newUser();
    await expect(open(opener, 987_654)).rejects.toBeInstanceOf(NotFound);
    await expect(open(anonymous(), 987_654)).rejects.toBeInstanceOf(NotFound);
    expect((await loadUser(opener.userId)).creditBalance).toBe(10);
  });

  it("an unknown course writes nothing and opens no transaction (a flood of bad ids)", async () => {
    const opener = await newUser();
    const transaction = vi.spyOn(harness.services.db, "transaction");
    const execute = vi.spyOn(harness.services.db, "execute");
    try {
      await expect(open(opener, 987_655)).rejects.toBeInstanceOf(NotFound);
      await expect(open(anonymous(), 987_655)).rejects.toBeInstanceOf(NotFound);
      expect(transaction).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
      // The spies see the transactions of a real open (so their silence above means something).
      await open(opener, courseIds[58]!);
      expect(transaction).toHaveBeenCalledTimes(1);
      await open(anonymous(), courseIds[58]!);
      expect(transaction).toHaveBeenCalledTimes(2);
    } finally {
      transaction.mockRestore();
      execute.mockRestore();
    }
  });
});

describe("ids no integer column can hold", () => {
  it("are NotFound before any query, for opening, quoting and finding", async () => {
    const user = await newUser();
    for (const id of [2_147_483_648, 4_294_967_296, 0, -1, 1.5, Number.MAX_SAFE_INTEGER]) {
      await expect(openCourse(harness.services, user, id), String(id)).rejects.toBeInstanceOf(
        NotFound,
      );
      await expect(quoteCourseOpening(harness.services, user, id)).rejects.toBeInstanceOf(NotFound);
      expect(await findPublicCourse(harness.services, id)).toBeNull();
    }
    expect((await loadUser(user.userId)).creditBalance).toBe(10);
    expect(await visitCount(user.userId)).toBe(0);
  });
});

describe("quoting an opening (the confirmation page)", () => {
  it("costs 1 credit the first time, nothing on a re-open, for premium or an expired coupon", async () => {
    const user = await newUser();
    const courseId = courseIds[40]!;
    const quote = await quoteCourseOpening(harness.services, user, courseId);
    expect(quote).toEqual({ title: "Credits Course live-40", cost: 1 });
    // A quote spends nothing and leaves no history.
    expect((await loadUser(user.userId)).creditBalance).toBe(10);
    expect(await visitCount(user.userId)).toBe(0);

    await openCourse(harness.services, user, courseId);
    expect(await quoteCourseOpening(harness.services, user, courseId)).toMatchObject({ cost: 0 });

    const premium = await newUser({ isPremium: true });
    expect(await quoteCourseOpening(harness.services, premium, courseId)).toMatchObject({
      cost: 0,
    });
    expect(await quoteCourseOpening(harness.services, anonymous(), expiredId)).toMatchObject({
      cost: 0,
    });
    expect(await quoteCourseOpening(harness.services, anonymous(), courseId)).toMatchObject({
      cost: 1,
    });
  });
});

describe("concurrent opens", () => {
  it("50 opens of 50 courses at once on 10 credits: exactly 10 succeed", async () => {
    const opener = await newUser();
    const targets = courseIds.slice(0, 50);
    const results = await Promise.allSettled(targets.map((id) => open(opener, id)));

    const succeeded = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused) expect(result.reason).toBeInstanceOf(OutOfCredits);
    for (const result of succeeded) expect(result.value.spent).toBe(true);

    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(0);
    expect(user.clickCount).toBe(10);
    expect(await visitCount(opener.userId)).toBe(10);
    // The visits kept are exactly the opens that succeeded.
    const openedIds = targets.filter((_, index) => results[index]!.status === "fulfilled");
    expect(
      (await listMarkedCourseIds(harness.services, visits, opener.userId, targets)).sort(),
    ).toEqual(openedIds.sort());
  });

  it("30 users' opens at once share a transaction; the one without credit is refused alone", async () => {
    const openers = await Promise.all(Array.from({ length: 30 }, () => newUser()));
    const broke = openers[13]!;
    await harness.services.db
      .update(users)
      .set({ creditBalance: 0 })
      .where(eq(users.id, broke.userId));
    const transactions = vi.spyOn(harness.services.db, "transaction");
    let results: Array<PromiseSettledResult<{ spent: boolean }>>;
    try {
      results = await Promise.allSettled(
        openers.map((opener, index) => open(opener, courseIds[20 + index]!)),
      );
      // Together, not one by one: the opens that arrive in one turn are written at once.
      expect(transactions.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      transactions.mockRestore();
    }
    results.forEach((result, index) => {
      if (index === 13)
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(OutOfCredits);
      else
        expect(result).toEqual({
          status: "fulfilled",
          value: expect.objectContaining({ spent: true }),
        });
    });
    for (const [index, opener] of openers.entries()) {
      const user = await loadUser(opener.userId);
      expect(user.creditBalance, `user ${index}`).toBe(index === 13 ? 0 : 9);
      expect(await visitCount(opener.userId), `user ${index}`).toBe(index === 13 ? 0 : 1);
    }
  });

  it("20 opens of the same course at once: all succeed, one credit spent", async () => {
    const opener = await newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => open(opener, courseIds[7]!)),
    );
    expect(results.every((result) => result.location.includes("couponCode=LIVE-07-SECRET"))).toBe(
      true,
    );
    expect(results.filter((result) => result.spent)).toHaveLength(1);
    const user = await loadUser(opener.userId);
    expect(user.creditBalance).toBe(9);
    expect(user.clickCount).toBe(1);
    expect(await visitCount(opener.userId)).toBe(1);
  });
});

describe("the coupon stays private until a course is opened", () => {
  it("appears in the opened location only, never in the public listing", async () => {
    const page = await listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS });
    expect(page.courses.length).toBeGreaterThan(0);
    const listed = JSON.stringify(page);
    expect(listed).not.toContain("couponCode");
    expect(listed).not.toContain("-SECRET");
    expect(listed).not.toMatch(/coupon_?(code|url)/i);

    const course = await findPublicCourse(harness.services, courseIds[3]!);
    expect(JSON.stringify(course)).not.toContain("SECRET");

    const opened = await open(anonymous(), courseIds[3]!);
    expect(opened.location).toBe("https://www.udemy.com/course/live-03/?couponCode=LIVE-03-SECRET");
  });
});
