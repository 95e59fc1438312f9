import { redirect } from "react-router";
import { signOut } from "../../server/domain/accounts/accounts";
import { clearSessionCookie, flashCookie } from "../../server/web/cookies";
import { localizedHref } from "../../core/locale";
import { SIGNED_OUT } from "../../core/messages";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import type { Route } from "./+types/auth-signout";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /auth/signout: deletes the session row, clears the cookie, back home with a toast — the
 * home page and toast of the page's language (the form's `lang` field).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const form = await request.formData().catch(() => null);
  const locale = answerLocaleOf(request, form);
  if (identity.sessionId) await signOut(services, identity.sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(identity.secureCookies));
  headers.append(
    "Set-Cookie",
    flashCookie(
      { type: "info", message: answerMessage(SIGNED_OUT, locale) },
      identity.secureCookies,
      request,
    ),
  );
  return redirect(localizedHref(locale, "/"), { headers });
}

export const loader = methodNotAllowed("POST");
