import { PUSH_MESSAGES } from "../../core/push";
import { rememberAlertLocale } from "../../server/domain/alerts/alert-locale";
import { sendTestPush } from "../../server/domain/push-subscriptions";
import { answerLocale } from "../../server/web/answer-language";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/push-test";

/** POST /push/test: a test notification to each browser the signed-in user turned push on in. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, PUSH_MESSAGES.signInRequired);
    await rememberAlertLocale(
      context.services,
      user.id,
      answerLocale({ acceptLanguage: request.headers.get("accept-language") }),
    );
    const result = await sendTestPush(context.services, user.id);
    return Response.json({ success: true, message: PUSH_MESSAGES.testSent, ...result });
  } catch (error) {
    return jsonErrorResponse(error, "result");
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
