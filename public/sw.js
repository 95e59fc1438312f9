// @ts-check
/// <reference lib="webworker" />
/**
 * Kursusku's service worker (served from the site root, so its scope is the whole site).
 *
 * - Navigations go to the network; only when the network is gone does the small offline page
 *   (cached at install) stand in. Nothing else is cached: pages are personal (credits, hearts,
 *   the signed-in name) and the course list changes by the hour.
 * - A push message `{ title, body, url, tag }` shows a notification; clicking it opens (or
 *   focuses) `url`, which must be a path on this site.
 *
 * Plain JavaScript, not bundled: the browser fetches it on its own schedule, apart from the
 * page's scripts, and it must keep its address across releases.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const OFFLINE_CACHE = "kursusku-offline-v1";
const OFFLINE_PAGE = "/offline.html";
const ICON = "/icons/icon-192.png";
/** Navigations left entirely to the browser: they spend credit or sign in (server-side rules). */
const UNTOUCHED = [/^\/go\//, /^\/auth\//];

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== OFFLINE_CACHE) await caches.delete(name);
      // No navigation preload: the browser would send it for every navigation, also those this
      // worker leaves alone, which then go out a second time — and /go/ spends on a GET.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || UNTOUCHED.some((path) => path.test(url.pathname)))
    return;
  event.respondWith(
    (async () => {
      try {
        return await fetch(request);
      } catch {
        const offline = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE });
        return offline ?? Response.error();
      }
    })(),
  );
});

/**
 * A path on this site (one leading slash, no backslash or control character) or "/": the same
 * rule as the server's redirects, so a push can never send the user to another site.
 * @param {unknown} value
 * @returns {string}
 */
function sitePath(value) {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof value !== "string" || !/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/.test(value))
    return "/";
  const url = new URL(value, sw.location.origin);
  return url.origin === sw.location.origin ? url.pathname + url.search + url.hash : "/";
}

/**
 * @param {PushMessageData | null} data
 * @returns {{ title: string, body: string, url: string, tag: string | undefined }}
 */
function readMessage(data) {
  /** @type {Record<string, unknown>} */
  let message = {};
  try {
    const parsed = data ? data.json() : null;
    if (parsed && typeof parsed === "object") message = parsed;
  } catch {
    message = { body: data ? data.text() : "" };
  }
  const text = (/** @type {unknown} */ value, /** @type {string} */ fallback) =>
    typeof value === "string" && value.trim() !== "" ? value : fallback;
  return {
    title: text(message.title, "Kursusku"),
    body: text(message.body, "New free courses are waiting."),
    url: sitePath(message.url),
    tag: typeof message.tag === "string" && message.tag !== "" ? message.tag : undefined,
  };
}

sw.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: ICON,
      data: { url: message.url },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data?.url), sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      try {
        return await sw.clients.openWindow(target);
      } catch {
        // No new window allowed (no user gesture behind the event): take over one of ours.
        const ours = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        return ours?.navigate(target);
      }
    })(),
  );
});
