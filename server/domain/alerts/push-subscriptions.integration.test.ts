import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePushService, type FakePushService } from "../../../tests/setup/fake-push-service";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, PUSH_MESSAGES } from "../../../core/push";
import { DEFAULT_PUSH_SERVICES } from "../../../core/push";
import { pushSubscriptions } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { LimitReached, ValidationError } from "../common/errors";
import {
  listPushSubscriptions,
  pushPublicKey,
  sendPushToUser,
  subscribePush,
  unsubscribePush,
} from "./push-subscriptions";
import { TEST_VAPID_KEYS } from "../../../tests/setup/test-services";

const PAYLOAD = {
  title: "Free now: Docker in a Day",
  body: "A new 100% off coupon.",
  url: "/course/docker-in-a-day",
  tag: "course-7",
};

let pushService: FakePushService;
let harness: TestServices;
let sequence = 0;

beforeAll(async () => {
  pushService = await startFakePushService();
  harness = await createTestServices({
    env: { PUSH_SERVICES: [...DEFAULT_PUSH_SERVICES, pushService.origin].join(",") },
  });
});

afterAll(async () => {
  await harness?.close();
  await pushService?.close();
});

async function newUser(): Promise<string> {
  sequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `push-${sequence}@example.com`,
  });
  return user.id;
}

async function storedFor(userId: string) {
  return harness.services.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

describe("push subscriptions", () => {
  it("hands out the configured VAPID public key", () => {
    expect(pushPublicKey(harness.services)).toBe(TEST_VAPID_KEYS.publicKey);
  });

  it("stores a subscription and sends a user's alert to it, decrypted by the push service", async () => {
    const userId = await newUser();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const subscription = pushService.subscribe({ ecdh, auth: randomBytes(16) });
    expect(await subscribePush(harness.services, userId, subscription)).toEqual({ created: true });
    // Subscribing the same browser again changes nothing but its keys.
    expect(await subscribePush(harness.services, userId, subscription)).toEqual({
      created: false,
    });

    const result = await sendPushToUser(harness.services, userId, PAYLOAD);

    expect(result).toEqual({ sent: 1, disabled: 0, failed: 0, retryable: false });
    const delivered = pushService.received.filter((r) => r.endpoint === subscription.endpoint);
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.payload)).toEqual(PAYLOAD);
  });

  it("refuses bad subscriptions with a clear message and stores nothing", async () => {
    const userId = await newUser();
    const good = pushService.subscribe();
    const offCurve = Buffer.from(good.keys.p256dh, "base64url");
    offCurve[40]! ^= 1;
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: "http://10.0.0.5/wpush/x" }, PUSH_MESSAGES.badEndpoint],
      [{ ...good, endpoint: "https://127.0.0.1/wpush/x" }, PUSH_MESSAGES.badEndpoint],
      [{ ...good, endpoint: "https://push.example.com/x" }, PUSH_MESSAGES.badEndpoint],
      [{ ...good, endpoint: "not a url" }, PUSH_MESSAGES.badEndpoint],
      [
        { ...good, endpoint: `https://fcm.googleapis.com/${"x".repeat(3000)}` },
        PUSH_MESSAGES.badEndpoint,
      ],
      [{ ...good, keys: { ...good.keys, p256dh: "BAAA" } }, PUSH_MESSAGES.badP256dh],
      [
        { ...good, keys: { ...good.keys, p256dh: offCurve.toString("base64url") } },
        PUSH_MESSAGES.badP256dh,
      ],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, PUSH_MESSAGES.badAuth],
      [{ ...good, keys: { ...good.keys, auth: "not base64url!!!!!!!!!" } }, PUSH_MESSAGES.badAuth],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.badP256dh],
      ["nonsense", "expected object"],
    ];
    for (const [input, message] of cases) {
      const attempt = subscribePush(harness.services, userId, input);
      await expect(attempt, JSON.stringify(input).slice(0, 80)).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await storedFor(userId)).toHaveLength(0);
  });

  it(`caps a user at ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers`, async () => {
    const userId = await newUser();
    const subscriptions = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, () =>
      pushService.subscribe(),
    );
    for (const subscription of subscriptions)
      await subscribePush(harness.services, userId, subscription);
    const extra = subscribePush(harness.services, userId, pushService.subscribe());
    await expect(extra).rejects.toBeInstanceOf(LimitReached);
    await expect(extra).rejects.toThrow(PUSH_MESSAGES.limit);
    // One already on may still refresh its keys.
    await subscribePush(harness.services, userId, subscriptions[0]);
    expect(await storedFor(userId)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it("disables a subscription the push service says is gone, and does not try it again", async () => {
    const userId = await newUser();
    const alive = pushService.subscribe();
    const gone = pushService.subscribe();
    await subscribePush(harness.services, userId, alive);
    await subscribePush(harness.services, userId, gone);
    pushService.expire(gone.endpoint);

    expect(await sendPushToUser(harness.services, userId, PAYLOAD)).toEqual({
      sent: 1,
      disabled: 1,
      failed: 0,
      retryable: false,
    });
    const listed = await listPushSubscriptions(harness.services, userId);
    expect(listed.map((row) => row.disabledNote)).toEqual([
      null,
      expect.stringContaining("no longer knows this subscription (HTTP 410)"),
    ]);
    expect(listed[1]!.service).toBe(new URL(pushService.origin).host);

    const requestsBefore = pushService.requests;
    expect(await sendPushToUser(harness.services, userId, PAYLOAD)).toMatchObject({
      sent: 1,
      disabled: 0,
    });
    expect(pushService.requests).toBe(requestsBefore + 1);
  });

  it("unsubscribes only the user's own browser", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const subscription = pushService.subscribe();
    await subscribePush(harness.services, owner, subscription);
    expect(
      await unsubscribePush(harness.services, stranger, { endpoint: subscription.endpoint }),
    ).toEqual({ removed: false });
    expect(await storedFor(owner)).toHaveLength(1);
    expect(
      await unsubscribePush(harness.services, owner, { endpoint: subscription.endpoint }),
    ).toEqual({ removed: true });
    expect(await storedFor(owner)).toHaveLength(0);
  });

  it("removes a browser by the dashboard's id, only the user's own, and refuses a bad id", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    await subscribePush(harness.services, owner, pushService.subscribe());
    const [listed] = await listPushSubscriptions(harness.services, owner);
    expect(await unsubscribePush(harness.services, stranger, { id: listed!.id })).toEqual({
      removed: false,
    });
    for (const bad of [{ id: -1 }, { id: 1.5 }, { id: "1" }, {}]) {
      await expect(unsubscribePush(harness.services, owner, bad)).rejects.toThrow(
        PUSH_MESSAGES.badEndpoint,
      );
    }
    expect(await storedFor(owner)).toHaveLength(1);
    expect(await unsubscribePush(harness.services, owner, { id: listed!.id })).toEqual({
      removed: true,
    });
    expect(await storedFor(owner)).toHaveLength(0);
  });

  it("moves a browser's endpoint to the account that subscribed it last", async () => {
    const first = await newUser();
    const second = await newUser();
    const subscription = pushService.subscribe();
    await subscribePush(harness.services, first, subscription);
    await subscribePush(harness.services, second, subscription);
    expect(await storedFor(first)).toHaveLength(0);
    expect(await storedFor(second)).toHaveLength(1);
  });
});
