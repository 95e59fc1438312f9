import { createHash, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from "jose";

export const LOCAL_ISSUER = "urn:kursusku:local-identity";
export const LOCAL_AUDIENCE = "kursusku-local";

export type LocalIssuer = {
  jwks: JSONWebKeySet;
  /** Mints an ID token for an e-mail, shaped like Google's (sub, email, name). */
  mint(input: {
    email: string;
    name?: string | null;
    now: Date;
    lifetimeSeconds?: number;
  }): Promise<string>;
};

const LOCAL_SUBJECT_PREFIX = "local-";

/** A stable subject per e-mail, so signing in twice with one address finds the same account. */
export function localSubject(email: string): string {
  return `${LOCAL_SUBJECT_PREFIX}${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 24)}`;
}

/** The account was created by the local dev sign-in (Google's subjects are digits only). */
export function isLocalSubject(userId: string): boolean {
  return userId.startsWith(LOCAL_SUBJECT_PREFIX);
}

/**
 * The offline stand-in for Google: its own key pair (new each process; its tokens live minutes)
 * and a JWKS, verified by the same code as Google's tokens.
 */
export async function createLocalIssuer(): Promise<LocalIssuer> {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
  return {
    jwks: { keys: [publicJwk] },
    async mint({ email, name, now, lifetimeSeconds = 600 }) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email: email.trim().toLowerCase(),
        name: name ?? undefined,
        email_verified: true,
      })
        .setProtectedHeader({ alg: "ES256", kid })
        .setIssuer(LOCAL_ISSUER)
        .setAudience(LOCAL_AUDIENCE)
        .setSubject(localSubject(email))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(privateKey);
    },
  };
}
