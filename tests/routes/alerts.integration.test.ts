import { TELEGRAM_TEXTS } from "../../core/telegram";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_TEXTS, MAX_SAVED_SEARCHES } from "../../core/alert-rules";
import { createSmtpMailer } from "../../server/adapters/mailer/smtp-mailer";
import {
  alertChannels,
  alertDeliveries,
  alertWatches,
  courses,
  savedSearches,
} from "../../server/db/schema";
import { CHANNEL_TEST_TEXTS } from "../../server/domain/alerts/channel-tests";
import { sendDueDigests } from "../../server/domain/alerts/email-digest";
import { queueAlertsForNewCoupons } from "../../server/domain/alerts/match-new-coupons";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { couponRecord } from "../setup/alert-fixtures";
import { signInUser } from "../setup/api-test-server";
import { startSmtpTestServer, type SmtpTestServer } from "../setup/smtp-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

let smtp: SmtpTestServer;
let site: WebTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  // 08:00 in Jakarta: past the default digest hour.
  site = await startWebTestServer({
    now: "2026-11-23T08:00:00+07:00",
    env: { SMTP_URL: smtp.url },
  });
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

/** A same-origin form POST (as the site's own page sends it), signed in when `cookie` is given. */
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.baseUrl, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

async function rows(table: typeof alertWatches | typeof savedSearches | typeof courses) {
  const [row] = await site.services.db.select({ n: count() }).from(table);
  return row!.n;
}

describe("alert routes refuse bad input and store nothing", () => {
  it("asks to sign in", async () => {
    const read = await fetch(`${site.baseUrl}/alerts`);
    expect(read.status).toBe(401);
    const watch = await post("/alerts/watches", { url: "https://www.udemy.com/course/x-y/" });
    expect(watch.status).toBe(401);
    expect(((await watch.json()) as { message: string }).message).toBe(ALERT_TEXTS.signInRequired);
    expect(await rows(alertWatches)).toBe(0);
  });

  it("refuses anything but a Udemy course address", async () => {
    const { cookie } = await signInUser(site.services, "paste@example.com");
    const coursesBefore = await rows(courses);
    for (const url of [
      "https://example.com/course/learn-python/",
      "https://www.udemy.com/courses/search/?q=python",
      "https://www.udemy.com.evil.example/course/learn-python/",
      "https://user@www.udemy.com/course/learn-python/",
      "javascript:alert(1)",
      "x".repeat(10_000),
    ]) {
      const response = await post("/alerts/watches", { url }, cookie);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        ALERT_TEXTS.notUdemyCourseUrl,
      );
    }
    expect(await rows(alertWatches)).toBe(0);
    expect(await rows(courses)).toBe(coursesBefore);
  });

  it("refuses a 10 000-character search and more than the cap of saved searches", async () => {
    const { cookie } = await signInUser(site.services, "searcher@example.com");
    const long = await post("/alerts/searches", { search: "python ".repeat(1_500) }, cookie);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe(ALERT_TEXTS.searchTooLong);
    expect(await rows(savedSearches)).toBe(0);

    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      // The alert-write rate limit (30 a minute) is not what this test is about.
      if (index % 25 === 0) site.clock.advance(60_000);
      const saved = await post("/alerts/searches", { search: `topic${index}` }, cookie);
      expect(saved.status).toBe(201);
    }
    site.clock.advance(60_000);
    const over = await post("/alerts/searches", { search: "one too many" }, cookie);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toBe(ALERT_TEXTS.searchLimit);
    const again = await post("/alerts/searches", { search: "topic1" }, cookie);
    expect(again.status).toBe(429);
    expect(await rows(savedSearches)).toBe(MAX_SAVED_SEARCHES);
  });

  it("refuses an alert with no channel, an unknown channel, one that cannot reach the user, or someone else's alert", async () => {
    const owner = await signInUser(site.services, "chooser@example.com");
    const other = await signInUser(site.services, "stranger@example.com");
    site.clock.advance(60_000);
    // E-mail reaches the owner (the site has SMTP, the digest is on); push and Telegram do not.
    await post("/alerts/email", { enabled: "true", hour: "7" }, owner.cookie);
    const saved = await post("/alerts/searches", { search: "kotlin" }, owner.cookie);
    const { search } = (await saved.json()) as { search: { id: number } };
    const choose = (channels: string, cookie: string) =>
      post("/alerts/searches", { intent: "channels", id: String(search.id), channels }, cookie);
    const stored = async () =>
      (
        await site.services.db
          .select({ channels: savedSearches.channels })
          .from(savedSearches)
          .where(eq(savedSearches.id, search.id))
      )[0]!.channels;

    for (const [channels, message] of [
      ["", ALERT_TEXTS.channelsNone],
      [" , ", ALERT_TEXTS.channelsNone],
      ["email,sms", ALERT_TEXTS.channelsUnknown],
    ] as const) {
      const refused = await choose(channels, owner.cookie);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(message);
    }
    const stranger = await choose("push", other.cookie);
    expect(stranger.status).toBe(404);
    expect(await stored()).toEqual(["email"]);

    for (const [channels, message] of [
      ["email,push", ALERT_TEXTS.pushNeedsBrowser],
      ["telegram", TELEGRAM_TEXTS.unavailable],
    ] as const) {
      const unreachable = await choose(channels, owner.cookie);
      expect(unreachable.status).toBe(409);
      expect(((await unreachable.json()) as { message: string }).message).toBe(message);
    }
    expect(await stored()).toEqual(["email"]);

    const chosen = await choose("email,email", owner.cookie);
    expect(chosen.status).toBe(200);
    expect(await stored()).toEqual(["email"]);
  });
});

