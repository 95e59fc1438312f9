import { redirect } from "react-router";
import { signOut } from "../../server/domain/accounts";
import { clearSessionCookie, flashCookie } from "../../server/web/cookies";
import type { Route } from "./+types/auth-signout";

/** POST /auth/signout: deletes the session row, clears the cookie, back home with a toast. */
export async function action({ context }: Route.ActionArgs) {
  const { services, identity } = context;
  if (identity.sessionId) await signOut(services, identity.sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(identity.secureCookies));
  headers.append(
    "Set-Cookie",
    flashCookie({ type: "info", message: "You have been signed out." }, identity.secureCookies),
  );
  return redirect("/", { headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
