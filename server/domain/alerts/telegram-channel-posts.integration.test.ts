import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addUser, couponRecord, ingestRecords } from "../../../tests/setup/alert-fixtures";
import {
  FAKE_BOT_TOKEN,
  startFakeTelegram,
  type FakeTelegram,
} from "../../../tests/setup/fake-telegram";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { startTelegramBotWorker } from "../../telegram-bot-worker";
import {
  CHANNEL_POSTS_PER_MINUTE,
  postDueChannelPosts,
  queueChannelPosts,
} from "./telegram-channel-posts";
import { createTelegramLink, readTelegramChannel } from "./telegram-chats";

const CHANNEL = "@kursusku_test";
let telegram: FakeTelegram;
let harness: TestServices;
let served: CouponRecord[] = [];

beforeEach(async () => {
  // Telegram's per-minute limit counted on the site's test clock, as the poster counts it.
  telegram = await startFakeTelegram({
    channels: [CHANNEL],
    now: () => harness.clock.now().getTime(),
  });
  harness = await createTestServices({
    now: "2026-11-23T10:00:00+07:00",
    env: {
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_BASE: telegram.apiBase,
      TELEGRAM_CHANNEL: CHANNEL,
      PUBLIC_SITE_URL: "https://kursusku.test",
    },
  });
  served = [];
});
afterEach(async () => {
  await harness.close();
  await telegram.close();
});

function ingest() {
  return ingestRecords(harness.services, served);
}

const channelPosts = () => telegram.sent.filter((message) => message.chatId === CHANNEL);

describe("the Telegram channel", () => {
  it("posts each new coupon once, never more than Telegram's limit a minute", async () => {
    const { services, clock } = harness;
    // Listed before the channel started: not news.
    served = [couponRecord(services, "old-course", "Old Course", "OLD1")];
    await ingest();
    clock.advance(60_000);
    expect(await queueChannelPosts(services, CHANNEL)).toBe(0);

    clock.advance(60_000);
    const fresh = CHANNEL_POSTS_PER_MINUTE + 5;
    served = Array.from({ length: fresh }, (_, index) =>
      couponRecord(services, `course-${index}`, `Course ${index}`, `C${index}`),
    );
    await ingest();
    expect(await queueChannelPosts(services, CHANNEL)).toBe(fresh);

    expect(await postDueChannelPosts(services, { limit: 100 })).toEqual({
      posted: CHANNEL_POSTS_PER_MINUTE,
      skipped: 0,
      failed: 0,
      stoppedBy: "rate",
    });
    clock.advance(30_000);
    expect((await postDueChannelPosts(services, { limit: 100 })).posted).toBe(0);
    clock.advance(31_000);
    expect((await postDueChannelPosts(services, { limit: 100 })).posted).toBe(5);
    // Telegram never had to refuse a post, and no coupon went out twice or was left out.
    expect(telegram.refusals).toEqual([]);
    const texts = channelPosts().map((message) => message.text);
    expect(texts).toHaveLength(fresh);
    expect(new Set(texts).size).toBe(fresh);
    expect(texts.some((text) => text.includes("Old Course"))).toBe(false);
    // The channel speaks Indonesian, the language of most visitors, and opens the /id pages.
    expect(texts[0]).toContain("<b>Kursus gratis baru</b>");
    expect(texts[0]).toMatch(/href="[^"]*\/id\/course\//);

    // Ingesting and queuing again changes nothing.
    await ingest();
    expect(await queueChannelPosts(services, CHANNEL)).toBe(0);
    clock.advance(61_000);
    expect((await postDueChannelPosts(services, { limit: 100 })).posted).toBe(0);
  });

  it("skips a coupon that ended before its turn", async () => {
    const { services, clock } = harness;
    await queueChannelPosts(services, CHANNEL);
    served = [
      couponRecord(services, "short-lived", "Short Lived", "SL1", {
        expiresAt: new Date(clock.now().getTime() + 5 * 60_000),
      }),
      couponRecord(services, "long-lived", "Long Lived", "LL1"),
    ];
    await ingest();
    await queueChannelPosts(services, CHANNEL);
    clock.advance(10 * 60_000);
    expect(await postDueChannelPosts(services, { limit: 100 })).toMatchObject({
      posted: 1,
      skipped: 1,
    });
    expect(
      channelPosts()
        .map((message) => message.text)
        .join(),
    ).not.toContain("Short Lived");
  });
});

describe("the bot worker", () => {
  it("polls Telegram from one instance at a time, and links the chat that sends /start", async () => {
    const { services } = harness;
    await addUser(services, "hana", { enabled: false });
    const { url } = await createTelegramLink(services, "hana");
    // Two instances on one database; short slots so the test sees a hand-over.
    const workers = [1, 2].map(() =>
      startTelegramBotWorker(services, { leaseMs: 3_000, longPollSeconds: 1 }),
    );
    try {
      await sleep(3_500);
      telegram.sendFromUser(8001, `/start ${url.split("start=")[1]}`);
      for (let waited = 0; waited < 10_000; waited += 250) {
        if ((await readTelegramChannel(services, "hana")).enabled) break;
        await sleep(250);
      }
      expect((await readTelegramChannel(services, "hana")).enabled).toBe(true);
      expect(telegram.calls.filter((call) => call.method === "getUpdates").length).toBeGreaterThan(
        1,
      );
      expect(telegram.maxConcurrentPolls).toBe(1);
    } finally {
      await Promise.all(workers.map((worker) => worker?.stop()));
    }
  });
});
