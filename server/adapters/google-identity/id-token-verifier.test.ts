import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthSettings } from "../../config";
import {
  createIdTokenVerifier,
  GOOGLE_ISSUERS,
  INVALID_SIGN_IN_TOKEN_MESSAGE,
  InvalidIdTokenError,
  localKeys,
  remoteKeys,
  type IdTokenVerifier,
} from "./id-token-verifier";
import type * as VerifierModule from "./id-token-verifier";
import { createIdentity } from "./identity";
import { createLocalIssuer, LOCAL_AUDIENCE, LOCAL_ISSUER, localSubject } from "./local-issuer";

const CLIENT_ID = "test-client-id.apps.googleusercontent.com";
const GOOGLE_ISSUER = "https://accounts.google.com";
const KID = "test-google-key-1";
/** The verifier's clock: tokens are judged by it, never by the machine's time. */
const NOW = new Date("2026-11-22T03:00:00Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);

let clock = NOW;
const now = () => clock;

let server: Server;
let jwksUrl: string;
let jwksRequests = 0;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let verify: IdTokenVerifier;

/** A fake of Google's JWKS endpoint on 127.0.0.1, serving the test RSA public key. */
beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  server = createServer((request, response) => {
    if (request.url !== "/oauth2/v3/certs") {
      response.writeHead(404).end();
      return;
    }
    jwksRequests += 1;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  jwksUrl = `http://127.0.0.1:${port}/oauth2/v3/certs`;
  verify = createIdTokenVerifier(
    [{ issuers: GOOGLE_ISSUERS, audience: CLIENT_ID, keys: remoteKeys(jwksUrl) }],
    now,
  );
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  clock = NOW;
});

type TokenOptions = {
  claims?: JWTPayload;
  key?: CryptoKey;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  kid?: string;
};

/** A token shaped like Google's ID token, signed by the fake Google key unless told otherwise. */
function googleToken(options: TokenOptions = {}): Promise<string> {
  const claims: JWTPayload = {
    sub: "109876543210",
    email: "Siti.Rahma@Example.COM",
    name: "Siti Rahma",
    email_verified: true,
    ...options.claims,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? KID, typ: "JWT" })
    .setIssuer(options.issuer ?? GOOGLE_ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt(nowSeconds - 60)
    .setExpirationTime(options.expiresAt ?? nowSeconds + 3600)
    .sign(options.key ?? googleKey);
}

/** The verifier must refuse with the SPEC §5 message, whatever the reason. */
async function expectRefused(token: string, reason?: RegExp): Promise<InvalidIdTokenError> {
  const error = await verify(token).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidIdTokenError);
  const refused = error as InvalidIdTokenError;
  expect(refused.message).toBe(INVALID_SIGN_IN_TOKEN_MESSAGE);
  expect(refused.message).toBe(
    "Invalid sign-in token received. Could not decode. Please try again.",
  );
  if (reason) expect(refused.reason).toMatch(reason);
  return refused;
}

