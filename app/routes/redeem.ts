import { redeemCode } from "../../server/domain/redeem";
import { domainErrorResponse } from "../../server/web/responses";
import { REDEEM_NOT_ALLOWED } from "../../core/messages";
import type { Route } from "./+types/redeem";

/** POST /redeem (code): SPEC §3 redeem result `{ success, message, details }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.identity.user;
  if (!user) {
    return Response.json(
      { success: false, message: REDEEM_NOT_ALLOWED, error: { message: REDEEM_NOT_ALLOWED } },
      { status: 401 },
    );
  }
  const form = await request.formData();
  try {
    return Response.json(
      await redeemCode(context.services, user.id, String(form.get("code") ?? "")),
    );
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
