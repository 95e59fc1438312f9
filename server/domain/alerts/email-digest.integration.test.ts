import { asc, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addUser, couponRecord } from "../../../tests/setup/alert-fixtures";
import { startSmtpTestServer, type SmtpTestServer } from "../../../tests/setup/smtp-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { createSmtpMailer, type Mailer } from "../../adapters/mailer/smtp-mailer";
import { alertChannels, alertDeliveries } from "../../db/schema";
import { ValidationError } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import { DELIVERY_LEASE_MS, MAX_DELIVERY_ATTEMPTS } from "./delivery-queue";
import { claimDueDigests, sendDueDigests } from "./email-digest";
import { rememberAlertLocale } from "./alert-locale";
import { sendTestEmail } from "./channel-tests";
import { queueAlertsForNewCoupons } from "./match-new-coupons";
import { saveSearch } from "./saved-searches";
import { unsubscribeByToken } from "./unsubscribe-tokens";
import { watchCourse } from "./watches";

const SITE = "https://kursusku.example";
let smtp: SmtpTestServer;
let harness: TestServices;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpTestServer({ refuse: (address) => address.startsWith("bounce") });
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  smtp.messages.length = 0;
  // 08:00 in Jakarta.
  harness = await createTestServices({
    now: "2026-11-23T08:00:00+07:00",
    env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: SITE },
  });
  mailer = createSmtpMailer({ url: smtp.url, from: harness.services.config.alerts.mailFrom });
});
afterEach(async () => {
  mailer.close();
  await harness.close();
});

/** Lists two new courses: one "ana" watches, one matching her saved search. */
async function queueTwoCoursesFor(userId: string) {
  const { services } = harness;
  await watchCourse(services, userId, { link: "https://www.udemy.com/course/rust-for-everyone/" });
  await saveSearch(services, userId, { search: "python", type: "", language: "", rating: 0 });
  await importCouponRecords(
    services,
    [
      couponRecord(services, "rust-for-everyone", "Rust for Everyone", "RUST1"),
      couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1"),
    ],
    "fixture",
  );
  expect((await queueAlertsForNewCoupons(services)).queued).toBe(2);
}

