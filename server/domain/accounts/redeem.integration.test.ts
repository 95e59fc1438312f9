import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { redeemCodes, redeemFailures, redemptions, users } from "../../db/schema";
import { hasPremium, signInWithLocalIdentity } from "./accounts";
import { LimitReached, ValidationError } from "../common/errors";
import {
  CODE_LENGTH,
  createRedeemCodes,
  generateCode,
  listRedeemCodes,
  listRedemptions,
  normaliseCode,
  redeemCode,
  type NewCodesRequest,
} from "./redeem";

/** 10:00 in Jakarta on 22 November 2026 (03:00 UTC). */
const NOW = "2026-11-22T10:00:00+07:00";
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const MESSAGES = {
  unknown: "This code is not valid. Please check it and try again.",
  expired: "This code has expired.",
  usedUp: "This code has already been fully redeemed.",
  alreadyRedeemed: "You have already redeemed this code.",
  tooManyAttempts: "Too many invalid attempts. Please try again in an hour.",
};
/** Only characters that cannot be mistaken for each other: no 0/O, 1/I/L. */
const UNAMBIGUOUS_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]+$/;

let harness: TestServices;
let emailSequence = 0;

async function newUserId(label: string): Promise<string> {
  emailSequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${label}-${emailSequence}@example.com`,
  });
  return user.id;
}

async function mint(request: Partial<NewCodesRequest> = {}): Promise<string> {
  const [code] = await createRedeemCodes(harness.services, {
    type: "credits",
    credits: 20,
    maxUses: 5,
    ...request,
  });
  return code!;
}

const redeem = (userId: string, code: string) => redeemCode(harness.services, userId, code);

async function userRow(userId: string) {
  const [row] = await harness.services.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function codeRow(code: string) {
  const [row] = await harness.services.db
    .select()
    .from(redeemCodes)
    .where(eq(redeemCodes.code, code));
  return row!;
}

async function redemptionCount(code: string): Promise<number> {
  const [row] = await harness.services.db
    .select({ total: count() })
    .from(redemptions)
    .where(eq(redemptions.code, code));
  return row?.total ?? 0;
}

async function failureRows(userId: string): Promise<number> {
  const [row] = await harness.services.db
    .select({ total: count() })
    .from(redeemFailures)
    .where(eq(redeemFailures.userId, userId));
  return row?.total ?? 0;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(Error);
  return error as Error;
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.clock.set(NOW);
});

describe("redeemCode: race safety", () => {
  it("lets exactly 5 of 20 concurrent users redeem a code with 5 uses", async () => {
    const code = await mint({ maxUses: 5, credits: 20 });
    const userIds: string[] = [];
    for (let index = 0; index < 20; index += 1) userIds.push(await newUserId("racer"));

    const results = await Promise.all(userIds.map((userId) => redeem(userId, code)));
    const winners = userIds.filter((_, index) => results[index]!.success);
    expect(winners).toHaveLength(5);
    const refused = results.filter((result) => !result.success);
    expect(refused).toHaveLength(15);
    for (const result of refused)
      expect(result).toEqual({ success: false, message: MESSAGES.usedUp });
    // Each winner claimed a different use.
    expect(
      results
        .flatMap((result) => (result.details ? [result.details.leftRedeem] : []))
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4]);

    expect(await codeRow(code)).toMatchObject({ uses: 5, maxUses: 5 });
    expect(await redemptionCount(code)).toBe(5);
    for (const userId of userIds) {
      const won = winners.includes(userId);
      expect((await userRow(userId)).creditBalance).toBe(won ? 30 : 10);
      expect((await listRedemptions(harness.services, userId)).map((item) => item.code)).toEqual(
        won ? [code] : [],
      );
    }
  });

  it("lets one user redeem a code once, even when asking concurrently", async () => {
    const code = await mint({ maxUses: 10, credits: 5 });
    const userId = await newUserId("double");
    const results = await Promise.all([1, 2, 3, 4].map(() => redeem(userId, code)));
    expect(results.filter((result) => result.success)).toHaveLength(1);
    for (const result of results.filter((item) => !item.success))
      expect(result.message).toBe(MESSAGES.alreadyRedeemed);
    expect(await codeRow(code)).toMatchObject({ uses: 1 });
    expect((await userRow(userId)).creditBalance).toBe(15);
  });
});

describe("redeemCode: refusals", () => {
  it("refuses a second redemption by the same user without counting it as a failed attempt", async () => {
    const code = await mint({ maxUses: 3 });
    const userId = await newUserId("twice");
    expect((await redeem(userId, code)).success).toBe(true);
    // Far more than the brute-force guard allows, were they counted.
    for (let attempt = 0; attempt < 12; attempt += 1)
      expect(await redeem(userId, code)).toEqual({
        success: false,
        message: MESSAGES.alreadyRedeemed,
      });
    expect(await codeRow(code)).toMatchObject({ uses: 1 });
    expect(await redemptionCount(code)).toBe(1);
    expect((await userRow(userId)).creditBalance).toBe(30);
    // Not locked out: another valid code still works this hour.
    expect((await redeem(userId, await mint())).success).toBe(true);
  });

  it("refuses an expired code and an unknown code", async () => {
    const userId = await newUserId("refused");
    const stale = await mint({ expiresAt: new Date(Date.parse(NOW) - 1000) });
    expect(await redeem(userId, stale)).toEqual({ success: false, message: MESSAGES.expired });
    expect(await codeRow(stale)).toMatchObject({ uses: 0 });
    expect(await redemptionCount(stale)).toBe(0);

    // A code that works until tomorrow stops working once tomorrow has come.
    const later = await mint({ expiresAt: new Date(Date.parse(NOW) + DAY_MS) });
    harness.clock.advance(DAY_MS);
    expect(await redeem(userId, later)).toEqual({ success: false, message: MESSAGES.expired });
    harness.clock.set(NOW);

    expect(await redeem(userId, "ABCDEFGHJKMN")).toEqual({
      success: false,
      message: MESSAGES.unknown,
    });
    expect((await userRow(userId)).creditBalance).toBe(10);
    expect(await listRedemptions(harness.services, userId)).toEqual([]);
  });

  it("refuses a fully redeemed code", async () => {
    const code = await mint({ maxUses: 1 });
    const first = await newUserId("first");
    const second = await newUserId("second");
    expect(await redeem(first, code)).toMatchObject({
      success: true,
      details: { leftRedeem: 0 },
    });
    expect(await redeem(second, code)).toEqual({ success: false, message: MESSAGES.usedUp });
    expect(await redemptionCount(code)).toBe(1);
    expect((await userRow(second)).creditBalance).toBe(10);
  });

  it("refuses a blank code as a validation error", async () => {
    const userId = await newUserId("blank");
    const error = await refusal(redeem(userId, "   "));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe("Please enter a code.");
  });
});

describe("redeemCode: rewards", () => {
  it("treats codes case-insensitively and ignores surrounding spaces", async () => {
    const code = await mint({ maxUses: 2, credits: 7 });
    const userId = await newUserId("lower");
    const result = await redeem(userId, `  ${code.toLowerCase()} \n`);
    expect(result.success).toBe(true);
    expect(await listRedemptions(harness.services, userId)).toMatchObject([{ code }]);
    expect(normaliseCode(`  ${code.toLowerCase()} `)).toBe(code);
    expect(normaliseCode(" ab cd ")).toBe("ABCD");
  });

  it("adds a credits code's credits: details carry the new balance as newLimit", async () => {
    const code = await mint({ type: "credits", credits: 20, maxUses: 100 });
    const userId = await newUserId("credits");
    expect((await userRow(userId)).creditBalance).toBe(10);
    const result = await redeem(userId, code);
    expect(result).toEqual({
      success: true,
      message: "Code redeemed! 20 credits have been added to your account.",
      details: { type: "credits", creditsAdded: 20, leftRedeem: 99, newLimit: 30 },
    });
    expect((await userRow(userId)).creditBalance).toBe(30);

    // The balance keeps what it had: a second credits code adds on top.
    const more = await redeem(userId, await mint({ credits: 5, maxUses: 1 }));
    expect(more.details).toEqual({ type: "credits", creditsAdded: 5, leftRedeem: 0, newLimit: 35 });
  });

  it("makes a permanent premium code's user premium, with an unlimited newLimit", async () => {
    const code = await mint({ type: "premium", premiumDays: null, maxUses: 3 });
    const userId = await newUserId("premium");
    const result = await redeem(userId, code);
    expect(result).toEqual({
      success: true,
      message: "Code redeemed! Premium access is now active.",
      details: { type: "premium", creditsAdded: 0, leftRedeem: 2, newLimit: "unlimited" },
    });
    const row = await userRow(userId);
    expect(row.isPremium).toBe(true);
    expect(row.creditBalance).toBe(10);
    expect(hasPremium(row, harness.clock.now())).toBe(true);
  });

  it("extends premium_until by a days code, stacking on premium time already held", async () => {
    const userId = await newUserId("days");
    const now = Date.parse(NOW);
    const thirty = await redeem(userId, await mint({ type: "premium", premiumDays: 30 }));
    expect(thirty).toEqual({
      success: true,
      message: "Code redeemed! Premium access is active for 30 more days.",
      details: { type: "premium", creditsAdded: 0, leftRedeem: 4, newLimit: "unlimited" },
    });
    let row = await userRow(userId);
    expect(row.isPremium).toBe(false);
    expect(row.premiumUntil?.getTime()).toBe(now + 30 * DAY_MS);
    expect(hasPremium(row, harness.clock.now())).toBe(true);

    // Ten days later a 1-day code adds to the 20 days still left.
    harness.clock.advance(10 * DAY_MS);
    const oneDay = await redeem(userId, await mint({ type: "premium", premiumDays: 1 }));
    expect(oneDay.message).toBe("Code redeemed! Premium access is active for 1 more day.");
    row = await userRow(userId);
    expect(row.premiumUntil?.getTime()).toBe(now + 31 * DAY_MS);

    // Lapsed premium starts again from now, not from the old end.
    harness.clock.set(new Date(now + 60 * DAY_MS));
    expect(hasPremium(await userRow(userId), harness.clock.now())).toBe(false);
    await redeem(userId, await mint({ type: "premium", premiumDays: 7 }));
    row = await userRow(userId);
    expect(row.premiumUntil?.getTime()).toBe(now + 67 * DAY_MS);
  });
});

describe("redeemCode: brute-force guard", () => {
  it("refuses every attempt after 10 failures within an hour, then allows again an hour later", async () => {
    const userId = await newUserId("guessing");
    const valid = await mint({ maxUses: 5, credits: 20 });
    // 10:05 WIB … 10:14 WIB: ten wrong guesses (used-up and expired codes count too).
    harness.clock.set("2026-11-22T10:05:00+07:00");
    const usedUp = await mint({ maxUses: 1 });
    await redeem(await newUserId("other"), usedUp);
    const guesses = [
      ...Array.from({ length: 8 }, (_, index) => `WRONGCODE${index + 2}`),
      usedUp,
      await mint({ expiresAt: new Date(Date.parse(NOW) - 1000) }),
    ];
    for (const guess of guesses) {
      const result = await redeem(userId, guess);
      expect(result.success).toBe(false);
      harness.clock.advance(60_000);
    }

    // The 11th attempt is refused before the code is even looked at, valid or not.
    harness.clock.set("2026-11-22T10:40:00+07:00");
    const error = await refusal(redeem(userId, valid));
    expect(error).toBeInstanceOf(LimitReached);
    expect(error.message).toBe(MESSAGES.tooManyAttempts);
    expect((await refusal(redeem(userId, "WRONGCODE99"))).message).toBe(MESSAGES.tooManyAttempts);
    expect(await codeRow(valid)).toMatchObject({ uses: 0 });
    expect((await userRow(userId)).creditBalance).toBe(10);

    // Someone else is not affected.
    expect((await redeem(await newUserId("innocent"), valid)).success).toBe(true);

    // An hour later the guard has moved on.
    harness.clock.advance(HOUR_MS);
    const result = await redeem(userId, valid);
    expect(result).toMatchObject({ success: true, details: { creditsAdded: 20 } });
    expect((await userRow(userId)).creditBalance).toBe(30);
  });

  it("looks back a sliding hour: 10 failures at 10:59 still refuse at 11:01, not at 11:59:30", async () => {
    const userId = await newUserId("boundary");
    const valid = await mint({ maxUses: 5, credits: 20 });
    harness.clock.set("2026-11-22T10:59:00+07:00");
    for (let index = 0; index < 10; index += 1)
      expect((await redeem(userId, `EDGE${index}`)).success).toBe(false);
    // A new clock hour has begun, but the failures are two minutes old.
    harness.clock.set("2026-11-22T11:01:00+07:00");
    expect((await refusal(redeem(userId, valid))).message).toBe(MESSAGES.tooManyAttempts);
    harness.clock.set("2026-11-22T11:58:59+07:00");
    expect((await refusal(redeem(userId, "EDGE-LATE"))).message).toBe(MESSAGES.tooManyAttempts);
    // An hour after the last failure the window is empty again.
    harness.clock.set("2026-11-22T11:59:30+07:00");
    expect(await redeem(userId, valid)).toMatchObject({ success: true });
  });

  it("counts failures spread over the hour, and forgets each one an hour after it", async () => {
    const userId = await newUserId("spread");
    harness.clock.set("2026-11-23T08:00:00+07:00");
    // One failure every 6 minutes: 08:00 … 08:54.
    for (let index = 0; index < 10; index += 1) {
      expect((await redeem(userId, `SPREAD${index}`)).success).toBe(false);
      harness.clock.advance(6 * 60_000);
    }
    harness.clock.set("2026-11-23T08:59:59+07:00");
    expect((await refusal(redeem(userId, "SPREAD-X"))).message).toBe(MESSAGES.tooManyAttempts);
    // At 09:00:01 the 08:00 failure has left the window: one more attempt fits, then not again.
    harness.clock.set("2026-11-23T09:00:01+07:00");
    expect((await redeem(userId, "SPREAD-Y")).message).toBe(MESSAGES.unknown);
    expect((await refusal(redeem(userId, "SPREAD-Z"))).message).toBe(MESSAGES.tooManyAttempts);
  });

  it("keeps failures in the database and prunes the ones older than the window", async () => {
    const userId = await newUserId("stored");
    const other = await newUserId("stored-other");
    harness.clock.set("2026-11-24T08:00:00+07:00");
    await redeem(userId, "STORED1");
    await redeem(userId, "STORED2");
    expect(await failureRows(userId)).toBe(2);
    harness.clock.set("2026-11-24T09:30:00+07:00");
    await redeem(other, "STORED3");
    // Everyone's failures older than an hour are gone; the new one is kept.
    expect(await failureRows(userId)).toBe(0);
    expect(await failureRows(other)).toBe(1);
  });

  it("counts a burst of concurrent guesses one after another: never more than 10 get through", async () => {
    const userId = await newUserId("burst");
    harness.clock.set("2026-11-25T08:00:00+07:00");
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, index) => redeem(userId, `BURST${index}`)),
    );
    const answered = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter(
      (result) => result.status === "rejected" && result.reason instanceof LimitReached,
    );
    expect(answered).toHaveLength(10);
    expect(refused).toHaveLength(6);
    expect(await failureRows(userId)).toBe(10);
  });

  it("allows 9 failures and a 10th attempt in the same hour", async () => {
    const userId = await newUserId("nine");
    for (let index = 0; index < 9; index += 1)
      expect((await redeem(userId, `NOPE${index}`)).message).toBe(MESSAGES.unknown);
    expect((await redeem(userId, "NOPE-TENTH")).message).toBe(MESSAGES.unknown);
    expect((await refusal(redeem(userId, "NOPE-ELEVENTH"))).message).toBe(MESSAGES.tooManyAttempts);
  });
});

describe("createRedeemCodes and listRedeemCodes", () => {
  it("mints unique 12-character codes from the unambiguous alphabet", async () => {
    const codes = await createRedeemCodes(harness.services, {
      type: "credits",
      credits: 20,
      maxUses: 100,
      count: 200,
    });
    expect(codes).toHaveLength(200);
    expect(new Set(codes).size).toBe(200);
    expect(CODE_LENGTH).toBeGreaterThanOrEqual(12);
    for (const code of codes) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect(code).toMatch(UNAMBIGUOUS_CODE);
      expect(code).not.toMatch(/[0O1IL]/);
    }
    const generated = Array.from({ length: 2000 }, generateCode);
    expect(new Set(generated).size).toBe(2000);
    expect(generated.join("")).toMatch(UNAMBIGUOUS_CODE);
    // Over 24,000 characters every allowed one shows up, so none is silently left out.
    expect(new Set(generated.join("")).size).toBe(31);

    const listed = await listRedeemCodes(harness.services);
    const mine = listed.filter((row) => codes.includes(row.code));
    expect(mine).toHaveLength(200);
    expect(mine[0]).toMatchObject({
      type: "credits",
      credits: 20,
      premiumDays: null,
      maxUses: 100,
      uses: 0,
      usesLeft: 100,
      expiresAt: null,
      disabled: false,
    });
  });

  it("stores a premium code's days and expiry, and reports uses left", async () => {
    const expiresAt = new Date("2026-12-31T23:59:59+07:00");
    const [code] = await createRedeemCodes(harness.services, {
      type: "premium",
      premiumDays: 30,
      credits: 99,
      maxUses: 2,
      expiresAt,
    });
    await redeem(await newUserId("lister"), code!);
    const [row] = (await listRedeemCodes(harness.services)).filter((item) => item.code === code);
    expect(row).toMatchObject({
      type: "premium",
      credits: 0,
      premiumDays: 30,
      maxUses: 2,
      uses: 1,
      usesLeft: 1,
    });
    expect(row!.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
  });

  it.each([
    [{ maxUses: 0 }, "--uses must be a positive whole number."],
    [{ maxUses: -3 }, "--uses must be a positive whole number."],
    [{ maxUses: 1.5 }, "--uses must be a positive whole number."],
    [{ maxUses: Number.NaN }, "--uses must be a positive whole number."],
    [{ credits: undefined }, "A credits code needs --credits, a positive whole number."],
    [{ credits: 0 }, "A credits code needs --credits, a positive whole number."],
    [{ credits: 2.5 }, "A credits code needs --credits, a positive whole number."],
    [{ credits: Number.NaN }, "A credits code needs --credits, a positive whole number."],
    [{ count: 0 }, "--count must be between 1 and 1000."],
    [{ count: 1001 }, "--count must be between 1 and 1000."],
    [{ count: 2.5 }, "--count must be between 1 and 1000."],
    [{ type: "premium", premiumDays: 0 }, "--days must be a positive whole number."],
    [{ type: "premium", premiumDays: -7 }, "--days must be a positive whole number."],
    [{ type: "premium", premiumDays: Number.NaN }, "--days must be a positive whole number."],
  ] as Array<[Partial<NewCodesRequest>, string]>)(
    "refuses %o with a validation error and mints nothing",
    async (overrides, message) => {
      const before = (await listRedeemCodes(harness.services)).length;
      const error = await refusal(
        createRedeemCodes(harness.services, {
          type: "credits",
          credits: 10,
          maxUses: 5,
          ...overrides,
        }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(message);
      expect((await listRedeemCodes(harness.services)).length).toBe(before);
    },
  );
});

describe("listRedemptions", () => {
  it("lists the user's redeemed codes newest first, with their type", async () => {
    const userId = await newUserId("history");
    const credits = await mint({ type: "credits", credits: 3 });
    const premium = await mint({ type: "premium", premiumDays: 2 });
    await redeem(userId, credits);
    harness.clock.advance(60_000);
    await redeem(userId, premium);
    await redeem(await newUserId("history-other"), credits);

    expect(await listRedemptions(harness.services, userId)).toEqual([
      {
        code: premium,
        timestamp: new Date(Date.parse(NOW) + 60_000).toISOString(),
        type: "premium",
      },
      { code: credits, timestamp: new Date(NOW).toISOString(), type: "credits" },
    ]);
  });
});