describe("createIdTokenVerifier against a Google-like remote JWKS", () => {
  it("accepts a valid token and returns its claims, e-mail lower-cased", async () => {
    const claims = await verify(await googleToken());
    expect(claims).toEqual({
      sub: "109876543210",
      email: "siti.rahma@example.com",
      name: "Siti Rahma",
    });
    // The keys really came from the (fake) remote JWKS endpoint, not from anywhere else.
    expect(jwksRequests).toBeGreaterThanOrEqual(1);
  });

  it("accepts Google's issuer spelled without the scheme", async () => {
    const claims = await verify(await googleToken({ issuer: "accounts.google.com" }));
    expect(claims.sub).toBe("109876543210");
  });

  it("returns a null name when the token has none", async () => {
    const claims = await verify(await googleToken({ claims: { name: undefined } }));
    expect(claims.name).toBeNull();
    expect(claims.email).toBe("siti.rahma@example.com");
  });

  it("refuses a token signed by another key (same kid)", async () => {
    await expectRefused(await googleToken({ key: strangerKey }), /signature/i);
  });

  it("refuses a token signed by a key the JWKS does not have", async () => {
    await expectRefused(await googleToken({ key: strangerKey, kid: "unknown-kid" }));
  });

  it("refuses a token for another audience", async () => {
    await expectRefused(
      await googleToken({ audience: "someone-else.apps.googleusercontent.com" }),
      /aud/i,
    );
  });

  it("refuses a token from an untrusted issuer", async () => {
    await expectRefused(await googleToken({ issuer: "https://evil.example" }), /untrusted issuer/);
  });

  it("refuses an expired token, judged by the injected clock", async () => {
    const token = await googleToken({ expiresAt: nowSeconds + 600 });
    await expect(verify(token)).resolves.toMatchObject({ sub: "109876543210" });
    // Past exp plus the 30 s tolerance, by our clock (the machine's time plays no part).
    clock = new Date(NOW.getTime() + 600_000 + 31_000);
    await expectRefused(token, /exp/i);
  });

  it("refuses a token that expired a minute ago (beyond the 30 s tolerance)", async () => {
    await expectRefused(await googleToken({ expiresAt: nowSeconds - 60 }), /exp/i);
  });

  it("refuses a token without an e-mail", async () => {
    await expectRefused(await googleToken({ claims: { email: undefined } }), /lacks sub or email/);
  });

  it("refuses a token whose e-mail is not an address", async () => {
    await expectRefused(await googleToken({ claims: { email: "not-an-address" } }));
  });

  it("refuses a token whose e-mail Google has not verified, or does not say it has", async () => {
    await expectRefused(
      await googleToken({ claims: { email_verified: false } }),
      /e-mail not verified/,
    );
    await expectRefused(
      await googleToken({ claims: { email_verified: "false" } }),
      /e-mail not verified/,
    );
    await expectRefused(
      await googleToken({ claims: { email_verified: undefined } }),
      /e-mail not verified/,
    );
    // Older Google tokens carry the flag as a string.
    const claims = await verify(await googleToken({ claims: { email_verified: "true" } }));
    expect(claims.email).toBe("siti.rahma@example.com");
  });

  it("refuses a token without a subject", async () => {
    await expectRefused(await googleToken({ claims: { sub: undefined } }), /lacks sub or email/);
  });

  it("refuses something that is not a JWT at all", async () => {
    await expectRefused("not-a-jwt", /not a JWT/);
    await expectRefused("", /not a JWT/);
    await expectRefused("a.b.c");
  });

  it("refuses an unsigned (alg none) token", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({
        iss: GOOGLE_ISSUER,
        aud: CLIENT_ID,
        sub: "1",
        email: "a@b.co",
        exp: nowSeconds + 3600,
      }),
    ).toString("base64url");
    await expectRefused(`${header}.${payload}.`);
  });
});

