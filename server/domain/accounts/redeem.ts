import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { REDEEM_FAILURES_PER_HOUR } from "../../../core/rules";
import { redeemCodes, redeemFailures, redemptions, users } from "../../db/schema";
import type { Transaction } from "../../db/client";
import type { Services } from "../../services";
import { LimitReached, ValidationError } from "../common/errors";

/** Redeem result. `newLimit` is the new credit balance, or "unlimited" for premium. */
export type RedeemResult = {
  success: boolean;
  message: string;
  details?: {
    type: "premium" | "credits";
    creditsAdded: number;
    leftRedeem: number;
    newLimit: number | "unlimited";
  };
};

export const REDEEM_MESSAGES = {
  unknown: "This code is not valid. Please check it and try again.",
  expired: "This code has expired.",
  usedUp: "This code has already been fully redeemed.",
  alreadyRedeemed: "You have already redeemed this code.",
  tooManyAttempts: "Too many invalid attempts. Please try again in an hour.",
  blank: "Please enter a code.",
  premiumForever: "Code redeemed! Premium access is now active.",
} as const;

export const creditsRedeemedMessage = (credits: number) =>
  `Code redeemed! ${credits} credits have been added to your account.`;
export const premiumDaysRedeemedMessage = (days: number) =>
  `Code redeemed! Premium access is active for ${days} more day${days === 1 ? "" : "s"}.`;

/** Codes are case-insensitive and trimmed; stored upper-case. */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, "");
}

/**
 * The brute-force guard looks back a sliding hour: at most 10 failed attempts per user in any
 * 60 minutes. A clock-hour bucket would let about 20 guesses through across a boundary.
 */
const FAILURE_WINDOW_MS = 60 * 60 * 1000;