describe("a test on each channel", () => {
  it("sends a test e-mail now to the signed-in user's address, and asks a visitor to sign in", async () => {
    const tester = await signInUser(site.services, "tester@example.com");
    site.clock.advance(60_000);
    const before = smtp.messages.length;
    const refused = await post("/alerts/email", { intent: "test" });
    expect(refused.status).toBe(401);
    const sent = await post("/alerts/email", { intent: "test" }, tester.cookie);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { message: string }).message).toBe(CHANNEL_TEST_TEXTS.emailSent);
    const received = smtp.messages.slice(before);
    expect(received.map((message) => message.to)).toEqual([["tester@example.com"]]);
    expect(received[0]!.parsed.subject).toBe(CHANNEL_TEST_TEXTS.subject);
    expect(received[0]!.parsed.text).toContain(CHANNEL_TEST_TEXTS.body);
  });

  it("refuses a Telegram test without a linked chat", async () => {
    const tester = await signInUser(site.services, "telegram-tester@example.com");
    site.clock.advance(60_000);
    const refused = await post("/alerts/telegram", { intent: "test" }, tester.cookie);
    expect(refused.status).toBe(409);
  });
});

describe("from a pasted URL to the e-mail and its unsubscribe link", () => {
  it("turns e-mail on, watches, saves a search, gets the digest and unsubscribes signed out", async () => {
    site.clock.advance(60_000);
    const { services } = site;
    const { cookie, userId } = await signInUser(services, "learner@example.com");
    // E-mail first: a new alert starts on the channels that reach the learner then.
    const email = await post("/alerts/email", { enabled: "true", hour: "7" }, cookie);
    expect(email.status).toBe(200);
    const badHour = await post("/alerts/email", { enabled: "true", hour: "24" }, cookie);
    expect(badHour.status).toBe(400);
    const watched = await post(
      "/alerts/watches",
      { url: "https://www.udemy.com/course/rust-for-everyone/?couponCode=OLD" },
      cookie,
    );
    expect(watched.status).toBe(200);
    const saved = await post("/alerts/searches", { search: "python", type: "Development" }, cookie);
    expect(saved.status).toBe(201);
    const { search } = (await saved.json()) as { search: { id: number; feedUrl: string } };

    await importCouponRecords(
      services,
      [
        couponRecord(services, "rust-for-everyone", "Rust for Everyone", "RUST1"),
        couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1"),
      ],
      "fixture",
    );
    expect((await queueAlertsForNewCoupons(services)).queued).toBe(2);
    const mailer = createSmtpMailer({ url: smtp.url, from: services.config.alerts.mailFrom });
    expect((await sendDueDigests(services, mailer)).sent).toBe(1);
    mailer.close();
    const message = smtp.messages.find((sent) => sent.to.includes("learner@example.com"))!;
    expect(message.parsed.text).toContain("/course/rust-for-everyone");

    const mine = (await (
      await fetch(`${site.baseUrl}/alerts`, { headers: { cookie } })
    ).json()) as {
      watches: Array<{ path: string; listed: boolean }>;
      searches: Array<{ search: string; feedUrl: string }>;
      email: { enabled: boolean; hour: number };
      history: Array<{ path: string; status: string }>;
    };
    expect(mine.watches).toEqual([
      expect.objectContaining({ path: "/course/rust-for-everyone", listed: true }),
    ]);
    expect(mine.searches).toEqual([expect.objectContaining({ search: "python" })]);
    expect(mine.email).toMatchObject({ enabled: true, hour: 7 });
    expect(mine.history.map((entry) => [entry.path, entry.status]).sort()).toEqual([
      ["/course/python-data-analysis", "sent"],
      ["/course/rust-for-everyone", "sent"],
    ]);

    // The private feed answers by its token alone, until it is renewed.
    const feedPath = new URL(search.feedUrl).pathname;
    const feed = await fetch(`${site.baseUrl}${feedPath}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    expect(await feed.text()).toContain("/course/python-data-analysis");
    const renewed = await post(
      "/alerts/searches",
      { intent: "renew-feed", id: String(search.id) },
      cookie,
    );
    const { feedUrl } = (await renewed.json()) as { feedUrl: string };
    expect((await fetch(`${site.baseUrl}${feedPath}`)).status).toBe(404);
    expect((await fetch(`${site.baseUrl}${new URL(feedUrl).pathname}`)).status).toBe(200);

    // The e-mail's link, opened with no cookie: a page that asks, and changes nothing.
    const listUnsubscribe = message.parsed.headerLines.find(
      (header) => header.key === "list-unsubscribe",
    )!.line;
    const link = new URL(/<([^>]+)>/.exec(listUnsubscribe)![1]!);
    const unsubscribePath = `${link.pathname}${link.search}`;
    const page = await fetch(`${site.baseUrl}${unsubscribePath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop the alert e-mails about free courses?");

    // A forged token: 400, nothing changed.
    const token = link.searchParams.get("token")!;
    const forged = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    const forgedPage = await fetch(
      `${site.baseUrl}/alerts/unsubscribe?token=${encodeURIComponent(forged)}`,
    );
    expect(forgedPage.status).toBe(400);
    const forgedPost = await fetch(
      `${site.baseUrl}/alerts/unsubscribe?token=${encodeURIComponent(forged)}`,
      {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    );
    expect(forgedPost.status).toBe(400);
    const channel = () =>
      services.db.select().from(alertChannels).where(eq(alertChannels.userId, userId));
    expect((await channel())[0]!.emailEnabled).toBe(true);

    // RFC 8058 one-click: the mail provider's POST, no cookie, no Origin.
    const oneClick = await fetch(`${site.baseUrl}${unsubscribePath}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(ALERT_TEXTS.unsubscribed);
    expect((await channel())[0]).toMatchObject({
      emailEnabled: false,
      emailNote: "You unsubscribed from alert e-mails on 2026-11-23.",
    });

    const unwatched = await post(
      "/alerts/watches",
      {
        intent: "unwatch",
        courseId: String(
          (
            await services.db
              .select({ id: alertWatches.courseId })
              .from(alertWatches)
              .where(eq(alertWatches.userId, userId))
          )[0]!.id,
        ),
      },
      cookie,
    );
    expect(unwatched.status).toBe(200);
    const [left] = await services.db
      .select({ n: count() })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, userId));
    expect(left!.n).toBe(2);
  });
});
