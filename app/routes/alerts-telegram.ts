import { TELEGRAM_TEXTS } from "../../core/telegram";
import { sendTestTelegram } from "../../server/domain/alerts/channel-tests";
import { rememberAlertLocale } from "../../server/domain/alerts/alert-locale";
import { takeAlertWriteLimit } from "../../server/domain/alerts/my-alerts";
import {
  createTelegramLink,
  readTelegramChannel,
  unlinkTelegram,
} from "../../server/domain/alerts/telegram-chats";
import { alertUser, formText, readAlertForm } from "../../server/web/alert-requests";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts-telegram";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /alerts/telegram: intent=link makes a one-time deep link (t.me/<bot>?start=<token>, valid
 * 30 minutes) that links the Telegram chat which opens it; intent=unlink forgets the chat;
 * intent=test sends a test message to the linked chat now.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = alertUser(context.identity.user);
    await takeAlertWriteLimit(context.services, user.id);
    const form = await readAlertForm(request);
    // The Alerts tab's language is the language the user's alerts speak from now on.
    await rememberAlertLocale(context.services, user.id, answerLocaleOf(request, form));
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
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}

export const loader = methodNotAllowed("POST");
