import { expect, type Page } from "@playwright/test";

/** A desktop Chrome that isbot does not take for a crawler. */
export const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A mid-range phone on a busy day: Lighthouse's mobile profile uses the same factor. */
const CPU_SLOWDOWN = 4;

export type EarlyPage = {
  /** Lets the page's JavaScript download, so it hydrates and replays what was tapped. */
  letScriptsLoad(): Promise<void>;
  /** The page is still the same document: a tap was replayed in place, not by a page load. */
  replayedInPlace(): Promise<boolean>;
  /** React's errors so far (a hydration mismatch would make React render the page anew). */
  reactErrors: string[];
  /** Back to the machine's own speed: the slowdown would otherwise outlive a reload. */
  endSlowdown(): Promise<void>;
};

/**
 * Opens `url` on a CPU slowed down 4× and returns at DOMContentLoaded, painted but not yet
 * interactive. The page's JavaScript is held back until `letScriptsLoad`, so every tap the test
 * makes before that surely lands before hydration, however fast or slow the machine is.
 */
export async function openBeforeHydration(page: Page, url: string): Promise<EarlyPage> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/.+\.js$/;
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  const reactErrors: string[] = [];
  const recordReactError = (text: string) => {
    if (/React error|hydrat/i.test(text)) reactErrors.push(text);
  };
  page.on("pageerror", (error) => recordReactError(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") recordReactError(message.text());
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const marker = `early-taps-${Date.now()}`;
  const hydrated = await page.evaluate((name) => {
    (window as unknown as Record<string, boolean>)[name] = true;
    return [...document.querySelectorAll("body *")].some((element) =>
      Object.keys(element).some((key) => key.startsWith("__reactProps")),
    );
  }, marker);
  expect(hydrated, "the page should not be interactive yet").toBe(false);
  return {
    // The route stays: once released it only passes requests on.
    letScriptsLoad: async () => release(),
    reactErrors,
    endSlowdown: async () => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
    replayedInPlace: () =>
      page.evaluate(
        (name) => (window as unknown as Record<string, boolean>)[name] === true,
        marker,
      ),
  };
}

/** Waits until React has hydrated the page (its elements carry React's props). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll("main *")].some((element) =>
            Object.keys(element).some((key) => key.startsWith("__reactProps")),
          ),
        ),
      { message: "the page should hydrate", timeout: 20_000 },
    )
    .toBe(true);
}
