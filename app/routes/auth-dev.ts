import { redirect } from "react-router";
import { SIGNED_IN_AGAIN, SIGNED_IN_NEW, signInErrorMessage } from "../../core/messages";
import { signInWithLocalIdentity } from "../../server/domain/accounts/accounts";
import { DomainError } from "../../server/domain/common/errors";
import { TooManySignIns } from "../../server/domain/accounts/sign-in-limits";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { flashCookie, sessionCookie } from "../../server/web/cookies";
import { safeRedirectPath } from "../../server/web/redirects";
import type { Route } from "./+types/auth-dev";
import { methodNotAllowed } from "../../server/web/responses";

/** POST /auth/dev: the local sign-in (form field `email`, optional `name`; `lang` for the toast). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const form = await request.formData();
  const locale = answerLocaleOf(request, form);
  const back = safeRedirectPath(form.get("redirectTo"));
  const secure = identity.secureCookies;
  try {
    const result = await signInWithLocalIdentity(
      services,
      { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? "") },
      { anonymousId: identity.anonymousId, isAppClient: identity.isAppClient, ip: identity.ip },
    );
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(result.sessionId, secure));
    headers.append(
      "Set-Cookie",
      flashCookie(
        {
          type: "success",
          message: answerMessage(result.isNew ? SIGNED_IN_NEW : SIGNED_IN_AGAIN, locale),
        },
        secure,
        request,
      ),
    );
    return redirect(back, { headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers = new Headers({
      "Set-Cookie": flashCookie(
        { type: "error", message: answerMessage(signInErrorMessage(error.message), locale) },
        secure,
        request,
      ),
    });
    if (error instanceof TooManySignIns)
      headers.set("Retry-After", String(error.retryAfterSeconds));
    return redirect(back, { status: 303, headers });
  }
}

export const loader = methodNotAllowed("POST");
