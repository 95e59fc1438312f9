import { TELEGRAM_TEXTS } from "../../core/telegram";
import { sendTestTelegram } from "../../server/domain/alerts/channel-tests";
import {
  createTelegramLink,
  readTelegramChannel,
  unlinkTelegram,
} from "../../server/domain/alerts/telegram-chats";
import { answerAlertForm, formText } from "../../server/web/alert-requests";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts-telegram";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /alerts/telegram: intent=link makes a one-time deep link (t.me/<bot>?start=<token>, valid
 * 30 minutes) that links the Telegram chat which opens it; intent=unlink forgets the chat;
 * intent=test sends a test message to the linked chat now.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAlertForm(request, context, async (user, form) => {
    const intent = formText(form, "intent");
    if (intent === "link") {
      const link = await createTelegramLink(context.services, user.id);
      return Response.json({ success: true, link }, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "unlink") {
      await unlinkTelegram(context.services, user.id);
      return Response.json({
        success: true,
        telegram: await readTelegramChannel(context.services, user.id),
      });
    }
    if (intent === "test") {
      const message = await sendTestTelegram(context.services, user.id);
      return Response.json({
        success: true,
        message: answerMessage(message, answerLocaleOf(request)),
      });
    }
    throw new HttpRefusal(400, TELEGRAM_TEXTS.badIntent);
  });
}

export const loader = methodNotAllowed("POST");
