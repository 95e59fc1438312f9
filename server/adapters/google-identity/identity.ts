import type { AuthSettings } from "../../config";
import {
  createIdTokenVerifier,
  GOOGLE_ISSUERS,
  localKeys,
  remoteKeys,
  type IdTokenVerifier,
  type TrustedIssuer,
} from "./id-token-verifier";
import { createLocalIssuer, LOCAL_AUDIENCE, LOCAL_ISSUER, type LocalIssuer } from "./local-issuer";

/** The identity service the domain sees: verify a token; mint one locally when allowed. */
export type Identity = {
  verify: IdTokenVerifier;
  /** Present only when the local dev sign-in is enabled. */
  local: LocalIssuer | undefined;
  googleClientId: string | undefined;
  /** For the start-up log: which providers are live. */
  describe(): string;
};

export async function createIdentity(settings: AuthSettings, now: () => Date): Promise<Identity> {
  const trusted: TrustedIssuer[] = [];
  if (settings.googleClientId) {
    trusted.push({
      issuers: GOOGLE_ISSUERS,
      audience: settings.googleClientId,
      keys: remoteKeys(settings.googleJwksUrl),
    });
  }
  const local = settings.devSignIn ? await createLocalIssuer() : undefined;
  if (local)
    trusted.push({
      issuers: [LOCAL_ISSUER],
      audience: LOCAL_AUDIENCE,
      keys: localKeys(local.jwks),
    });
  return {
    verify: createIdTokenVerifier(trusted, now),
    local,
    googleClientId: settings.googleClientId,
    describe: () =>
      [settings.googleClientId ? "google" : null, local ? "local dev sign-in" : null]
        .filter(Boolean)
        .join(" + ") || "none (sign-in unavailable)",
  };
}
