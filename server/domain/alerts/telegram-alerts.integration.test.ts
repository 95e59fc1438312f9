import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TELEGRAM_TEXTS } from "../../../core/telegram";
import {
  addUser,
  couponRecord,
  ingestRecords,
  deliveryStatuses,
} from "../../../tests/setup/alert-fixtures";
import {
  FAKE_BOT_TOKEN,
  FAKE_BOT_USERNAME,
  startFakeTelegram,
  type FakeTelegram,
} from "../../../tests/setup/fake-telegram";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { telegramLinkTokens } from "../../db/schema";
import { rememberAlertLocale } from "./alert-locale";
import { sendDueMessages } from "./message-queue";
import { saveSearch } from "./saved-searches";
import { CHANNEL_TEST_TEXTS, sendTestTelegram } from "./channel-tests";
import { sendDueTelegramAlerts } from "./telegram-alerts";
import { createTelegramLink, readTelegramChannel, unlinkTelegram } from "./telegram-chats";
import { escapeTelegramHtml } from "./telegram-message";
import { pollTelegramUpdates } from "./telegram-updates";

const SITE = "https://kursusku.test";
let telegram: FakeTelegram;
let harness: TestServices;
let served: CouponRecord[] = [];

beforeEach(async () => {
  telegram = await startFakeTelegram();
  // 10:00 in Jakarta: outside the quiet hours.
  harness = await createTestServices({
    now: "2026-11-23T10:00:00+07:00",
    env: {
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_BASE: telegram.apiBase,
      PUBLIC_SITE_URL: SITE,
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

const poll = () => pollTelegramUpdates(harness.services, { timeoutSeconds: 0 });

async function deepLinkToken(userId: string): Promise<string> {
  const { url } = await createTelegramLink(harness.services, userId);
  const match = new RegExp(
    `^https://t\\.me/${FAKE_BOT_USERNAME}\\?start=([A-Za-z0-9_-]{32})$`,
  ).exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

/** A user with e-mail off and a saved search, whose Telegram chat `chatId` is linked. */
async function telegramUser(id: string, chatId: number, words: string) {
  const { services } = harness;
  await addUser(services, id, { enabled: false });
  telegram.sendFromUser(chatId, `/start ${await deepLinkToken(id)}`);
  await poll();
  expect((await readTelegramChannel(services, id)).enabled).toBe(true);
  // Saved once linked: a new alert starts on the channels that reach its user then.
  await saveSearch(services, id, { search: words, type: "", language: "", rating: 0 });
}

const messagesTo = (chatId: number) =>
  telegram.sent.filter((message) => message.chatId === String(chatId));

const statuses = (userId: string) => deliveryStatuses(harness.services, userId);

describe("linking a Telegram chat", () => {
  it("links the chat that sends /start with the dashboard's one-time token", async () => {
    const { services } = harness;
    await addUser(services, "ani", { enabled: false });
    const token = await deepLinkToken("ani");
    // Only a hash is stored.
    const stored = await services.db.select().from(telegramLinkTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);

    telegram.sendFromUser(5001, `/start ${token}`);
    expect(await poll()).toEqual({ handled: 1 });
    expect(await readTelegramChannel(services, "ani")).toEqual({
      available: true,
      linked: true,
      enabled: true,
      note: null,
    });
    expect(messagesTo(5001).map((message) => message.text)).toEqual([
      escapeTelegramHtml(TELEGRAM_TEXTS.linked),
    ]);

    // The token was spent: another chat sending it links nothing and is told so politely.
    telegram.sendFromUser(5002, `/start ${token}`);
    await poll();
    expect(messagesTo(5002).map((message) => message.text)).toEqual([
      escapeTelegramHtml(TELEGRAM_TEXTS.badToken),
    ]);
    // The offset moved on: polling again handles nothing twice.
    expect(await poll()).toEqual({ handled: 0 });
    expect(messagesTo(5001)).toHaveLength(1);
  });

  it("an expired or forged token links nothing", async () => {
    const { services } = harness;
    await addUser(services, "budi", { enabled: false });
    const token = await deepLinkToken("budi");
    harness.clock.advance(31 * 60_000);
    telegram.sendFromUser(6001, `/start ${token}`);
    telegram.sendFromUser(6002, `/start ${"A".repeat(32)}`);
    telegram.sendFromUser(6003, "/start");
    await poll();
    expect((await readTelegramChannel(services, "budi")).linked).toBe(false);
    expect(messagesTo(6001)[0]!.text).toBe(escapeTelegramHtml(TELEGRAM_TEXTS.badToken));
    expect(messagesTo(6002)[0]!.text).toBe(escapeTelegramHtml(TELEGRAM_TEXTS.badToken));
    expect(messagesTo(6003)[0]!.text).toBe(escapeTelegramHtml(TELEGRAM_TEXTS.hello));
  });
});

describe("the bot's replies in the user's language", () => {
  it("answers a token in its user's alert language, and a stranger in their Telegram's", async () => {
    const { services } = harness;
    await addUser(services, "sari", { enabled: false });
    await rememberAlertLocale(services, "sari", "id");
    telegram.sendFromUser(6101, `/start ${await deepLinkToken("sari")}`);
    await poll();
    expect(messagesTo(6101)[0]!.text).toBe(
      escapeTelegramHtml(
        "Terhubung ke akun Kursusku-mu. Kursus gratis baru yang cocok dengan notifikasimu akan dikirim ke sini (tidak pernah antara pukul 22.00 dan 06.00 WIB). Kamu bisa memutuskannya kapan saja dari dasbor.",
      ),
    );

    // An expired token still names its user: the reply speaks their language.
    const expired = await deepLinkToken("sari");
    harness.clock.advance(31 * 60_000);
    telegram.sendFromUser(6102, `/start ${expired}`);
    // A forged token or a bare /start: the sender's Telegram app language decides.
    telegram.sendFromUser(6103, `/start ${"A".repeat(32)}`, "Wayan", "id");
    telegram.sendFromUser(6104, "/start", "Wayan", "id-ID");
    telegram.sendFromUser(6105, "/start", "Jane", "en-GB");
    await poll();
    const badToken = escapeTelegramHtml(
      "Tautan ini tidak valid atau sudah kedaluwarsa. Buka dasbor Kursusku, pilih Notifikasi, lalu “Hubungkan Telegram” untuk mendapatkan tautan baru.",
    );
    expect(messagesTo(6102)[0]!.text).toBe(badToken);
    expect(messagesTo(6103)[0]!.text).toBe(badToken);
    expect(messagesTo(6104)[0]!.text).toBe(
      escapeTelegramHtml(
        "Halo! Untuk menerima notifikasi Kursusku di sini, buka dasbor di situs, pilih Notifikasi, lalu “Hubungkan Telegram”.",
      ),
    );
    expect(messagesTo(6105)[0]!.text).toBe(escapeTelegramHtml(TELEGRAM_TEXTS.hello));
  });
});

describe("Telegram alerts", () => {
  it("an ingested course reaches each linked user exactly once, linked to its page", async () => {
    await telegramUser("citra", 7001, "kotlin");
    await telegramUser("dewi", 7002, "kotlin android");
    served = [
      couponRecord(harness.services, "kotlin-for-android", "Kotlin for Android & iOS", "KT1", {
        expiresAt: new Date("2026-11-25T12:00:00+07:00"),
      }),
    ];
    await ingest();
    expect(await statuses("citra")).toEqual(["telegram:pending"]);

    expect(await sendDueTelegramAlerts(harness.services)).toEqual({ sent: 2, failed: 0, held: 0 });
    for (const chat of [7001, 7002]) {
      const alerts = messagesTo(chat).slice(1); // after the "Linked" reply
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ parseMode: "HTML", disableWebPagePreview: false });
      expect(alerts[0]!.text).toBe(
        [
          "<b>Free now on Kursusku</b>",
          `<a href="${SITE}/course/kotlin-for-android">Kotlin for Android &amp; iOS</a>`,
          "Free until 12.00 WIB, 25 November 2026 · Expires in 2 days",
        ].join("\n"),
      );
    }
    // Nothing twice: another ingest of the same coupon and another tick send nothing.
    await ingest();
    expect(await sendDueTelegramAlerts(harness.services)).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(telegram.sent).toHaveLength(4);
  });

  it("speaks Indonesian to a user whose alerts speak it, linking the /id page", async () => {
    await addUser(harness.services, "sari", { enabled: false });
    await rememberAlertLocale(harness.services, "sari", "id");
    telegram.sendFromUser(7201, `/start ${await deepLinkToken("sari")}`);
    await poll();
    await saveSearch(harness.services, "sari", {
      search: "kotlin",
      type: "",
      language: "",
      rating: 0,
    });
    served = [
      couponRecord(harness.services, "kotlin-for-android", "Kotlin for Android & iOS", "KT1", {
        expiresAt: new Date("2026-11-25T12:00:00+07:00"),
      }),
    ];
    await ingest();
    expect(await sendDueTelegramAlerts(harness.services)).toEqual({ sent: 1, failed: 0, held: 0 });
    expect(messagesTo(7201).at(-1)!.text).toBe(
      [
        "<b>Gratis sekarang di Kursusku</b>",
        `<a href="${SITE}/id/course/kotlin-for-android">Kotlin for Android &amp; iOS</a>`,
        "Gratis sampai 12.00 WIB, 25 November 2026 · Berakhir dalam 2 hari",
      ].join("\n"),
    );

    await sendTestTelegram(harness.services, "sari");
    expect(messagesTo(7201).at(-1)!.text).toBe(
      "Ini pesan uji coba dari Kursusku: notifikasimu akan datang seperti ini. Tidak ada lagi yang perlu kamu lakukan.",
    );
  });

  it("sends the dashboard's test message to the linked chat at once, and refuses one to nobody", async () => {
    await telegramUser("tari", 7001, "go");
    expect(await sendTestTelegram(harness.services, "tari")).toBe(CHANNEL_TEST_TEXTS.telegramSent);
    expect(messagesTo(7001).at(-1)!.text).toBe(CHANNEL_TEST_TEXTS.body);
    await addUser(harness.services, "unlinked");
    await expect(sendTestTelegram(harness.services, "unlinked")).rejects.toThrow(
      TELEGRAM_TEXTS.notLinked,
    );
  });

  it("holds messages through the Jakarta night and sends them in the morning", async () => {
    await telegramUser("eka", 7101, "rust");
    harness.clock.set("2026-11-23T23:30:00+07:00");
    served = [couponRecord(harness.services, "rust-basics", "Rust Basics", "RUST1")];
    await ingest();
    expect(await sendDueTelegramAlerts(harness.services)).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(messagesTo(7101)).toHaveLength(1);
    harness.clock.set("2026-11-24T06:00:00+07:00");
    expect((await sendDueTelegramAlerts(harness.services)).sent).toBe(1);
    expect(messagesTo(7101)).toHaveLength(2);
  });

  it("a user who blocked the bot has Telegram switched off with a note, never retried", async () => {
    const { services } = harness;
    await telegramUser("fajar", 7201, "docker");
    telegram.block(7201);
    served = [
      couponRecord(services, "docker-deep-dive", "Docker Deep Dive", "DOCK1"),
      couponRecord(services, "docker-compose", "Docker Compose", "DOCK2"),
    ];
    await ingest();
    expect(await sendDueTelegramAlerts(services)).toEqual({ sent: 0, failed: 1, held: 0 });
    expect(await statuses("fajar")).toEqual(["telegram:cancelled", "telegram:failed"]);
    const channel = await readTelegramChannel(services, "fajar");
    expect(channel).toMatchObject({ linked: true, enabled: false });
    expect(channel.note).toContain("Forbidden: bot was blocked by the user");
    expect(telegram.refusals).toHaveLength(1);

    // Later courses queue nothing for Telegram, and ticks ask Telegram nothing more.
    served = [couponRecord(services, "docker-swarm", "Docker Swarm", "DOCK3")];
    await ingest();
    harness.clock.advance(60 * 60_000);
    expect(await sendDueTelegramAlerts(services)).toEqual({ sent: 0, failed: 0, held: 0 });
    expect(await statuses("fajar")).toEqual(["telegram:cancelled", "telegram:failed"]);
    expect(telegram.refusals).toHaveLength(1);

    // Linking again turns it back on and clears the note; unlinking forgets the chat.
    telegram.sendFromUser(7201, `/start ${await deepLinkToken("fajar")}`);
    await poll();
    expect(await readTelegramChannel(services, "fajar")).toMatchObject({
      enabled: true,
      note: null,
    });
    await unlinkTelegram(services, "fajar");
    expect((await readTelegramChannel(services, "fajar")).linked).toBe(false);
  });

  it("a sender that died after claiming loses nothing and sends nothing twice", async () => {
    await telegramUser("gita", 7301, "python");
    served = [couponRecord(harness.services, "python-101", "Python 101", "PY1")];
    await ingest();
    // The "crash": claimed, then the process is gone before Telegram is asked.
    await expect(
      sendDueMessages(harness.services, "telegram", () => Promise.reject(new Error("killed"))),
    ).rejects.toThrow("killed");
    expect(await statuses("gita")).toEqual(["telegram:sending"]);
    // Within the lease the claim is still the dead sender's.
    expect((await sendDueTelegramAlerts(harness.services)).sent).toBe(0);
    harness.clock.advance(11 * 60_000);
    expect((await sendDueTelegramAlerts(harness.services)).sent).toBe(1);
    expect((await sendDueTelegramAlerts(harness.services)).sent).toBe(0);
    expect(messagesTo(7301).slice(1)).toHaveLength(1);
    expect(await statuses("gita")).toEqual(["telegram:sent"]);
  });
});
