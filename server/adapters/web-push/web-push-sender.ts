import { ECDH } from "node:crypto";
import webpush from "web-push";
import type { PushPayload } from "../../../core/push";
import { checkPushEndpoint } from "./push-services";
import type { VapidKeys } from "./vapid-keys";

/**
 * Sends Web Push messages (RFC 8030) to the browser vendors' push services: the `web-push`
 * library signs the request (VAPID, RFC 8292) and encrypts the payload for the subscription's
 * keys (aes128gcm, RFC 8291); the request itself goes out through fetch, so the whole exchange
 * has one deadline and a redirect is never followed to an address nobody checked.
 */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushUrgency = "very-low" | "low" | "normal" | "high";

export type PushOptions = {
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  urgency?: PushUrgency;
  /** Replaces an undelivered message with the same topic (base64url, ≤ 32 characters). */
  topic?: string;
};

export type PushOutcome =
  | { status: "sent" }
  /** The push service no longer knows the subscription (404/410): stop using it. */
  | { status: "gone"; httpStatus: number }
  /** Not sent: the endpoint is not one of the allowed push services. No request was made. */
  | { status: "refused"; reason: string }
  /** Not sent this time; `retryable` says whether trying later may help. */
  | { status: "failed"; reason: string; retryable: boolean };

export type PushSender = {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string;
  /** Whether an endpoint is one of the allowed push services (checked before storing it). */
  checkEndpoint(endpoint: string): { allowed: true } | { allowed: false; reason: string };
  send(target: PushTarget, payload: PushPayload, options?: PushOptions): Promise<PushOutcome>;
};

export type WebPushSenderOptions = {
  keys: VapidKeys;
  /** mailto: or https: contact of the sender, for the push services. */
  subject: string;
  /** Allowed push services: host suffixes and exact origins (see push-services.ts). */
  services: readonly string[];
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** A day: alerts about a coupon that lasts a few days are still worth delivering late. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const send = options.fetch ?? fetch;
  const vapidDetails = { subject: options.subject, ...options.keys };
  const checkEndpoint = (endpoint: string) => checkPushEndpoint(endpoint, options.services);
  return {
    publicKey: options.keys.publicKey,
    checkEndpoint,
    async send(target, payload, pushOptions = {}) {
      const verdict = checkEndpoint(target.endpoint);
      if (!verdict.allowed) return { status: "refused", reason: verdict.reason };
      let request: webpush.RequestDetails & { body: Buffer };
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: pushOptions.ttlSeconds ?? DEFAULT_TTL_SECONDS,
            urgency: pushOptions.urgency ?? "normal",
            contentEncoding: "aes128gcm",
            ...(pushOptions.topic ? { topic: pushOptions.topic } : {}),
          },
        );
      } catch (error) {
        // Keys a browser would never have made: no later attempt can succeed either.
        return { status: "failed", reason: (error as Error).message, retryable: false };
      }
      let response: Response;
      try {
        response = await send(request.endpoint, {
          method: "POST",
          headers: headersOf(request.headers),
          body: new Uint8Array(request.body),
          redirect: "manual",
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const failure = error as Error & { cause?: Error };
        const timedOut = failure.name === "TimeoutError";
        return {
          status: "failed",
          reason: timedOut
            ? `no answer within ${options.timeoutMs} ms`
            : `${failure.message}${failure.cause ? `: ${failure.cause.message}` : ""}`,
          retryable: true,
        };
      }
      await response.body?.cancel();
      return outcomeOf(response.status);
    },
  };
}

/** web-push's headers as text; the length is fetch's to set from the body. */
function headersOf(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { status: "sent" };
  if (status === 404 || status === 410) return { status: "gone", httpStatus: status };
  // 429 and server errors pass; anything else (a redirect, a refused signature, a payload too
  // large) will be answered the same way next time.
  const retryable = status === 429 || status >= 500;
  return { status: "failed", reason: `the push service answered ${status}`, retryable };
}

/** Whether a p256dh key is a point on P-256 (a browser's key always is; a made-up one seldom). */
export function isP256PublicKey(p256dh: string): boolean {
  try {
    // Converting a point checks that it lies on the curve.
    ECDH.convertKey(
      Buffer.from(p256dh, "base64url"),
      "prime256v1",
      undefined,
      undefined,
      "compressed",
    );
    return true;
  } catch {
    return false;
  }
}
