import { createECDH, randomBytes, randomUUID, type ECDH } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { decrypt } from "http_ece";
import { decodeJwt, importJWK, jwtVerify } from "jose";
import { listenOnLoopback } from "./loopback-server";

/**
 * A stand-in for a browser vendor's push service on 127.0.0.1, speaking the Web Push protocol
 * as a real one checks it: a POST to the subscription's endpoint (RFC 8030) with a TTL header, a
 * VAPID Authorization header (`vapid t=<JWT>, k=<public key>`, RFC 8292) whose ES256 signature,
 * audience and expiry it verifies, and an aes128gcm body (RFC 8291) that it decrypts with the
 * subscription's private key and auth secret, which only the "browser" (this stand-in) holds.
 * What arrived is recorded; a test can make an endpoint answer 410 Gone.
 */
export type FakeSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type ReceivedPush = {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims and the key that signed it. */
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
  /** The decrypted payload, as text. */
  payload: string;
};

export type Refusal = { endpoint: string; status: number; reason: string };

export type FakePushService = {
  /** The origin to add to PUSH_SERVICES. */
  origin: string;
  /**
   * A new browser subscription: its endpoint here and the public keys a browser would hand out.
   * The browser's private key and auth secret are `browser`'s when given (a test made them),
   * else made here; either way the stand-in decrypts with them.
   */
  subscribe(browser?: { ecdh: ECDH; auth: Buffer }): FakeSubscription;
  /** From now on this endpoint answers 410 Gone, as after the user revoked permission. */
  expire(endpoint: string): void;
  received: ReceivedPush[];
  refused: Refusal[];
  /** Every request that reached the service, accepted or not. */
  requests: number;
  close(): Promise<void>;
};

type Browser = { ecdh: ECDH; auth: Buffer; gone: boolean };

/** On a free port of 127.0.0.1, or on `port` (a server configured in advance lists it). */
export async function startFakePushService(
  options: { port?: number } = {},
): Promise<FakePushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: Refusal[] = [];
  let requests = 0;
  let origin = "";

  async function handle(request: IncomingMessage, response: ServerResponse) {
    requests += 1;
    const body = await readBody(request);
    const endpoint = `${origin}${request.url ?? ""}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      response.writeHead(status, { "content-type": "text/plain" }).end(reason);
    };
    const browser = browsers.get(request.url ?? "");
    if (request.method !== "POST") return refuse(405, "only POST");
    if (!browser) return refuse(404, "no such subscription");
    if (browser.gone) return refuse(410, "subscription expired");
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return refuse(400, "missing or bad TTL header");
    if (request.headers["content-encoding"] !== "aes128gcm")
      return refuse(415, "Content-Encoding must be aes128gcm");
    let vapid: ReceivedPush["vapid"];
    try {
      vapid = await verifyVapid(request.headers.authorization, origin);
    } catch (error) {
      return refuse(401, `VAPID: ${(error as Error).message}`);
    }
    let payload: string;
    try {
      payload = decrypt(body, {
        version: "aes128gcm",
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      }).toString("utf8");
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    received.push({
      endpoint,
      ttl,
      urgency: header(request, "urgency"),
      topic: header(request, "topic"),
      vapid,
      payload,
    });
    response.writeHead(201, { location: `${origin}/messages/${randomUUID()}` }).end();
  }

  const server = await listenOnLoopback((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  }, options.port);
  origin = server.base;

  return {
    origin,
    subscribe(browser) {
      const ecdh = browser?.ecdh ?? createECDH("prime256v1");
      if (!browser) ecdh.generateKeys();
      const auth = browser?.auth ?? randomBytes(16);
      const path = `/wpush/v2/${randomUUID()}`;
      browsers.set(path, { ecdh, auth, gone: false });
      return {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    expire(endpoint) {
      const browser = browsers.get(new URL(endpoint).pathname);
      if (browser) browser.gone = true;
    },
    received,
    refused,
    get requests() {
      return requests;
    },
    close: server.close,
  };
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<uncompressed P-256 public key>`; aud must be our origin. */
async function verifyVapid(
  authorization: string | undefined,
  audience: string,
): Promise<ReceivedPush["vapid"]> {
  const match = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error("Authorization is not `vapid t=…, k=…`");
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not a P-256 public key");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(token, key, { audience, algorithms: ["ES256"] });
  const { sub, exp } = decodeJwt(token);
  if (typeof sub !== "string" || !/^(mailto:|https:)/.test(sub))
    throw new Error("sub must be a mailto: or https: contact");
  if (typeof exp !== "number" || exp - Date.now() / 1000 > 24 * 60 * 60)
    throw new Error("exp must be within 24 hours");
  return { sub, aud: String(payload.aud), exp, publicKey };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}
