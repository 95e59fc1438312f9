import { expect, test, type Locator, type Page } from "@playwright/test";
import { courseCards, readCards, waitForHydration } from "./support/home-page";

// Credits on a phone: the badge explains them, the first spending open says what it costs, at 0
// credits each card says what to do next while the courses opened today still open (free on the
// server), and the redirect toast never sits on a View Course button.
test.describe.configure({ mode: "serial", timeout: 90_000 });

// The app treats HeadlessChrome as a crawler (crawlers spend nothing and get no coupon).
const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
test.use({
  userAgent: DESKTOP_CHROME_UA,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  return box!;
}

async function expectTapTarget(locator: Locator, name: string): Promise<Box> {
  const box = await boxOf(locator);
  expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
  expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
  return box;
}

function visibleToasts(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status");
}

function viewCourse(page: Page, id: number): Locator {
  return page.locator(`a[href="/go/${id}"]`).filter({ hasText: "View Course" });
}

function cardOf(page: Page, title: string): Locator {
  return courseCards(page).filter({ has: page.getByTitle(title, { exact: true }) });
}

/** The one toast on screen covers no View Course button and no visible fixed button. */
async function expectToastClear(page: Page): Promise<void> {
  const toasts = visibleToasts(page);
  await expect(toasts).toHaveCount(1);
  const toast = await boxOf(toasts.first());
  await expectTapTarget(
    toasts.first().getByRole("button", { name: "Dismiss notification" }),
    "toast close",
  );
  // One snapshot of every box: the list re-renders after an open (the balance is refreshed), so
  // walking the controls one locator at a time could wait for one that is gone.
  const boxes = await page
    .locator('a[href^="/go/"], button[aria-label="Scroll to top"]')
    .evaluateAll((controls) =>
      controls
        .map((control) => control.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .map(({ x, y, width, height }) => ({ x, y, width, height })),
    );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(overlaps(toast, box), `toast ${JSON.stringify(toast)} over ${JSON.stringify(box)}`).toBe(
      false,
    );
  }
}

/**
 * Clicks a View Course (or the notice's Open link), checks the redirect toast stays clear of the
 * buttons while it shows, and waits for the new tab to reach Udemy.
 */
async function openInNewTab(page: Page, link: Locator): Promise<void> {
  const popupPromise = page.context().waitForEvent("page");
  await link.click();
  await expectToastClear(page);
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/www\.udemy\.com\//);
  await popup.close();
}

test.beforeEach(async ({ context }) => {
  // The marketplace is offline here: answer it locally so the new tab settles.
  await context.route(/^https:\/\/www\.udemy\.com\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Udemy</title>",
    }),
  );
});

