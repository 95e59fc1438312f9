import { claimAppPremium } from "../../server/domain/accounts";
import { DomainError } from "../../server/domain/errors";
import type { Route } from "./+types/auth-app-bonus";

/** POST /auth/app-bonus: an app user claims today's free hour of premium. */
export async function action({ context }: Route.ActionArgs) {
  const { services, identity } = context;
  if (!identity.user) {
    return Response.json(
      { success: false, message: "Please sign in to claim your app bonus." },
      { status: 401 },
    );
  }
  try {
    const claimed = await claimAppPremium(services, identity.user, identity.isAppClient);
    return Response.json({
      success: true,
      message: "You've unlocked 1 hour of free premium access!",
      premiumUntil: claimed.premiumUntil.toISOString(),
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return Response.json({ success: false, message: error.message }, { status: error.status });
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