async function countRecentFailures(tx: Transaction, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ failures: count() })
    .from(redeemFailures)
    .where(
      and(
        eq(redeemFailures.userId, userId),
        gt(redeemFailures.failedAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
  return row?.failures ?? 0;
}

async function recordFailure(tx: Transaction, userId: string, now: Date): Promise<void> {
  await tx.insert(redeemFailures).values({ userId, failedAt: now });
  await tx
    .delete(redeemFailures)
    .where(
      and(
        eq(redeemFailures.userId, userId),
        lte(redeemFailures.failedAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
}

/** Failures older than the window count for nobody: other users' old rows go too. */
async function pruneOldFailures(services: Services, now: Date): Promise<void> {
  try {
    await services.db
      .delete(redeemFailures)
      .where(lte(redeemFailures.failedAt, new Date(now.getTime() - FAILURE_WINDOW_MS)));
  } catch (error) {
    services.logger.warn({ err: error }, "pruning old redeem failures failed");
  }
}

/**
 * Redeems a code for a user. Atomic and race-safe: the redemption row (unique per
 * code and user) and the conditional `uses < max_uses` UPDATE happen in one transaction, so two
 * concurrent redemptions of a last use cannot both succeed, and a user cannot redeem twice.
 * The user's row is locked for the attempt, so concurrent guesses are counted one after another
 * and a burst cannot slip past the failure limit.
 */
export async function redeemCode(
  services: Services,
  userId: string,
  rawCode: string,
): Promise<RedeemResult> {
  const code = normaliseCode(rawCode);
  if (code === "") throw new ValidationError(REDEEM_MESSAGES.blank);
  if (code.length > 64) return fail(REDEEM_MESSAGES.unknown);
  const now = services.clock.now();

  let failed = false;
  const outcome = await services.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if ((await countRecentFailures(tx, userId, now)) >= REDEEM_FAILURES_PER_HOUR) {
      throw new LimitReached(REDEEM_MESSAGES.tooManyAttempts);
    }
    try {
      // A savepoint: a refused code undoes its own work, the failure record below stays.
      return await tx.transaction((attempt) => claimCode(attempt, userId, code, now));
    } catch (error) {
      if (!(error instanceof RedeemRefusal)) throw error;
      if (error.countsAsFailure) {
        await recordFailure(tx, userId, now);
        failed = true;
      }
      return fail(error.message);
    }
  });
  if (failed) await pruneOldFailures(services, now);
  return outcome;
}

async function claimCode(
  tx: Transaction,
  userId: string,
  code: string,
  now: Date,
): Promise<RedeemResult> {
  const [known] = await tx
    .select({ code: redeemCodes.code })
    .from(redeemCodes)
    .where(eq(redeemCodes.code, code));
  if (!known) throw new RedeemRefusal(REDEEM_MESSAGES.unknown);
  const inserted = await tx
    .insert(redemptions)
    .values({ code, userId, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ code: redemptions.code });
  if (inserted.length === 0) throw new RedeemRefusal(REDEEM_MESSAGES.alreadyRedeemed, false);

  const [claimed] = await tx
    .update(redeemCodes)
    .set({ uses: sql`${redeemCodes.uses} + 1` })
    .where(
      and(
        eq(redeemCodes.code, code),
        eq(redeemCodes.disabled, false),
        lt(redeemCodes.uses, redeemCodes.maxUses),
        or(isNull(redeemCodes.expiresAt), gt(redeemCodes.expiresAt, now)),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await tx.select().from(redeemCodes).where(eq(redeemCodes.code, code));
    if (!row || row.disabled) throw new RedeemRefusal(REDEEM_MESSAGES.unknown);
    if (row.expiresAt && row.expiresAt <= now) throw new RedeemRefusal(REDEEM_MESSAGES.expired);
    throw new RedeemRefusal(REDEEM_MESSAGES.usedUp);
  }

  const leftRedeem = claimed.maxUses - claimed.uses;
  if (claimed.type === "credits") {
    const [user] = await tx
      .update(users)
      .set({ creditBalance: sql`${users.creditBalance} + ${claimed.credits}` })
      .where(eq(users.id, userId))
      .returning({ balance: users.creditBalance });
    return {
      success: true,
      message: creditsRedeemedMessage(claimed.credits),
      details: {
        type: "credits" as const,
        creditsAdded: claimed.credits,
        leftRedeem,
        newLimit: user?.balance ?? 0,
      },
    };
  }
  await tx
    .update(users)
    .set(
      claimed.premiumDays === null
        ? { isPremium: true }
        : {
            premiumUntil: sql`greatest(coalesce(${users.premiumUntil}, ${now}), ${now}) + make_interval(days => ${claimed.premiumDays})`,
          },
    )
    .where(eq(users.id, userId));
  return {
    success: true,
    message:
      claimed.premiumDays === null
        ? REDEEM_MESSAGES.premiumForever
        : premiumDaysRedeemedMessage(claimed.premiumDays),
    details: {
      type: "premium" as const,
      creditsAdded: 0,
      leftRedeem,
      newLimit: "unlimited" as const,
    },
  };
}

class RedeemRefusal extends Error {
  constructor(
    message: string,
    readonly countsAsFailure = true,
  ) {
    super(message);
  }
}

function fail(message: string): RedeemResult {
  return { success: false, message };
}

export type RedemptionEntry = {
  code: string;
  timestamp: string;
  type: "premium" | "credits" | "other";
};

/** Redeem history, newest first. */
export async function listRedemptions(
  services: Services,
  userId: string,
): Promise<RedemptionEntry[]> {
  const rows = await services.db
    .select({ code: redemptions.code, redeemedAt: redemptions.redeemedAt, type: redeemCodes.type })
    .from(redemptions)
    .innerJoin(redeemCodes, eq(redeemCodes.code, redemptions.code))
    .where(eq(redemptions.userId, userId))
    .orderBy(desc(redemptions.redeemedAt));
  return rows.map((row) => ({
    code: row.code,
    timestamp: row.redeemedAt.toISOString(),
    type: row.type,
  }));
}

/** Unambiguous characters only: no 0/O, 1/I/L. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 12;

export function generateCode(): string {
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type NewCodesRequest = {
  type: "premium" | "credits";
  credits?: number;
  premiumDays?: number | null;
  maxUses: number;
  expiresAt?: Date | null;
  count?: number;
};

/** Refuses a malformed mint request (the CLI checks before it reaches any database). */
export function validateNewCodesRequest(request: NewCodesRequest): void {
  if (request.type !== "credits" && request.type !== "premium")
    throw new ValidationError("--type must be credits or premium.");
  if (!Number.isInteger(request.maxUses) || request.maxUses < 1)
    throw new ValidationError("--uses must be a positive whole number.");
  if (
    request.type === "credits" &&
    (!Number.isInteger(request.credits) || (request.credits ?? 0) < 1)
  ) {
    throw new ValidationError("A credits code needs --credits, a positive whole number.");
  }
  if (
    request.type === "premium" &&
    request.premiumDays != null &&
    (!Number.isInteger(request.premiumDays) || request.premiumDays < 1)
  ) {
    throw new ValidationError("--days must be a positive whole number.");
  }
  const count = request.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new ValidationError("--count must be between 1 and 1000.");
}

/** Operators mint codes (CLI and, later, the admin console). */
export async function createRedeemCodes(
  services: Services,
  request: NewCodesRequest,
): Promise<string[]> {
  validateNewCodesRequest(request);
  const count = request.count ?? 1;
  const codes = Array.from({ length: count }, generateCode);
  await services.db.insert(redeemCodes).values(
    codes.map((code) => ({
      code,
      type: request.type,
      credits: request.type === "credits" ? (request.credits ?? 0) : 0,
      premiumDays: request.type === "premium" ? (request.premiumDays ?? null) : null,
      maxUses: request.maxUses,
      expiresAt: request.expiresAt ?? null,
      createdAt: services.clock.now(),
    })),
  );
  return codes;
}

export async function listRedeemCodes(services: Services) {
  const rows = await services.db.select().from(redeemCodes).orderBy(asc(redeemCodes.createdAt));
  return rows.map((row) => ({ ...row, usesLeft: row.maxUses - row.uses }));
}
