import { PUSH_MESSAGES } from "../../core/push";
import { rememberAlertLocale } from "../../server/domain/alerts/alert-locale";
import {
  pushPublicKey,
  subscribePush,
  unsubscribePush,
} from "../../server/domain/alerts/push-subscriptions";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/push-subscriptions";

/**
 * /push/subscriptions, for signed-in users (the page's push toggle calls it):
 * GET → `{ publicKey }`, the VAPID key to subscribe with;
 * POST a PushSubscription's JSON → this browser gets push alerts;
 * DELETE `{ endpoint }` → it no longer does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    if (!context.identity.user) throw new HttpRefusal(401, PUSH_MESSAGES.signInRequired);
    return Response.json(
      { publicKey: pushPublicKey(context.services) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, PUSH_MESSAGES.signInRequired);
    // The Alerts tab's language is the language the user's alerts speak from now on.
    await rememberAlertLocale(context.services, user.id, answerLocaleOf(request));
    if (request.method !== "POST" && request.method !== "DELETE")
      throw new HttpRefusal(405, "Use POST to subscribe or DELETE to unsubscribe.", {
        Allow: "GET, POST, DELETE",
      });
    const body: unknown = await request.json().catch(() => {
      throw new HttpRefusal(400, "Send the subscription as JSON.");
    });
    if (request.method === "POST") {
      const result = await subscribePush(context.services, user.id, body);
      return Response.json(
        {
          success: true,
          message: answerMessage(PUSH_MESSAGES.subscribed, answerLocaleOf(request)),
          ...result,
        },
        { status: result.created ? 201 : 200 },
      );
    }
    const result = await unsubscribePush(context.services, user.id, body);
    return Response.json({
      success: true,
      message: answerMessage(PUSH_MESSAGES.unsubscribed, answerLocaleOf(request)),
      ...result,
    });
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}
