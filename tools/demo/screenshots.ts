import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startDemoSite } from "./demo-site";
import { SCRIPT_BROWSER_UA } from "../local-server";

/**
 * `npm run screenshots -- <label>`: full-page screenshots of home, a search, an article and the
 * signed-in dashboard at a phone (390×844) and a desktop (1366×768) width, into
 * test-results/screenshots/<label>/, to compare a change's before and after by eye.
 */
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
] as const;
const root = path.resolve(import.meta.dirname, "../..");

async function main() {
  const label = process.argv[2] ?? "current";
  const outDir = path.join(root, "test-results/screenshots", label);
  mkdirSync(outDir, { recursive: true });
  const site = await startDemoSite("screenshots");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const cookie = (await site.signIn("screenshots@example.com")).split("=");
    const pages = [
      { name: "home", path: "/" },
      { name: "search", path: "/?search=python" },
      { name: "search-empty", path: "/?search=belajar%20python" },
      { name: "article", path: `/article?id=${site.articleId}` },
      { name: "dashboard", path: "/dashboard", signedIn: true },
    ];
    for (const viewport of VIEWPORTS) {
      for (const page of pages) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          userAgent: SCRIPT_BROWSER_UA,
          locale: "en-US",
          timezoneId: "Asia/Jakarta",
        });
        if (page.signedIn) {
          await context.addCookies([
            { name: cookie[0]!, value: cookie.slice(1).join("="), url: site.base },
          ]);
        }
        const tab = await context.newPage();
        await tab.goto(`${site.base}${page.path}`, { waitUntil: "networkidle" });
        const file = path.join(outDir, `${page.name}-${viewport.name}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        const cards = tab.locator("#courses-section article");
        const firstCard = (await cards.count()) > 0 ? await cards.first().boundingBox() : null;
        console.log(
          `${path.relative(root, file)}${firstCard ? ` (first course card at y=${Math.round(firstCard.y)})` : ""}`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
