import { eq, sql } from "drizzle-orm";
import { BASE_LOCALE, type Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import type { BotFailure, TelegramBot, TelegramUpdate } from "../../adapters/telegram/bot-api";
import { users } from "../../db/schema";
import type { Services } from "../../services";
import { linkChatByToken } from "./telegram-chats";
import { escapeTelegramHtml } from "./telegram-message";

/** telegram_bot_state key of the next update to ask for (every one below it was handled). */
const OFFSET_KEY = "updates_offset";

/** "/start", "/start TOKEN", "/start@OurBot TOKEN". */
const START_COMMAND = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

/**
 * The language to answer a sender we cannot tie to an account in: their Telegram app's language
 * (an IETF tag such as "id" or "en-US"), as a page answers by Accept-Language; else English.
 */
function telegramUserLocale(languageCode: string | undefined): Locale {
  return languageCode?.toLowerCase().split("-")[0] === "id" ? "id" : BASE_LOCALE;
}

async function readOffset(services: Services): Promise<number> {
  const result = (await services.db.execute(
    sql`select value from telegram_bot_state where key = ${OFFSET_KEY}`,
  )) as unknown as { rows: Array<{ value: string }> };
  return Number(result.rows[0]?.value ?? 0);
}

/**
 * Handles one update once: moving the stored offset past it and linking its chat happen in one
 * transaction, so an update read twice (a crash before the offset reached Telegram, two
 * instances polling across a lease hand-over) changes nothing the second time. The reply goes
 * after the commit; losing one to a crash loses a courtesy, never a link.
 */
async function handleUpdate(services: Services, bot: TelegramBot, update: TelegramUpdate) {
  const message = update.message;
  const reply = await services.db.transaction(async (tx) => {
    const moved = (await tx.execute(sql`
      insert into telegram_bot_state (key, value, updated_at)
      values (${OFFSET_KEY}, ${String(update.update_id + 1)}, now())
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
       where telegram_bot_state.value::bigint <= ${update.update_id}
      returning 1`)) as unknown as { rows: unknown[] };
    if (moved.rows.length === 0) return null;
    // Only private chats link: in a group, "/start" would hand the group everyone's alerts.
    if (!message?.text || message.chat.type !== "private") return null;
    const start = START_COMMAND.exec(message.text.trim());
    if (!start) return null;
    const senderLocale = telegramUserLocale(message.from?.language_code);
    if (!start[1]) return m.alerts_telegram_hello({}, { locale: senderLocale });
    const link = await linkChatByToken(tx, start[1], message.chat.id, services.clock.now());
    if (link?.linked) services.logger.info({ userId: link.userId }, "Telegram chat linked");
    // A token that names a user (spent now, or expired) is answered in that user's alert language.
    const [user] = link
      ? await tx.select({ locale: users.alertLocale }).from(users).where(eq(users.id, link.userId))
      : [];
    const locale = user?.locale ?? senderLocale;
    return link?.linked
      ? m.alerts_telegram_linked({}, { locale })
      : m.alerts_telegram_bad_token({}, { locale });
  });
  if (reply && message) {
    const sent = await bot.sendMessage(message.chat.id, escapeTelegramHtml(reply));
    if (!sent.ok) services.logger.warn({ failure: sent.failure }, "Telegram reply not sent");
  }
}

/**
 * One long poll: asks for the updates after the stored offset, waiting up to `timeoutSeconds`,
 * and handles each. Runs on one instance at a time (telegram-bot-worker.ts holds the lease).
 */
export async function pollTelegramUpdates(
  services: Services,
  options: { timeoutSeconds: number; signal?: AbortSignal },
): Promise<{ handled: number; failure?: BotFailure }> {
  const bot = services.telegram;
  if (!bot) return { handled: 0 };
  const answer = await bot.getUpdates(
    await readOffset(services),
    options.timeoutSeconds,
    options.signal,
  );
  if (!answer.ok) return { handled: 0, failure: answer.failure };
  const updates = [...answer.result].sort((a, b) => a.update_id - b.update_id);
  for (const update of updates) await handleUpdate(services, bot, update);
  return { handled: updates.length };
}
