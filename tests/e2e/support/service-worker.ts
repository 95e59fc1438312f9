import type { BrowserContext, CDPSession, Page } from "@playwright/test";

/** Opens `url` (the home page) and waits until the site's service worker controls the page. */
export async function openControlledPage(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await waitForController(page);
}

/** Waits until the site's service worker is ready and controls the page that is open. */
export async function waitForController(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
  });
}

/** The id DevTools knows the site's service worker registration by. */
export async function registrationIdOf(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId: await registrationId };
}

/** How long one delivery may take to show its notification before the push is delivered again. */
const DELIVERY_WAIT_MS = 3_000;
const DELIVERIES = 3;

/**
 * Hands `data` to the site's service worker as a push service hands over a push, and returns once
 * the worker shows a notification. DevTools' delivery is now and then dropped: in two full runs
 * over several sessions a push never showed within 7 s, while the same test passed 10 of 10 times
 * alone. A push service keeps a message until the browser takes it, so an undelivered push is
 * delivered again, at most 3 times. The worker's checks stay whole: every message carries a tag,
 * and a second delivery of it replaces its notification rather than adding one.
 */
export async function deliverPush(
  context: BrowserContext,
  page: Page,
  data: string,
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const { cdp, registrationId } = await registrationIdOf(context, page, origin);
  for (let delivery = 1; delivery <= DELIVERIES; delivery += 1) {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    while (Date.now() < deadline) {
      if ((await shownNotifications(page)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** What the notifications the worker shows hold, as the page reads them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    }));
  });
}

/**
 * Clicks the worker's first notification, as the browser dispatches the click to the worker
 * (a headless browser has no notification to click on screen).
 */
export async function clickFirstNotification(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("no service worker runs for this context");
  await worker.evaluate(async () => {
    // The worker's global scope (this project's TypeScript has no webworker types).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error("no notification to click");
    scope.dispatchEvent(
      new scope.NotificationEvent("notificationclick", { notification: notification }),
    );
  });
}
