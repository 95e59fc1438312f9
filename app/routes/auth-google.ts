import { signInWithIdToken } from "../../server/domain/accounts";
import { DomainError } from "../../server/domain/errors";
import { TooManySignIns } from "../../server/domain/sign-in-limits";
import { sessionCookie } from "../../server/web/cookies";
import type { Route } from "./+types/auth-google";

/**
 * POST /auth/google with `{ credential }` (JSON or form): the Google ID token from Identity
 * Services, verified on the server. Answers `{ status, message }` and sets the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  let credential: unknown;
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    credential = ((await request.json().catch(() => ({}))) as { credential?: unknown }).credential;
  } else {
    credential = (await request.formData()).get("credential");
  }
  if (typeof credential !== "string" || credential === "") {
    return Response.json(
      { status: "error", error: { message: "Google Sign-In failed. Please try again." } },
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
      { status: "error", error: { message: error.message } },
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

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
