import { REDEEM_NOT_ALLOWED } from "../../core/messages";
import { redeemCode } from "../../server/domain/accounts/redeem";
import { takeRequestFromIp } from "../../server/domain/accounts/request-limits";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/redeem";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /redeem (code): the redeem result `{ success, message, details }`, where details (on
 * success) say what the code gave: its type, the credits added, the uses left and the new limit.
 * The message speaks the page's language (the form's `lang` field, else Accept-Language).
 */
export async function action({ request, context }: Route.ActionArgs) {
  let locale = answerLocaleOf(request);
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, REDEEM_NOT_ALLOWED);
    // Counted like the API's checkRedeemCode: the form is no way around its per-IP limit.
    await takeRequestFromIp(context.services, "redeem", context.identity.ip);
    const form = await request.formData();
    locale = answerLocaleOf(request, form);
    const result = await redeemCode(context.services, user.id, String(form.get("code") ?? ""));
    return Response.json({ ...result, message: answerMessage(result.message, locale) });
  } catch (error) {
    return jsonErrorResponse(error, "result", locale);
  }
}

export const loader = methodNotAllowed("POST");
