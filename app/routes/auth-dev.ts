import { redirect } from "react-router";
import { signInWithLocalIdentity } from "../../server/domain/accounts";
import { DomainError } from "../../server/domain/errors";
import { TooManySignIns } from "../../server/domain/sign-in-limits";
import { flashCookie, sessionCookie } from "../../server/web/cookies";
import { safeRedirectPath } from "../../server/web/redirects";
import type { Route } from "./+types/auth-dev";

/** POST /auth/dev: the local sign-in (form field `email`, optional `name`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const form = await request.formData();
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
          message: result.isNew ? "Account registered! Welcome to Kursusku." : "Welcome back!",
        },
        secure,
      ),
    );
    return redirect(back, { headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers = new Headers({
      "Set-Cookie": flashCookie(
        { type: "error", message: `Sign-In Error: ${error.message}` },
        secure,
      ),
    });
    if (error instanceof TooManySignIns)
      headers.set("Retry-After", String(error.retryAfterSeconds));
    return redirect(back, { status: 303, headers });
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