/** A header as the message carried it (unfolded), or undefined. */
function rawHeader(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

async function statuses() {
  return (
    await harness.services.db
      .select({ status: alertDeliveries.status, attempts: alertDeliveries.attempts })
      .from(alertDeliveries)
      .orderBy(asc(alertDeliveries.id))
  ).map((row) => `${row.status}/${row.attempts}`);
}

describe("the e-mail digest", () => {
  it("sends one HTML and text e-mail with the course links and one-click unsubscribe, once a day", async () => {
    const { services } = harness;
    await addUser(services, "ana", { enabled: true, hour: 7 });
    await queueTwoCoursesFor("ana");

    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const [{ to, parsed }] = smtp.messages as [(typeof smtp.messages)[number]];
    expect(to).toEqual(["ana@example.com"]);
    expect(parsed.subject).toBe("2 free courses for you on Kursusku");
    expect(parsed.text).toContain(`${SITE}/course/rust-for-everyone`);
    expect(parsed.text).toContain("Matches your saved search “python”.");
    expect(parsed.html).toContain(`href="${SITE}/course/python-data-analysis"`);
    expect(parsed.html).toContain("Rust for Everyone");
    expect(rawHeader(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(rawHeader(parsed, "list-unsubscribe")).toMatch(
      new RegExp(`^<${SITE}/alerts/unsubscribe\\?token=[A-Za-z0-9._-]+>$`),
    );
    expect(await statuses()).toEqual(["sent/1", "sent/1"]);

    // Another course the same day waits for tomorrow's digest.
    await importCouponRecords(
      services,
      [couponRecord(services, "python-web", "Python Web", "PW1")],
      "fixture",
    );
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
    harness.clock.advance(24 * 3_600_000);
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(smtp.messages[1]!.parsed.subject).toBe("Free now: Python Web");
  });

  it("speaks Indonesian to a user whose alerts speak it, linking the /id pages", async () => {
    const { services } = harness;
    await addUser(services, "sari", { enabled: true, hour: 7 });
    await rememberAlertLocale(services, "sari", "id");
    await queueTwoCoursesFor("sari");

    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    const [{ parsed }] = smtp.messages as [(typeof smtp.messages)[number]];
    expect(parsed.subject).toBe("2 kursus gratis untukmu di Kursusku");
    expect(parsed.text).toContain("Kursus yang kamu tunggu sekarang punya kupon gratis:");
    expect(parsed.text).toContain(`${SITE}/id/course/rust-for-everyone`);
    expect(parsed.text).toContain("Kursus yang kamu pantau sekarang gratis.");
    expect(parsed.text).toContain("Cocok dengan pencarian tersimpanmu “python”.");
    expect(parsed.text).toContain(`Atur notifikasimu: ${SITE}/id/dashboard`);
    expect(parsed.text).toMatch(
      new RegExp(
        `Berhenti menerima email ini: ${SITE}/alerts/unsubscribe\\?token=[A-Za-z0-9._-]+&lang=id`,
      ),
    );
    expect(parsed.html).toContain('<html lang="id">');
    expect(parsed.html).toContain(`href="${SITE}/id/course/python-data-analysis"`);
    expect(parsed.html).toContain("Kupon cepat habis: segera buka kursusnya.");
    expect(parsed.html).toContain(`<a href="${SITE}/id/dashboard">Atur notifikasimu</a>`);
    expect(parsed.html).toContain(">Berhenti berlangganan</a>");
    expect(parsed.html).not.toContain("Manage your alerts");
    // One-click unsubscribe keeps its one address.
    expect(rawHeader(parsed, "list-unsubscribe")).toMatch(
      new RegExp(`^<${SITE}/alerts/unsubscribe\\?token=[A-Za-z0-9._-]+>$`),
    );

    harness.clock.advance(24 * 3_600_000);
    await importCouponRecords(
      services,
      [couponRecord(services, "python-web", "Python Web", "PW1")],
      "fixture",
    );
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(smtp.messages[1]!.parsed.subject).toBe("Gratis sekarang: Python Web");
  });

  it("sends the test e-mail in the user's alert language", async () => {
    const { services } = harness;
    await addUser(services, "sari");
    await rememberAlertLocale(services, "sari", "id");
    await sendTestEmail(services, "sari");
    const [{ parsed }] = smtp.messages as [(typeof smtp.messages)[number]];
    expect(parsed.subject).toBe("Kursusku: notifikasi uji coba");
    expect(parsed.text).toContain(
      "Ini pesan uji coba dari Kursusku: notifikasimu akan datang seperti ini.",
    );
    expect(parsed.text).toContain(`${SITE}/id/dashboard?tab=alerts`);
    expect(parsed.html).toContain(`<a href="${SITE}/id/dashboard?tab=alerts">Notifikasimu</a>`);
  });

  it("sends each digest once when two senders tick at the same time", async () => {
    const { services } = harness;
    const names = Array.from({ length: 8 }, (_, index) => `user${index}`);
    for (const name of names) await addUser(services, name);
    for (const name of names) {
      await saveSearch(services, name, { search: "python", type: "", language: "", rating: 0 });
    }
    await importCouponRecords(
      services,
      [couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1")],
      "fixture",
    );
    const other = createSmtpMailer({ url: smtp.url, from: services.config.alerts.mailFrom });
    const [first, second] = await Promise.all([
      sendDueDigests(services, mailer),
      sendDueDigests(services, other),
    ]);
    other.close();
    expect(first.sent + second.sent).toBe(names.length);
    expect(smtp.messages.map((message) => message.to[0]).sort()).toEqual(
      names.map((name) => `${name}@example.com`).sort(),
    );
  });

  it("waits for the user's hour in Jakarta", async () => {
    const { services } = harness;
    await addUser(services, "budi", { enabled: true, hour: 20 });
    await queueTwoCoursesFor("budi");
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
    harness.clock.set("2026-11-23T20:05:00+07:00");
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
  });

  it("delivers exactly once after a sender died between claiming and sending", async () => {
    const { services } = harness;
    await addUser(services, "citra");
    await queueTwoCoursesFor("citra");
    // A sender claims the digest, then dies: nothing sent, nothing marked.
    const claims = await claimDueDigests(services);
    expect(claims).toHaveLength(1);
    expect(await statuses()).toEqual(["sending/1", "sending/1"]);

    // Its claim is live: nobody else sends the digest meanwhile.
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
    // After the lease, a restarted sender takes it over.
    harness.clock.advance(DELIVERY_LEASE_MS + 1000);
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.parsed.text!.match(/rust-for-everyone/g)).toHaveLength(1);
    expect(await statuses()).toEqual(["sent/2", "sent/2"]);
  });

  it("turns e-mail off with a note when the server refuses the address, and never retries it", async () => {
    const { services } = harness;
    await addUser(services, "bounce-dewi");
    await queueTwoCoursesFor("bounce-dewi");
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
    const [channel] = await services.db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.userId, "bounce-dewi"));
    expect(channel!.emailEnabled).toBe(false);
    expect(channel!.emailNote).toMatch(/refused bounce-dewi@example\.com \(.*No such user/);
    expect(await statuses()).toEqual(["failed/1", "failed/1"]);
    harness.clock.advance(24 * 3_600_000);
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
  });

  it("puts a digest back when the server cannot be reached, tries after the lease, gives up after the last try", async () => {
    const { services } = harness;
    await addUser(services, "eko");
    await queueTwoCoursesFor("eko");
    const down = createSmtpMailer({ url: "smtp://127.0.0.1:9", from: "Kursusku <a@b.example>" });
    expect(await sendDueDigests(services, down)).toEqual({ sent: 0, refused: 0, failed: 1 });
    expect(await statuses()).toEqual(["pending/1", "pending/1"]);
    // Not hammered: the next tick waits the lease out.
    expect(await sendDueDigests(services, down)).toEqual({ sent: 0, refused: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      harness.clock.advance(DELIVERY_LEASE_MS + 1000);
      expect(await sendDueDigests(services, down)).toEqual({ sent: 0, refused: 0, failed: 1 });
    }
    expect(await statuses()).toEqual(["failed/5", "failed/5"]);
    harness.clock.advance(DELIVERY_LEASE_MS + 1000);
    expect(await sendDueDigests(services, mailer)).toEqual({ sent: 0, refused: 0, failed: 0 });
    down.close();
  });

  it("unsubscribes by the e-mail's token and refuses a forged one", async () => {
    const { services } = harness;
    await addUser(services, "fajar");
    await queueTwoCoursesFor("fajar");
    await sendDueDigests(services, mailer);
    const link = rawHeader(smtp.messages[0]!.parsed, "list-unsubscribe")!.slice(1, -1);
    const token = new URL(link).searchParams.get("token")!;

    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    await expect(unsubscribeByToken(services, forged)).rejects.toThrow(ValidationError);
    const otherUser = Buffer.from(
      JSON.stringify({ channel: "email", sub: "ana", aud: "kursusku:alerts:unsubscribe" }),
    ).toString("base64url");
    await expect(
      unsubscribeByToken(services, `${header}.${otherUser}.${token.split(".")[2]}`),
    ).rejects.toThrow(ValidationError);
    const [still] = await services.db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.userId, "fajar"));
    expect(still!.emailEnabled).toBe(true);

    await unsubscribeByToken(services, token);
    const [off] = await services.db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.userId, "fajar"));
    expect(off!.emailEnabled).toBe(false);
    expect(off!.emailNote).toBe("You unsubscribed from alert e-mails on 2026-11-23.");
  });
});
