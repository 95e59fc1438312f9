import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from "jose";

/** The one message a user sees for any token we cannot accept. */
export const INVALID_SIGN_IN_TOKEN_MESSAGE =
  "Invalid sign-in token received. Could not decode. Please try again.";

const INVALID_ID_TOKEN_BRAND = Symbol.for("kursusku.InvalidIdTokenError");

export class InvalidIdTokenError extends Error {
  override name = "InvalidIdTokenError";
  readonly [INVALID_ID_TOKEN_BRAND] = true;

  /** Recognises either copy of this module in the Vite dev server (see AiProviderError). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && INVALID_ID_TOKEN_BRAND in value;
  }

  constructor(readonly reason: string) {
    super(INVALID_SIGN_IN_TOKEN_MESSAGE);
  }
}

export type IdentityClaims = { sub: string; email: string; name: string | null };

/** One token issuer we trust: where its keys are, what it calls itself, who it issues for. */
export type TrustedIssuer = { issuers: string[]; audience: string; keys: JWTVerifyGetKey };

export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
}

export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

export type IdTokenVerifier = (token: string) => Promise<IdentityClaims>;

/**
 * Verifies an ID token: signature against the issuer's keys, `iss`, `aud`, `exp` (by our clock,
 * so FAKE_NOW and tests agree), and that it names a subject and a verified e-mail. Google's tokens and
 * the local issuer's tokens go through this same code.
 */
export function createIdTokenVerifier(trusted: TrustedIssuer[], now: () => Date): IdTokenVerifier {
  return async (token) => {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new InvalidIdTokenError("not a JWT");
    }
    const match = trusted.find((candidate) => issuer && candidate.issuers.includes(issuer));
    if (!match) throw new InvalidIdTokenError(`untrusted issuer ${String(issuer)}`);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, match.keys, {
        issuer: match.issuers,
        audience: match.audience,
        algorithms: ["RS256", "ES256"],
        currentDate: now(),
        clockTolerance: 30,
      }));
    } catch (error) {
      throw new InvalidIdTokenError((error as Error).message);
    }
    const { sub, email, name } = payload as { sub?: unknown; email?: unknown; name?: unknown };
    if (
      typeof sub !== "string" ||
      sub === "" ||
      typeof email !== "string" ||
      !email.includes("@")
    ) {
      throw new InvalidIdTokenError("token lacks sub or email");
    }
    // An address Google has not verified may belong to someone else: accounts and operator
    // rights go by e-mail, so such a token signs nobody in. Older tokens send the flag as text.
    const verified = (payload as { email_verified?: unknown }).email_verified;
    if (verified !== true && verified !== "true")
      throw new InvalidIdTokenError("e-mail not verified");
    return {
      sub,
      email: email.toLowerCase(),
      name: typeof name === "string" && name !== "" ? name : null,
    };
  };
}
