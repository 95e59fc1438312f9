import { expect, type Page } from "@playwright/test";

/** A desktop Chrome that isbot does not take for a crawler. */
export const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A mid-range phone on a busy day: Lighthouse's mobile profile uses the same factor. */
const CPU_SLOWDOWN = 4;

/**
 * Opens `url` on a CPU slowed down 4× and returns at DOMContentLoaded, while the page is painted
 * but not yet hydrated (checked: the test must really tap early). The returned function tells
 * whether the page is still the same document afterwards, so a tap was replayed in place rather
 * than answered by a full page load.
 */
export async function openBeforeHydration(
  page: Page,
  url: string,
): Promise<() => Promise<boolean>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const marker = `early-taps-${Date.now()}`;
  const hydrated = await page.evaluate((name) => {
    (window as unknown as Record<string, boolean>)[name] = true;
    return [...document.querySelectorAll("body *")].some((element) =>
      Object.keys(element).some((key) => key.startsWith("__reactProps")),
    );
  }, marker);
  expect(hydrated, "the page should not be interactive yet").toBe(false);
  return () =>
    page.evaluate((name) => (window as unknown as Record<string, boolean>)[name] === true, marker);
}
