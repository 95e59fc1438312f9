import { useEffect } from "react";

/** Idle time the registration waits for at most once the page has loaded. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Registers the site's service worker (public/sw.js: offline page, push notifications) once the
 * page has hydrated and gone idle, so neither the first paint nor the first interaction waits
 * for it; the worker's own script is fetched apart from the page's bundle.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      navigator.serviceWorker
        .register("/sw.js", { scope: "/", updateViaCache: "none" })
        .catch(() => {
          // No worker (private mode, blocked by the browser): the site works as before.
        });
    };
    const whenIdle = () =>
      "requestIdleCallback" in window
        ? window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(register, 1);
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
    };
  }, []);
  return null;
}
