import type { BrowserContext } from "@playwright/test";
import { FIRST_OPEN_NOTICE_KEY } from "../../../app/lib/course-opening";

/**
 * A visitor's first spending open asks once (cost and what remains) and the browser remembers.
 * Specs about something else mark it as seen, as a returning visitor's browser would.
 */
export async function markFirstOpenNoticeSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, "1");
    } catch {
      // about:blank and other opaque origins have no storage; the site's pages do.
    }
  }, FIRST_OPEN_NOTICE_KEY);
}
