import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { PUSH_TEST_MESSAGE } from "../../core/push";
import { startFakePushService } from "../setup/fake-push-service";
import type { ApiCourse } from "./support/api-course";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";
import { E2E_PUSH_PORT } from "./support/env";
import {
  clickFirstNotification,
  deliverPush,
  openControlledPage,
  shownNotifications,
} from "./support/service-worker";

// The installable site: manifest, service worker, offline page, and the worker's push handling.
// Chromium cannot reach a browser vendor's push service from here, so a push is delivered to the
// worker through the DevTools protocol, as the push service would hand it over; the server's
// sending is tested against a stand-in push service (server/adapters/web-push/).

test.use({ userAgent: DESKTOP_CHROME_UA });

async function signInDirect(page: Page): Promise<void> {
  const signIn = await page.request.post("/auth/dev", {
    form: { email: `push-${randomUUID()}@example.com`, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
}

function postJson(page: Page, path: string, body?: unknown) {
  return page.request.post(path, {
    ...(body === undefined ? {} : { data: body }),
    headers: body === undefined ? {} : { "content-type": "application/json" },
  });
}

test("the site is installable: manifest with icons, a service worker at the root", async ({
  page,
  request,
}) => {
  await openControlledPage(page);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Kursusku", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain("maskable");

  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");
  const scope = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.scope,
  );
  expect(scope).toBe(new URL("/", page.url()).href);
});

test("a push shows its notification, and clicking it opens the course page", async ({
  page,
  context,
  request,
}) => {
  const [course] = (await (await request.get("/api?action=getCourses")).json()) as ApiCourse[];
  await context.grantPermissions(["notifications"]);
  await openControlledPage(page);
  const origin = new URL(page.url()).origin;
  const message = {
    title: `Free now: ${course!.title}`,
    body: "A 100% off coupon was just found.",
    url: `/course/${course!.slug}`,
    tag: `course-${course!.id}`,
  };

  await deliverPush(context, page, JSON.stringify(message));

  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      { title: message.title, body: message.body, tag: message.tag, data: { url: message.url } },
    ]);

  // The click, as the browser dispatches it to the worker when the notification is clicked.
  const opened = context.waitForEvent("page").catch(() => null);
  await clickFirstNotification(context);
  const courseUrl = `${origin}${message.url}`;
  // A new window when the browser allows one, else the site's open tab is taken to the course.
  const newPage = await Promise.race([opened, page.waitForURL(courseUrl).then(() => page)]);
  await expect(newPage!).toHaveURL(courseUrl);
  await expect(newPage!.getByRole("heading", { level: 1 })).toContainText(course!.title);
  // Clicked notifications close.
  await expect
    .poll(() =>
      page.evaluate(
        async () => (await navigator.serviceWorker.ready.then((r) => r.getNotifications())).length,
      ),
    )
    .toBe(0);
});

test("a push whose url leaves the site points its notification at the home page instead", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"]);
  await openControlledPage(page);
  await page.goto("/articles");
  await deliverPush(
    context,
    page,
    JSON.stringify({ title: "Trap", body: "x", url: "//evil.example/path", tag: "t" }),
  );
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const [notification] = await (await navigator.serviceWorker.ready).getNotifications();
        return notification?.data as { url: string } | undefined;
      }),
    )
    .toEqual({ url: "/" });
});

test("without a network, a navigation shows the offline page", async ({ page, context }) => {
  await openControlledPage(page);
  await context.setOffline(true);
  try {
    await page.goto("/articles");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page).toHaveURL(/\/articles$/);
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
});

test("a signed-in user's browser subscription is checked, stored and removed", async ({ page }) => {
  await signInDirect(page);

  const key = await page.request.get("/push/subscriptions");
  expect(key.status()).toBe(200);
  expect((await key.json()).publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);

  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  const post = (body: unknown) =>
    page.request.post("/push/subscriptions", {
      data: body,
      headers: { "content-type": "application/json" },
    });

  const refused = await post({ ...subscription, endpoint: "http://127.0.0.1:6379/" });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toContain("push service");
  const badKey = await post({ ...subscription, keys: { ...subscription.keys, auth: "short" } });
  expect(badKey.status()).toBe(400);
  expect((await badKey.json()).message).toContain("auth secret");

  const stored = await post(subscription);
  expect(stored.status()).toBe(201);
  const removed = await page.request.delete("/push/subscriptions", {
    data: { endpoint: subscription.endpoint },
    headers: { "content-type": "application/json" },
  });
  expect(await removed.json()).toMatchObject({ success: true, removed: true });

  // The dashboard lists the user's browsers (the vendor's host, never the endpoint) and removes
  // one from any device.
  expect((await post(subscription)).status()).toBe(201);
  await page.goto("/dashboard?tab=alerts");
  await waitForHydration(page);
  const browsers = page.getByRole("listitem").filter({ hasText: "fcm.googleapis.com · added" });
  await expect(browsers).toHaveCount(1);
  await expect(browsers.getByText("Takes push alerts.")).toBeVisible();
  await expect(page.getByText(subscription.endpoint)).toHaveCount(0);
  await browsers.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Browser removed: it gets no more push alerts.")).toBeVisible();
  await expect(browsers).toHaveCount(0);
});

test("a visitor who is not signed in cannot subscribe", async ({ request }) => {
  const answer = await request.post("/push/subscriptions", {
    data: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: {} },
    headers: { "content-type": "application/json" },
  });
  expect(answer.status()).toBe(401);
  expect((await request.get("/push/subscriptions")).status()).toBe(401);
});

test("a test alert reaches the push service encrypted, and the same message shows in the browser", async ({
  page,
  context,
}) => {
  // The push service the server sends to: it verifies the VAPID signature and decrypts.
  const pushService = await startFakePushService({ port: E2E_PUSH_PORT });
  try {
    await signInDirect(page);
    const subscription = pushService.subscribe();
    expect((await postJson(page, "/push/subscriptions", subscription)).status()).toBe(201);

    const test = await postJson(page, "/push/test");
    expect(await test.json()).toMatchObject({ success: true, sent: 1, disabled: 0, failed: 0 });
    expect(pushService.received).toHaveLength(1);
    const [delivered] = pushService.received;
    expect(JSON.parse(delivered!.payload)).toEqual(PUSH_TEST_MESSAGE);

    // The push service's half ends here; the browser's starts with the very bytes it decrypted.
    await context.grantPermissions(["notifications"]);
    await openControlledPage(page);
    await deliverPush(context, page, delivered!.payload);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => [n.title, n.body]);
        }),
      )
      .toEqual([[PUSH_TEST_MESSAGE.title, PUSH_TEST_MESSAGE.body]]);

    // A browser the push service has forgotten is turned off, not tried again.
    pushService.expire(subscription.endpoint);
    expect(await (await postJson(page, "/push/test")).json()).toMatchObject({ disabled: 1 });
    const none = await postJson(page, "/push/test");
    expect(none.status()).toBe(404);
    expect(pushService.received).toHaveLength(1);
  } finally {
    await pushService.close();
  }
});
