import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakePushService, type FakePushService } from "../../../tests/setup/fake-push-service";
import { listenOnLoopback, type LoopbackServer } from "../../../tests/setup/loopback-server";
import { TEST_VAPID_KEYS } from "../../../tests/setup/test-services";
import { DEFAULT_PUSH_SERVICES } from "../../../core/push";
import { createWebPushSender, type PushSender } from "./web-push-sender";

const PAYLOAD = {
  title: "Free now: Python for Beginners",
  body: "A 100% off coupon was just found. It may run out in a few days.",
  url: "/course/python-for-beginners",
  tag: "course-42",
};

let pushService: FakePushService;
let silent: LoopbackServer;

beforeAll(async () => {
  pushService = await startFakePushService();
  // Accepts connections and never answers: a push service that hangs.
  silent = await listenOnLoopback(() => {});
});

afterAll(async () => {
  await pushService.close();
  await silent.close();
});

function sender(extra: string[] = [], fetchImpl?: typeof fetch, timeoutMs = 5000): PushSender {
  return createWebPushSender({
    keys: TEST_VAPID_KEYS,
    subject: "mailto:support@kursusku.id",
    services: [...DEFAULT_PUSH_SERVICES, pushService.origin, ...extra],
    timeoutMs,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

describe("the Web Push sender against a push service that decrypts", () => {
  it("delivers the payload encrypted for the subscription's own keys, signed with our VAPID key", async () => {
    // The browser's side, made here: a P-256 key pair and a 16-byte auth secret.
    const browserKeys = createECDH("prime256v1");
    browserKeys.generateKeys();
    const auth = randomBytes(16);
    const subscription = pushService.subscribe({ ecdh: browserKeys, auth });
    expect(subscription.keys).toEqual({
      p256dh: browserKeys.getPublicKey("base64url"),
      auth: auth.toString("base64url"),
    });

    const outcome = await sender().send(
      {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      },
      PAYLOAD,
      { ttlSeconds: 3600, urgency: "high", topic: "course-42" },
    );

    expect(outcome).toEqual({ status: "sent" });
    const delivered = pushService.received.at(-1)!;
    expect(JSON.parse(delivered.payload)).toEqual(PAYLOAD);
    expect(delivered.endpoint).toBe(subscription.endpoint);
    expect(delivered.ttl).toBe(3600);
    expect(delivered.urgency).toBe("high");
    expect(delivered.topic).toBe("course-42");
    expect(delivered.vapid.publicKey).toBe(TEST_VAPID_KEYS.publicKey);
    expect(delivered.vapid.aud).toBe(pushService.origin);
    expect(delivered.vapid.sub).toBe("mailto:support@kursusku.id");
  });

  it("does not decrypt for other keys: the stand-in refuses a body encrypted for another browser", async () => {
    const subscription = pushService.subscribe();
    const stranger = createECDH("prime256v1");
    stranger.generateKeys();
    const outcome = await sender().send(
      {
        endpoint: subscription.endpoint,
        p256dh: stranger.getPublicKey("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
      PAYLOAD,
    );
    expect(outcome).toMatchObject({ status: "failed", retryable: false });
    expect(pushService.refused.at(-1)).toMatchObject({ status: 400 });
  });

  it("reports a subscription the push service answers 410 for as gone", async () => {
    const subscription = pushService.subscribe();
    pushService.expire(subscription.endpoint);
    const outcome = await sender().send(
      { endpoint: subscription.endpoint, ...subscription.keys },
      PAYLOAD,
    );
    expect(outcome).toEqual({ status: "gone", httpStatus: 410 });
  });

  it("reports an endpoint the push service does not know (404) as gone", async () => {
    const subscription = pushService.subscribe();
    const outcome = await sender().send(
      { endpoint: `${pushService.origin}/wpush/v2/unknown`, ...subscription.keys },
      PAYLOAD,
    );
    expect(outcome).toEqual({ status: "gone", httpStatus: 404 });
  });

  it("refuses, before any request, an endpoint at a private or loopback address not on the list", async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const subscription = pushService.subscribe();
    const before = pushService.requests;
    const port = new URL(pushService.origin).port;
    for (const endpoint of [
      "http://10.0.0.5:6379/wpush/v2/x",
      "https://192.168.1.1/wpush",
      "https://127.0.0.1/wpush",
      `http://127.0.0.1:${Number(port) + 1}/wpush/v2/x`,
      "https://localhost/push",
      "https://[::1]/push",
      "https://169.254.169.254/latest/meta-data",
      // A vendor's name, but plain http, another port, or a look-alike host.
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
    ]) {
      const outcome = await sender([], fetchSpy).send({ endpoint, ...subscription.keys }, PAYLOAD);
      expect(outcome.status, endpoint).toBe("refused");
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(pushService.requests).toBe(before);
  });

  it("accepts the vendors' services and their subdomains", () => {
    const check = sender().checkEndpoint;
    expect(check("https://fcm.googleapis.com/fcm/send/abc").allowed).toBe(true);
    expect(check("https://updates.push.services.mozilla.com/wpush/v2/abc").allowed).toBe(true);
    expect(check("https://wns2-par02p.notify.windows.com/w/?token=abc").allowed).toBe(true);
    expect(check("https://web.push.apple.com/QGuQ").allowed).toBe(true);
    expect(check("https://example.com/push").allowed).toBe(false);
  });

  it("gives up on a push service that does not answer within the timeout", async () => {
    const subscription = pushService.subscribe();
    const started = Date.now();
    const outcome = await sender([silent.base], undefined, 600).send(
      { endpoint: `${silent.base}/wpush/v2/x`, ...subscription.keys },
      PAYLOAD,
    );
    expect(outcome).toMatchObject({ status: "failed", retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
