import { GOOGLE_SIGN_IN_FAILED } from "../../core/messages";
import { signInWithIdToken } from "../../server/domain/accounts/accounts";
import { DomainError } from "../../server/domain/common/errors";
import { TooManySignIns } from "../../server/domain/accounts/sign-in-limits";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { sessionCookie } from "../../server/web/cookies";
import type { Route } from "./+types/auth-google";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /auth/google with `{ credential }` (JSON or form): the Google ID token from Identity
 * Services, verified on the server. Answers `{ status, message }` and sets the session. A failure
 * speaks the page's language; the success message stays as the site's script reads it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const locale = answerLocaleOf(request);
  let credential: unknown;
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    credential = ((await request.json().catch(() => ({}))) as { credential?: unknown }).credential;
  } else {
    credential = (await request.formData()).get("credential");
  }
  if (typeof credential !== "string" || credential === "") {
    return Response.json(
      {
        status: "error",
        error: { message: answerMessage(GOOGLE_SIGN_IN_FAILED, locale) },
      },
      { status: 400 },
    );
  }
  try {
    const result = await signInWithIdToken(services, credential, {
      anonymousId: identity.anonymousId,
      isAppClient: identity.isAppClient,
      ip: identity.ip,
    });
    return Response.json(
      { status: "success", message: result.message, userId: result.user.id },
      { headers: { "Set-Cookie": sessionCookie(result.sessionId, identity.secureCookies) } },
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return Response.json(
      { status: "error", error: { message: answerMessage(error.message, locale) } },
      {
        status: error.status,
        headers:
          error instanceof TooManySignIns
            ? { "Retry-After": String(error.retryAfterSeconds) }
            : undefined,
      },
    );
  }
}

export const loader = methodNotAllowed("POST");