test("a visitor learns the rules, spends 3 credits, then sees what to do next and can re-open today's courses", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const badge = page.getByTestId("credit-badge");
  await expect(badge).toHaveText("3 credits");
  await expectTapTarget(badge, "credit badge");

  // The badge explains credits before any is spent.
  await badge.click();
  const explainer = page.getByTestId("credit-explainer");
  await expect(explainer).toBeVisible();
  await expect(explainer).toContainText("Opening a course costs 1 credit.");
  await expect(explainer).toContainText(
    "Visitors get 3 credits a day; signed in, you get 10 a day.",
  );
  await expect(explainer).toContainText("Premium members have unlimited credits.");
  await expect(explainer).toContainText(/Credits reset at midnight WIB \(in \d+ (h|min)/);
  await expect(explainer).toContainText("Opening a course again on the same day is free.");
  await expect(explainer).toContainText("You have 3 credits left today.");
  const closeExplainer = explainer.getByRole("button", { name: "Close credit explanation" });
  await expectTapTarget(closeExplainer, "explainer close");
  await closeExplainer.click();
  await expect(explainer).toHaveCount(0);
  await expect(badge).toHaveAttribute("aria-expanded", "false");

  const cards = (await readCards(page)).slice(0, 4);
  expect(cards.length).toBe(4);
  const ids = cards.map((card) => Number(/^\/go\/(\d+)$/.exec(card.href)?.[1]));
  const first = viewCourse(page, ids[0]!);
  await expectTapTarget(first, "View Course");
  await expectTapTarget(
    cardOf(page, cards[0]!.title).getByRole("button", { name: /favorites$/ }),
    "favourite",
  );

  // The first open that would spend asks once: what it costs and what remains.
  await first.click();
  const notice = page.getByTestId("first-open-notice");
  await expect(notice).toContainText("You have 3 of 3 left today; after this one, 2 remain.");
  const popupPromise = page.context().waitForEvent("page");
  await page.getByRole("link", { name: "Open Course (1 credit)" }).click();
  await expect(notice).toBeHidden();
  const message = visibleToasts(page).first().locator("p");
  await expect(message).toHaveText(/^Redirecting to .+[^.]\.\.\.$/);
  await expect(message).not.toContainText("…");
  await expectToastClear(page);
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/www\.udemy\.com\//);
  await popup.close();
  await expect(badge).toHaveText("2 credits", { timeout: 10_000 });

  // No second notice: the next opens go straight to the course. The toast moves clear of a View
  // Course button that sits where it would otherwise be, and of the scroll-to-top button.
  for (const [index, id] of ids.slice(1, 3).entries()) {
    const link = viewCourse(page, id);
    await link.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy({ top: rect.bottom - (window.innerHeight - 40), behavior: "instant" });
    });
    await openInNewTab(page, link);
    await expect(page.getByTestId("first-open-notice")).toBeHidden();
    await expect(badge).toHaveText(`${1 - index} credit${index === 0 ? "" : "s"}`, {
      timeout: 10_000,
    });
  }

  // At 0 credits: the other cards say what to do next; today's courses still open.
  await page.reload();
  await waitForHydration(page);
  await expect(badge).toHaveText("0 credits");
  const outCard = cardOf(page, cards[3]!.title);
  await expect(outCard.getByRole("button", { name: "Out of Credits" })).toBeDisabled();
  await expect(outCard.getByTestId("out-of-credits-next-step")).toHaveText(
    "Sign in for 10 credits a day",
  );
  await expect(viewCourse(page, ids[3]!)).toHaveCount(0);
  for (const id of ids.slice(0, 3)) await expect(viewCourse(page, id)).toBeEnabled();

  await openInNewTab(page, viewCourse(page, ids[1]!));
  await expect(page.getByRole("heading", { name: "Credit Limit Reached" })).toBeHidden();
  await page.reload();
  await expect(badge).toHaveText("0 credits");
  await expect(viewCourse(page, ids[1]!)).toBeVisible();
});

test("a signed-in phone header keeps '8 credits' on one line and explains the daily top-up", async ({
  page,
}) => {
  const email = `phone-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signIn = await page.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  await page.goto("/");
  const ids = (await readCards(page)).map((card) => Number(/^\/go\/(\d+)$/.exec(card.href)?.[1]));
  for (const id of ids.slice(0, 2)) {
    expect((await page.request.get(`/go/${id}`, { maxRedirects: 0 })).status()).toBe(302);
  }
  await page.reload();
  await waitForHydration(page);
  const badge = page.getByTestId("credit-badge");
  await expect(badge).toHaveText("8 credits");
  await expectTapTarget(badge, "credit badge");
  await expectTapTarget(page.getByRole("button", { name: "Account menu" }), "account menu");
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  await expectTapTarget(page.getByRole("button", { name: "Scroll to top" }), "scroll to top");
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  // One line of text-xs in the pill: well under two lines' height.
  const pill = await boxOf(badge.locator("span"));
  expect(pill.height).toBeLessThan(30);
  const header = await boxOf(page.locator("body > header"));
  expect(header.height).toBeLessThan(90);

  await badge.click();
  await expect(page.getByTestId("credit-explainer")).toContainText(
    /Your balance tops up to 10 at midnight WIB/,
  );
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("credit-explainer")).toHaveCount(0);
});
