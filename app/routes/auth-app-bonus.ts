import { APP_BONUS_SIGN_IN, APP_BONUS_UNLOCKED } from "../../core/messages";
import { claimAppPremium } from "../../server/domain/accounts/accounts";
import { DomainError } from "../../server/domain/common/errors";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import type { Route } from "./+types/auth-app-bonus";
import { methodNotAllowed } from "../../server/web/responses";

/** POST /auth/app-bonus: an app user claims today's free hour of premium (answered in the page's language). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const locale = answerLocaleOf(request);
  if (!identity.user) {
    return Response.json(
      { success: false, message: answerMessage(APP_BONUS_SIGN_IN, locale) },
      { status: 401 },
    );
  }
  try {
    const claimed = await claimAppPremium(services, identity.user, identity.isAppClient);
    return Response.json({
      success: true,
      message: answerMessage(APP_BONUS_UNLOCKED, locale),
      premiumUntil: claimed.premiumUntil.toISOString(),
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return Response.json(
      { success: false, message: answerMessage(error.message, locale) },
      { status: error.status },
    );
  }
}

export const loader = methodNotAllowed("POST");
