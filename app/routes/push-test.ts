import { PUSH_MESSAGES } from "../../core/push";
import { rememberAlertLocale } from "../../server/domain/alerts/alert-locale";
import { sendTestPush } from "../../server/domain/alerts/push-subscriptions";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/push-test";
import { methodNotAllowed } from "../../server/web/responses";

/** POST /push/test: a test notification to each browser the signed-in user turned push on in. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, PUSH_MESSAGES.signInRequired);
    await rememberAlertLocale(context.services, user.id, answerLocaleOf(request));
    const result = await sendTestPush(context.services, user.id);
    return Response.json({
      success: true,
      message: answerMessage(PUSH_MESSAGES.testSent, answerLocaleOf(request)),
      ...result,
    });
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}

export const loader = methodNotAllowed("POST");
