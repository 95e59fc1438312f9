import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { coursePath } from "../../core/course-paths";
import { PUSH_MESSAGES } from "../../core/push";
import { startFakePushService, type FakeSubscription } from "../setup/fake-push-service";
import { startSmtpTestServer } from "../setup/smtp-test-server";
import type { ApiCourse } from "./support/api-course";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";
import {
  E2E_ALERT_TICK_SECONDS,
  E2E_JAKARTA_HOUR,
  E2E_JOURNEY_PUSH_PORT,
  E2E_SMTP_PORT,
} from "./support/env";
import { gotoHydrated, searchBox } from "./support/home-page";
import { ingestFeed } from "./support/operator-cli";
import { dropFlash } from "./support/personal-layer";
import {
  clickFirstNotification,
  deliverPush,
  shownNotifications,
  waitForController,
} from "./support/service-worker";

// Issue 21, done when: a user turns on e-mail and push and saves a search; a new matching course
// is ingested; the e-mail arrives at the test's SMTP server and the stand-in push service receives
// the decrypted payload; delivering that payload to the page's service worker shows the
// notification. One journey, through the browser, the ingest CLI and the server's own alert
// worker (ALERT_DIGEST_CRON ticks every few seconds on the e2e server, see playwright.config.ts).
// It adds a course, so it runs in its own project after the catalogue-writes specs.

test.use({ userAgent: DESKTOP_CHROME_UA });

/** Words no course of the demo catalogue holds: the search finds nothing until the ingest. */
const WORDS = "quokka telemetry";
const SLUG = "alerts-journey-quokka-telemetry";
const TITLE = "Quokka Telemetry for Field Biologists";
const COUPON = "QUOKKA2026";
/** The server's push text for a course alert (server/domain/alerts/push-alerts.ts). */
const PUSH_BODY = "Free now on Kursusku. Open it before the coupon runs out.";

function feedRecord(expiredDate: string) {
  return {
    course_id: "7654321",
    category: "Development",
    sub_category: "Data Science",
    title: TITLE,
    content_length: "120",
    level: "All Levels",
    author: "Dewi Lestari",
    rating: "4.6",
    reviews: "41",
    students: "820",
    coupon_code: COUPON,
    preview_img: "null",
    coupon_link: `https://www.udemy.com/course/${SLUG}/?couponCode=${COUPON}`,
    expired_date: expiredDate,
    uses_remaining: "150",
    headline: "Radio collars, GPS fixes and tidy data",
    description: "<p>Tracking quokkas.</p>",
    language: "English",
  };
}

test.afterAll(async () => {
  // Retire the course again: the same coupon, already expired, leaves the list.
  const retired = await ingestFeed("alerts-journey", "retire.json", [
    feedRecord("2020-01-01 00:00:00+00:00"),
  ]);
  expect(retired.code, retired.stderr).toBe(0);
});

/**
 * The browser's side of the Web Push subscription. The test's Chromium cannot subscribe for
 * real: pushManager.subscribe() answers "AbortError: Registration failed - permission denied"
 * even with notifications granted (headless, no vendor push service to register with), and the
 * endpoint it would hand out (fcm.googleapis.com) is out of the test's reach anyway. So the
 * test plays the vendor: the stand-in push service on 127.0.0.1 makes the subscription (endpoint,
 * p256dh, auth; it keeps the private key to decrypt with, as the browser would), and the page's
 * PushManager hands exactly that out. Everything around it is the real thing: the toggle asks
 * for notification permission, reads the server's VAPID key, subscribes through the service
 * worker's registration and posts the subscription to /push/subscriptions. The key the toggle
 * subscribed with is recorded, so the test can check it is the server's.
 */
