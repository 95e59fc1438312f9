import { emailChannelInputSchema } from "../../core/alert-rules";
import { setEmailChannel } from "../../server/domain/alerts/my-alerts";
import { sendTestEmail } from "../../server/domain/alerts/channel-tests";
import { answerAlertForm, formText } from "../../server/web/alert-requests";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts-email";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /alerts/email (enabled=true|false, hour=0..23 in Asia/Jakarta): the daily e-mail digest;
 * intent=test sends a test e-mail to the user's address now.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAlertForm(request, context, async (user, form) => {
    if (formText(form, "intent") === "test") {
      const message = await sendTestEmail(context.services, user.id);
      return Response.json({
        success: true,
        message: answerMessage(message, answerLocaleOf(request)),
      });
    }
    const input = parseInput(
      emailChannelInputSchema,
      { enabled: formText(form, "enabled"), hour: formText(form, "hour") || undefined },
      (issue) =>
        issue.path[0] === "enabled" ? "Say enabled=true or enabled=false." : issue.message,
    );
    const email = await setEmailChannel(context.services, user.id, input);
    return Response.json({ success: true, email });
  });
}

export const loader = methodNotAllowed("POST");
