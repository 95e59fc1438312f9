import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PUSH_SERVICES, PUSH_TEST_MESSAGE } from "../../../core/push";
import {
  addUser,
  couponRecord,
  ingestRecords,
  deliveryStatuses,
} from "../../../tests/setup/alert-fixtures";
import { startFakePushService, type FakePushService } from "../../../tests/setup/fake-push-service";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { sendTestPush, subscribePush } from "./push-subscriptions";
import { rememberAlertLocale } from "./alert-locale";
import { MAX_PUSHES_PER_DAY, sendDuePushes } from "./push-alerts";
import { MAX_COURSES_PER_SEARCH_PER_RUN } from "./match-new-coupons";
import { saveSearch } from "./saved-searches";

let pushService: FakePushService;
let harness: TestServices;
let served: CouponRecord[] = [];

beforeEach(async () => {
  pushService = await startFakePushService();
  // 10:00 in Jakarta: outside the quiet hours.
  harness = await createTestServices({
    now: "2026-11-23T10:00:00+07:00",
    env: { PUSH_SERVICES: [...DEFAULT_PUSH_SERVICES, pushService.origin].join(",") },
  });
  served = [];
});
afterEach(async () => {
  await harness.close();
  await pushService.close();
});

function ingest() {
  return ingestRecords(harness.services, served);
}

/** A user with e-mail off, one browser subscribed at the stand-in push service, and a saved search. */
async function pushUser(id: string, words: string) {
  const { services } = harness;
  await addUser(services, id, { enabled: false });
  await subscribePush(services, id, pushService.subscribe());
  await saveSearch(services, id, { search: words, type: "", language: "", rating: 0 });
}

const statuses = (userId: string) => deliveryStatuses(harness.services, userId);

describe("push alerts", () => {
  it("an ingested course matching a saved search reaches the user's browser once, decrypted", async () => {
    await pushUser("pusher", "kotlin");
    served = [
      couponRecord(harness.services, "kotlin-for-android", "Kotlin for Android", "KOTLIN1"),
    ];
    await ingest();
    expect(await statuses("pusher")).toEqual(["push:pending"]);

    expect(await sendDuePushes(harness.services)).toEqual({ sent: 1, failed: 0, held: 0 });
    expect(pushService.received).toHaveLength(1);
    expect(JSON.parse(pushService.received[0]!.payload)).toEqual({
      title: "Kotlin for Android",
      body: "Free now on Kursusku. Open it before the coupon runs out.",
      url: "/course/kotlin-for-android",
      tag: expect.stringMatching(/^course-\d+$/),
    });
    expect(await statuses("pusher")).toEqual(["push:sent"]);

    // Nothing twice: another tick and another ingest of the same coupon send nothing.
    await ingest();
    expect(await sendDuePushes(harness.services)).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(pushService.received).toHaveLength(1);
  });

  it("speaks Indonesian to a user whose alerts speak it: the alert and the test push", async () => {
    await pushUser("sari", "kotlin");
    await rememberAlertLocale(harness.services, "sari", "id");
    served = [
      couponRecord(harness.services, "kotlin-for-android", "Kotlin for Android", "KOTLIN1"),
    ];
    await ingest();
    expect(await sendDuePushes(harness.services)).toEqual({ sent: 1, failed: 0, held: 0 });
    // The course keeps its own title; the words around it and the page it opens are Indonesian.
    expect(JSON.parse(pushService.received[0]!.payload)).toEqual({
      title: "Kotlin for Android",
      body: "Gratis sekarang di Kursusku. Buka sebelum kuponnya habis.",
      url: "/id/course/kotlin-for-android",
      tag: expect.stringMatching(/^course-\d+$/),
    });

    expect((await sendTestPush(harness.services, "sari")).sent).toBe(1);
    expect(JSON.parse(pushService.received[1]!.payload)).toEqual({
      title: "Notifikasi uji coba Kursusku",
      body: "Notifikasi push berfungsi di browser ini.",
      url: "/id/dashboard",
      tag: "kursusku-test",
    });
  });

  it("sends the test push in English to an English user, as before", async () => {
    await pushUser("pusher", "kotlin");
    expect((await sendTestPush(harness.services, "pusher")).sent).toBe(1);
    expect(JSON.parse(pushService.received[0]!.payload)).toEqual(PUSH_TEST_MESSAGE);
  });

  it("holds pushes through the Jakarta night and sends them in the morning", async () => {
    harness.clock.set("2026-11-23T23:30:00+07:00");
    await pushUser("sleeper", "rust");
    served = [couponRecord(harness.services, "rust-basics", "Rust Basics", "RUST1")];
    await ingest();
    expect(await sendDuePushes(harness.services)).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(pushService.received).toHaveLength(0);
    harness.clock.set("2026-11-24T06:00:00+07:00");
    expect((await sendDuePushes(harness.services)).sent).toBe(1);
  });

  it(`sends at most ${MAX_PUSHES_PER_DAY} pushes a user a day; the rest wait for the next day`, async () => {
    await pushUser("busy", "python");
    // One search tells of at most MAX_COURSES_PER_SEARCH_PER_RUN courses a run: several runs.
    const courses = Array.from({ length: MAX_PUSHES_PER_DAY + 3 }, (_, index) =>
      couponRecord(harness.services, `python-part-${index}`, `Python Part ${index}`, `PY${index}`),
    );
    for (let start = 0; start < courses.length; start += MAX_COURSES_PER_SEARCH_PER_RUN) {
      served = courses.slice(0, start + MAX_COURSES_PER_SEARCH_PER_RUN);
      await ingest();
    }
    expect((await sendDuePushes(harness.services)).sent).toBe(MAX_PUSHES_PER_DAY);
    expect((await sendDuePushes(harness.services)).sent).toBe(0);
    harness.clock.set("2026-11-24T09:00:00+07:00");
    expect((await sendDuePushes(harness.services)).sent).toBe(3);
    expect(pushService.received).toHaveLength(MAX_PUSHES_PER_DAY + 3);
  });

  it("a browser that is gone turns itself off and the alert is marked failed, never retried", async () => {
    await pushUser("gone", "docker");
    const [subscription] = await harness.services.db.query.pushSubscriptions.findMany();
    pushService.expire(subscription!.endpoint);
    served = [couponRecord(harness.services, "docker-deep-dive", "Docker Deep Dive", "DOCK1")];
    await ingest();
    expect(await sendDuePushes(harness.services)).toEqual({ sent: 0, failed: 1, held: 0 });
    expect(await statuses("gone")).toEqual(["push:failed"]);
    // A later course finds no browser taking pushes: nothing is queued for push any more.
    served = [couponRecord(harness.services, "docker-compose", "Docker Compose", "DOCK2")];
    await ingest();
    expect(await statuses("gone")).toEqual(["push:failed"]);
  });
});