async function routePushManagerTo(context: BrowserContext, subscription: FakeSubscription) {
  await context.addInitScript((json: FakeSubscription) => {
    const STORED = "e2e-push-subscribed";
    const keys: string[] = [];
    (window as unknown as { e2eSubscribeKeys: string[] }).e2eSubscribeKeys = keys;
    const issued = () =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        getKey: () => null,
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORED);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      keys.push(typeof key === "string" ? key : String(key));
      localStorage.setItem(STORED, "yes");
      return issued();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(STORED) ? issued() : null;
    };
  }, subscription);
}

function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
}

async function listedCourse(page: Page, slug: string): Promise<ApiCourse | undefined> {
  const answer = await page.request.get(
    `/api?action=getCourses&search=${encodeURIComponent(WORDS)}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as ApiCourse[]).find((course) => course.slug === slug);
}

test("a saved search with e-mail and push on: a new matching course reaches the inbox, the push service and the browser", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // The e2e server sends e-mail to this port (SMTP_URL) and may push to this origin (PUSH_SERVICES).
  const smtp = await startSmtpTestServer({ port: E2E_SMTP_PORT });
  const pushService = await startFakePushService({ port: E2E_JOURNEY_PUSH_PORT });
  try {
    const email = `journey-${randomUUID()}@example.com`;
    const subscription = pushService.subscribe();
    await routePushManagerTo(context, subscription);

    // Signed in, with a desktop browser.
    const signIn = await context.request.post("/auth/dev", {
      form: { email, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    await dropFlash(context);

    // 1. E-mail and push on first: a new alert starts on the channels that reach the learner.
    await page.goto("/dashboard?tab=alerts");
    await waitForHydration(page);
    // E-mail on, at the hour the server's clock (FAKE_NOW, 10:00 WIB) shows: the digest is due.
    const hour = `${String(E2E_JAKARTA_HOUR).padStart(2, "0")}:00`;
    await page.getByLabel("Send at (WIB)").selectOption({ label: hour });
    await page.getByRole("button", { name: "Turn on e-mail" }).click();
    await expect(page.getByText(`On, at ${hour} WIB.`)).toBeVisible();

    // Push on, in this browser.
    await context.grantPermissions(["notifications"]);
    await page.getByRole("button", { name: "Turn on push alerts" }).click();
    await expect(page.getByText(PUSH_MESSAGES.subscribed)).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off push alerts" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const { publicKey } = (await (await page.request.get("/push/subscriptions")).json()) as {
      publicKey: string;
    };
    expect(
      await page.evaluate(
        () => (window as unknown as { e2eSubscribeKeys: string[] }).e2eSubscribeKeys,
      ),
    ).toEqual([publicKey]);
    // The server took this browser: the dashboard lists it by its push service's host.
    await page.reload();
    const browsers = page
      .getByRole("listitem")
      .filter({ hasText: `${new URL(subscription.endpoint).host} · added` });
    await expect(browsers).toHaveCount(1);
    await expect(browsers.getByText("Takes push alerts.")).toBeVisible();
    await expect(page.getByText(`On, at ${hour} WIB.`)).toBeVisible();

    // A search nothing matches yet, saved as an alert from the course list.
    await gotoHydrated(page, "/");
    await searchBox(page).fill(WORDS);
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/[?&]search=quokka(\+|%20)telemetry/);
    await expect(page.getByText("No Universes Found Here...")).toBeVisible();
    expect(await listedCourse(page, SLUG)).toBeUndefined();
    await page.getByRole("button", { name: "Alert me about new matches" }).click();
    await expect(
      page.getByText("Search saved: we will tell you about new free courses that match."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Manage alerts" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=alerts$/);
    const searches = page.getByRole("region", { name: "Saved searches (1)" });
    await expect(searches.getByText(`“${WORDS}”`, { exact: true })).toBeVisible();
    // This search tells by e-mail and push; Telegram (not linked) is a line saying what it needs.
    const told = searches.getByRole("group", { name: `Tell me about “${WORDS}” by` });
    await expect(told.getByRole("checkbox", { name: "E-mail" })).toBeChecked();
    await expect(told.getByRole("checkbox", { name: "Push" })).toBeChecked();
    await expect(told.getByRole("checkbox", { name: "Telegram" })).toHaveCount(0);
    await expect(told.getByTestId("alert-channel-needs")).toHaveText([
      "To be told on Telegram, link Telegram below.",
    ]);

    // 2. A new free course that matches arrives through the ingest, as an operator runs it.
    const ingested = await ingestFeed("alerts-journey", "arrival.json", [
      feedRecord("2030-01-01 00:00:00+00:00"),
    ]);
    expect(ingested.stdout).toContain("owns the database: importing through it.");
    expect(ingested.stdout).toContain("found 1, added 1, updated 0, unchanged 0, rejected 0");
    expect(ingested.code, ingested.stderr).toBe(0);
    const course = await listedCourse(page, SLUG);
    expect(course, "the new course is listed").toBeDefined();
    const path = coursePath(SLUG);

    // 3. The server's alert worker sends the digest and the push on its next ticks; the
    // dashboard's history says so once both went out.
    await expect
      .poll(
        async () => {
          await page.reload();
          const sent = page.getByRole("region", { name: "What we sent" }).getByRole("listitem");
          return sent.evaluateAll((items) =>
            items.map((item) => [
              item.querySelector("a")?.textContent,
              ...(item.querySelector("p")?.textContent ?? "").split(" · ").slice(0, 2),
            ]),
          );
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toEqual(
        expect.arrayContaining([
          [TITLE, "email", "sent"],
          [TITLE, "push", "sent"],
        ]),
      );
    // A tick or two more: nothing is sent twice.
    await page.waitForTimeout(2 * E2E_ALERT_TICK_SECONDS * 1000 + 1000);

    // The e-mail: one digest to this user, HTML and text, naming the course, with one-click
    // unsubscribe.
    const mails = smtp.messages.filter((message) => message.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe(`Free now: ${TITLE}`);
    expect(mail.text).toContain(TITLE);
    expect(mail.text).toContain(`Matches your saved search “${WORDS}”.`);
    expect(mail.text).toMatch(new RegExp(`https?://[^\\s]+${path}\\n`));
    expect(mail.html).toBeTruthy();
    expect(mail.html).toContain(`>${TITLE}</a>`);
    expect(mail.html).toMatch(new RegExp(`href="https?://[^"]+${path}"`));
    expect(rawHeader(mail, "list-unsubscribe")).toMatch(
      /^<https?:\/\/[^>]+\/alerts\/unsubscribe\?token=[A-Za-z0-9._-]+>$/,
    );
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // The push: one message at this browser's endpoint, VAPID-signed and encrypted for it (the
    // stand-in refuses anything else), whose decrypted payload names the course and its page.
    expect(pushService.refused).toEqual([]);
    const pushes = pushService.received.filter((push) => push.endpoint === subscription.endpoint);
    expect(pushes).toHaveLength(1);
    const delivered = pushes[0]!;
    expect(JSON.parse(delivered.payload)).toEqual({
      title: TITLE,
      body: PUSH_BODY,
      url: path,
      tag: `course-${course!.id}`,
    });

    // 4. The push service's half ends here; the browser's starts with the very bytes it
    // decrypted, handed to the page's service worker as a push service would.
    await waitForController(page);
    await deliverPush(context, page, delivered.payload);
    const origin = new URL(page.url()).origin;
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        { title: TITLE, body: PUSH_BODY, tag: `course-${course!.id}`, data: { url: path } },
      ]);

    // Clicking it opens the course page.
    const opened = context.waitForEvent("page").catch(() => null);
    await clickFirstNotification(context);
    const courseUrl = `${origin}${path}`;
    // A new window when the browser allows one, else the site's open tab is taken to the course.
    const coursePage = await Promise.race([opened, page.waitForURL(courseUrl).then(() => page)]);
    await expect(coursePage!).toHaveURL(courseUrl);
    await expect(coursePage!.getByRole("heading", { level: 1 })).toContainText(TITLE);
  } finally {
    await pushService.close();
    await smtp.stop();
  }
});
