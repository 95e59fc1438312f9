import { REDEEM_NOT_ALLOWED } from "../../core/messages";
import { redeemCode } from "../../server/domain/redeem";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/redeem";

/**
 * POST /redeem (code): the redeem result `{ success, message, details }`, where details (on
 * success) say what the code gave: its type, the credits added, the uses left and the new limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, REDEEM_NOT_ALLOWED);
    const form = await request.formData();
    return Response.json(
      await redeemCode(context.services, user.id, String(form.get("code") ?? "")),
    );
  } catch (error) {
    return jsonErrorResponse(error, "result");
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