describe("the local issuer through the same verifier", () => {
  it("mints tokens that createIdTokenVerifier accepts", async () => {
    const issuer = await createLocalIssuer();
    const verifyLocal = createIdTokenVerifier(
      [{ issuers: [LOCAL_ISSUER], audience: LOCAL_AUDIENCE, keys: localKeys(issuer.jwks) }],
      now,
    );
    const token = await issuer.mint({ email: "  Budi@Example.com ", name: "Budi", now: NOW });
    await expect(verifyLocal(token)).resolves.toEqual({
      sub: localSubject("budi@example.com"),
      email: "budi@example.com",
      name: "Budi",
    });
  });

  it("mints tokens that expire by the verifier's clock", async () => {
    const issuer = await createLocalIssuer();
    const verifyLocal = createIdTokenVerifier(
      [{ issuers: [LOCAL_ISSUER], audience: LOCAL_AUDIENCE, keys: localKeys(issuer.jwks) }],
      now,
    );
    const token = await issuer.mint({ email: "a@example.com", now: NOW, lifetimeSeconds: 60 });
    clock = new Date(NOW.getTime() + 120_000);
    await expect(verifyLocal(token)).rejects.toBeInstanceOf(InvalidIdTokenError);
  });

  it("is not trusted by a verifier configured only for Google", async () => {
    const issuer = await createLocalIssuer();
    const token = await issuer.mint({ email: "a@example.com", now: NOW });
    await expectRefused(token, /untrusted issuer/);
  });

  it("is not accepted with another local issuer's keys", async () => {
    const [first, second] = await Promise.all([createLocalIssuer(), createLocalIssuer()]);
    const verifySecond = createIdTokenVerifier(
      [{ issuers: [LOCAL_ISSUER], audience: LOCAL_AUDIENCE, keys: localKeys(second.jwks) }],
      now,
    );
    const token = await first.mint({ email: "a@example.com", now: NOW });
    await expect(verifySecond(token)).rejects.toBeInstanceOf(InvalidIdTokenError);
  });

  it("gives one stable subject per e-mail, whatever its case or spacing", () => {
    const subject = localSubject("budi@example.com");
    expect(subject).toMatch(/^local-[0-9a-f]{24}$/);
    expect(localSubject("BUDI@Example.COM")).toBe(subject);
    expect(localSubject("  budi@example.com\n")).toBe(subject);
    expect(localSubject("budi2@example.com")).not.toBe(subject);
  });
});

describe("createIdentity", () => {
  const settings = (overrides: Partial<AuthSettings>): AuthSettings => ({
    googleClientId: undefined,
    googleJwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
    devSignIn: false,
    sessionSecret: undefined,
    appUserAgentToken: "KursuskuApp",
    anonCreditsPerIpPerDay: 30,
    signInsPerMinute: { perIp: 10, perAddress: 5 },
    ...overrides,
  });

  it("verifies Google tokens through the configured JWKS URL, with no local issuer", async () => {
    const identity = await createIdentity(
      settings({ googleClientId: CLIENT_ID, googleJwksUrl: jwksUrl }),
      now,
    );
    expect(identity.local).toBeUndefined();
    expect(identity.googleClientId).toBe(CLIENT_ID);
    expect(identity.describe()).toBe("google");
    await expect(identity.verify(await googleToken())).resolves.toMatchObject({
      email: "siti.rahma@example.com",
    });
  });

  it("offers the local issuer when the dev sign-in is on, and trusts both", async () => {
    const identity = await createIdentity(
      settings({ googleClientId: CLIENT_ID, googleJwksUrl: jwksUrl, devSignIn: true }),
      now,
    );
    expect(identity.describe()).toBe("google + local dev sign-in");
    const local = await identity.local!.mint({ email: "dev@example.com", now: NOW });
    await expect(identity.verify(local)).resolves.toMatchObject({ email: "dev@example.com" });
    await expect(identity.verify(await googleToken())).resolves.toMatchObject({
      sub: "109876543210",
    });
  });

  it("trusts nobody when neither is configured", async () => {
    const identity = await createIdentity(settings({}), now);
    expect(identity.local).toBeUndefined();
    expect(identity.describe()).toBe("none (sign-in unavailable)");
    await expect(identity.verify(await googleToken())).rejects.toBeInstanceOf(InvalidIdTokenError);
  });
});

describe("InvalidIdTokenError", () => {
  it("is recognised when thrown by a second copy of the module (the Vite dev server loads two)", async () => {
    const secondCopy = "./id-token-verifier?second-copy"; // a specifier TypeScript leaves alone
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof VerifierModule;
    expect(copy.InvalidIdTokenError).not.toBe(InvalidIdTokenError);
    expect(new copy.InvalidIdTokenError("bad signature")).toBeInstanceOf(InvalidIdTokenError);
    expect(new Error(INVALID_SIGN_IN_TOKEN_MESSAGE)).not.toBeInstanceOf(InvalidIdTokenError);
  });
});
