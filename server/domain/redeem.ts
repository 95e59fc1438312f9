import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { REDEEM_FAILURES_PER_HOUR } from "../../core/rules";
import { dailyCounters, redeemCodes, redemptions, users } from "../db/schema";
import type { Services } from "../services";
import { LimitReached, ValidationError } from "./errors";

/** SPEC §3 redeem result. `newLimit` is the new credit balance, or "unlimited" for premium. */
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
} as const;

/** Codes are case-insensitive and trimmed; stored upper-case. */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, "");
}

/** The brute-force guard counts failures per user per clock hour (UTC hour bucket). */
function failureSubject(userId: string, now: Date): string {
  return `redeem-fail:${userId}:${now.toISOString().slice(0, 13)}`;
}

async function failuresThisHour(services: Services, userId: string): Promise<number> {
  const now = services.clock.now();
  const [row] = await services.db
    .select({ failures: dailyCounters.redeemFailures })
    .from(dailyCounters)
    .where(
      and(
        eq(dailyCounters.subject, failureSubject(userId, now)),
        eq(dailyCounters.day, services.clock.today()),
      ),
    );
  return row?.failures ?? 0;
}

async function recordFailure(services: Services, userId: string): Promise<void> {
  await services.db
    .insert(dailyCounters)
    .values({
      subject: failureSubject(userId, services.clock.now()),
      day: services.clock.today(),
      redeemFailures: 1,
    })
    .onConflictDoUpdate({
      target: [dailyCounters.subject, dailyCounters.day],
      set: { redeemFailures: sql`${dailyCounters.redeemFailures} + 1` },
    });
}

/**
 * Redeems a code for a user (DESIGN.md §5). Atomic and race-safe: the redemption row (unique per
 * code and user) and the conditional `uses < max_uses` UPDATE happen in one transaction, so two
 * concurrent redemptions of a last use cannot both succeed, and a user cannot redeem twice.
 */
export async function redeemCode(
  services: Services,
  userId: string,
  rawCode: string,
): Promise<RedeemResult> {
  const code = normaliseCode(rawCode);
  if (code === "") throw new ValidationError(REDEEM_MESSAGES.blank);
  if (code.length > 64) return fail(REDEEM_MESSAGES.unknown);
  if ((await failuresThisHour(services, userId)) >= REDEEM_FAILURES_PER_HOUR) {
    throw new LimitReached(REDEEM_MESSAGES.tooManyAttempts);
  }
  const now = services.clock.now();

  let outcome: RedeemResult;
  try {
    outcome = await services.db.transaction(async (tx) => {
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
          message: `Code redeemed! ${claimed.credits} credits have been added to your account.`,
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
            ? "Code redeemed! Premium access is now active."
            : `Code redeemed! Premium access is active for ${claimed.premiumDays} more day${claimed.premiumDays === 1 ? "" : "s"}.`,
        details: {
          type: "premium" as const,
          creditsAdded: 0,
          leftRedeem,
          newLimit: "unlimited" as const,
        },
      };
    });
  } catch (error) {
    if (!(error instanceof RedeemRefusal)) throw error;
    if (error.countsAsFailure) await recordFailure(services, userId);
    return fail(error.message);
  }
  return outcome;
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

/** SPEC §3 redeem history, newest first. */
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
