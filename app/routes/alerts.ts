import { listMyAlerts } from "../../server/domain/alerts/my-alerts";
import { alertUser } from "../../server/web/alert-requests";
import { answerLocaleOf } from "../../server/web/answer-language";
import { jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts";

/**
 * GET /alerts: the signed-in user's alerts in one JSON answer — watched courses, saved searches
 * (with their private feed addresses), the e-mail channel and the delivery history.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const user = alertUser(context.identity.user);
    return Response.json(await listMyAlerts(context.services, user.id), {
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}
