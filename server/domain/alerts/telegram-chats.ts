import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import {
  TELEGRAM_LINK_TTL_MINUTES,
  TELEGRAM_TEXTS,
  type TelegramChannel,
} from "../../../core/telegram";
import type { Database, Transaction } from "../../db/client";
import { alertDeliveries, telegramChats, telegramLinkTokens } from "../../db/schema";
import type { Services } from "../../services";
import { DomainError, NotFound } from "../common/errors";

/**
 * Linking a user's Telegram chat to their account: the dashboard makes a one-time token and shows
 * the deep link t.me/<bot>?start=<token>; Telegram hands the token to our bot in "/start <token>"
 * from that chat, and the bot links the chat (telegram-updates.ts). The token is the only proof
 * that the chat belongs to the signed-in user, so it is random, short-lived, used once and kept
 * only as a hash.
 */

/** Telegram is off (no bot token) or cannot be reached: nothing can be linked. */
export class TelegramUnavailable extends DomainError {
  override name = "TelegramUnavailable";
  override readonly status = 503;
}

const TOKEN_BYTES = 24;
const LINK_TTL_MS = TELEGRAM_LINK_TTL_MINUTES * 60_000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function readTelegramChannel(
  services: Services,
  userId: string,
): Promise<TelegramChannel> {
  const [row] = await services.db
    .select()
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId));
  return {
    available: services.telegram !== null,
    linked: row !== undefined,
    enabled: row !== undefined && row.disabledAt === null,
    note: row?.disabledNote ?? null,
  };
}

/**
 * A new deep link for the user (any earlier unused one stops working): 24 random bytes in
 * base64url (32 characters, within the 64 Telegram allows in a start parameter).
 */
export async function createTelegramLink(
  services: Services,
  userId: string,
): Promise<{ url: string; expiresAt: string }> {
  const bot = services.telegram;
  if (!bot) throw new TelegramUnavailable(TELEGRAM_TEXTS.unavailable);
  const username = await bot.username();
  if (!username.ok) {
    services.logger.warn({ failure: username.failure }, "Telegram getMe failed");
    throw new TelegramUnavailable(TELEGRAM_TEXTS.unreachable);
  }
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  await services.db.transaction(async (tx) => {
    await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
    // Expired tokens of everyone are useless: cleared as new ones are made.
    await tx.delete(telegramLinkTokens).where(lt(telegramLinkTokens.expiresAt, now));
    await tx.insert(telegramLinkTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
  });
  return {
    url: `https://t.me/${username.result}?start=${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Uses a token sent to the bot from `chatId`: when it is known and unexpired it is spent (deleted)
 * and the chat is linked to its user — replacing the user's earlier chat, taking the chat from an
 * account that had it, clearing a note of why it was off. Returns the token's user and whether
 * the chat was linked (not when the token had expired), or null for an unknown or used token.
 */
export async function linkChatByToken(
  tx: Transaction,
  token: string,
  chatId: number,
  now: Date,
): Promise<{ userId: string; linked: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [spent] = await tx
    .delete(telegramLinkTokens)
    .where(eq(telegramLinkTokens.tokenHash, hashToken(token)))
    .returning();
  if (!spent) return null;
  if (spent.expiresAt <= now) return { userId: spent.userId, linked: false };
  await tx
    .delete(telegramChats)
    .where(and(eq(telegramChats.chatId, chatId), ne(telegramChats.userId, spent.userId)));
  await tx
    .insert(telegramChats)
    .values({ userId: spent.userId, chatId, linkedAt: now })
    .onConflictDoUpdate({
      target: telegramChats.userId,
      set: { chatId, linkedAt: now, disabledAt: null, disabledNote: null },
    });
  return { userId: spent.userId, linked: true };
}

/** Telegram deliveries not sent yet are of no use once the chat is gone: they are cancelled. */
async function cancelWaitingDeliveries(
  db: Database | Transaction,
  userId: string,
  why: string,
  exceptId?: number,
) {
  await db
    .update(alertDeliveries)
    .set({ status: "cancelled", claimToken: null, error: why })
    .where(
      and(
        eq(alertDeliveries.userId, userId),
        eq(alertDeliveries.channel, "telegram"),
        inArray(alertDeliveries.status, ["pending", "sending"]),
        exceptId === undefined ? undefined : ne(alertDeliveries.id, exceptId),
      ),
    );
}

/** Forgets the user's chat; what was waiting for it is cancelled. */
export async function unlinkTelegram(services: Services, userId: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const removed = await tx
      .delete(telegramChats)
      .where(eq(telegramChats.userId, userId))
      .returning({ userId: telegramChats.userId });
    if (removed.length === 0) throw new NotFound(TELEGRAM_TEXTS.notLinked);
    await cancelWaitingDeliveries(tx, userId, "Telegram was unlinked");
  });
}

/**
 * The chat will not take our messages again (the user blocked the bot, the chat is gone): it is
 * kept, switched off, with a note for the dashboard, and nothing more is queued or sent to it
 * until the user links Telegram again. Only the chat that failed is switched off, not one the
 * user linked since.
 */
export async function disableTelegramChat(
  services: Services,
  userId: string,
  chatId: number,
  reason: string,
  /** The delivery that met the failure: its sender records it as failed. */
  failedDeliveryId?: number,
): Promise<void> {
  const note = telegramStoppedNote(services.clock.today(), reason);
  await services.db.transaction(async (tx) => {
    const disabled = await tx
      .update(telegramChats)
      .set({ disabledAt: services.clock.now(), disabledNote: note })
      .where(
        and(
          eq(telegramChats.userId, userId),
          eq(telegramChats.chatId, chatId),
          sql`${telegramChats.disabledAt} is null`,
        ),
      )
      .returning({ userId: telegramChats.userId });
    if (disabled.length > 0) {
      await cancelWaitingDeliveries(tx, userId, "the Telegram chat stopped", failedDeliveryId);
    }
  });
}

/** The user's chat when alerts may go to it. */
export async function enabledChatOf(services: Services, userId: string): Promise<number | null> {
  const [row] = await services.db
    .select({ chatId: telegramChats.chatId, disabledAt: telegramChats.disabledAt })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId));
  return row && row.disabledAt === null ? row.chatId : null;
}

/** The note the Alerts tab shows when Telegram refused the chat (translated there). */
export function telegramStoppedNote(day: string, reason: string): string {
  return `Telegram alerts stopped on ${day}: Telegram said “${reason}”. Link Telegram again to turn them back on.`;
}
