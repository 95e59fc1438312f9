import * as m from "../../../core/paraglide/messages";
import type { Services } from "../../services";
import { sendDueMessages, type SendTickOutcome } from "./message-queue";
import { disableTelegramChat, enabledChatOf } from "./telegram-chats";
import { buildCourseMessage } from "./telegram-message";

/**
 * One tick of Telegram alerts, on the same queue rules as push (message-queue.ts): outside the
 * quiet hours, at most 20 a user a day, one message per course, each sent once. What Telegram
 * answers decides the rest:
 * - the chat is gone (403 blocked by the user, 400 chat not found): the user's chat is switched
 *   off with a note, this delivery fails and the waiting ones are cancelled — never retried;
 * - 429: this delivery and the rest of the batch go back untried, and the tick ends (Telegram
 *   said when to come back; the next tick is later than that nearly always);
 * - Telegram refused this message (another 400): it fails, the chat stays on;
 * - Telegram or the network failed: tried again after the lease, failed after 5 tries.
 */
export async function sendDueTelegramAlerts(services: Services): Promise<SendTickOutcome> {
  const bot = services.telegram;
  if (!bot) return { sent: 0, failed: 0, held: 0 };
  const siteUrl = services.config.publicSiteUrl;
  return sendDueMessages(services, "telegram", async (delivery) => {
    const chatId = await enabledChatOf(services, delivery.userId);
    if (chatId === null) return { verdict: "failed", error: "no Telegram chat takes alerts" };
    const { locale } = delivery;
    const text = buildCourseMessage(
      siteUrl,
      m.alerts_telegram_heading({}, { locale }),
      delivery,
      services.clock.now(),
      locale,
    );
    const answer = await bot.sendMessage(chatId, text);
    if (answer.ok) return { verdict: "sent" };
    const { failure } = answer;
    switch (failure.kind) {
      case "chat-gone":
        await disableTelegramChat(
          services,
          delivery.userId,
          chatId,
          failure.description,
          delivery.id,
        );
        return { verdict: "failed", error: failure.description };
      case "rate-limited":
        services.logger.warn({ retryAfter: failure.retryAfterSeconds }, "Telegram rate limit");
        return { verdict: "skip", stop: true };
      case "rejected":
        return { verdict: "failed", error: failure.description };
      case "unavailable":
        return { verdict: "retry", error: failure.description };
    }
  });
}
