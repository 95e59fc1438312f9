import { expect, test } from "@playwright/test";

// Read-only: every test opens its own browser context on the demo catalogue.
test.describe.configure({ mode: "parallel" });

const EMPTY_FILTERED = "No Universes Found Here...";

test.describe("a search that finds nothing", () => {
  test("suggests the English topic of Indonesian words, as links that work without JavaScript", async ({
    browser,
  }) => {
    // No script at all: what a visitor has before the page is interactive.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/?search=pelajari+python");
    await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();

    const suggestions = page.getByRole("navigation", { name: "Try one of these instead:" });
    const links = suggestions.getByRole("link");
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.count()).toBeLessThanOrEqual(5);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }

    await suggestions.getByRole("link", { name: "Python", exact: true }).click();
    await expect(page).toHaveURL(/\?search=Python#courses-section$/);
    await expect(page.getByText(EMPTY_FILTERED)).toHaveCount(0);
    const titles = await page.locator("#courses-section article h3").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain("python");
    await context.close();
  });

  test("offers categories for nonsense, and each lists courses", async ({ page }) => {
    await page.goto("/?search=qwzx+blorp");
    const links = page
      .getByRole("navigation", { name: "Try one of these instead:" })
      .getByRole("link");
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("href")!),
    );
    for (const href of hrefs) {
      expect(href).toMatch(/^\/\?type=/);
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(await response.text()).not.toContain(EMPTY_FILTERED);
    }
  });
});
