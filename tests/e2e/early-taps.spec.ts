import { expect, test, type Locator, type Page } from "@playwright/test";
import { FAVOURITE_ADDED } from "../../core/messages";
import { categorySelect, courseCards, queryOf, ratingSelect, readCards } from "./support/home-page";
import { DESKTOP_CHROME_UA, openBeforeHydration, type EarlyPage } from "./support/early-taps";
import { dropFlash } from "./support/personal-layer";
import { E2E_BASE_URL } from "./support/env";

// A hurried visitor on a busy phone: the CPU runs 4× slower and every tap lands at
// DOMContentLoaded, long before the page's JavaScript (loaded after the first paint) hydrates it.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

/** A desktop Chrome that isbot does not take for a crawler (/go would neither spend nor redirect). */
test.use({ userAgent: DESKTOP_CHROME_UA });

/** Replays wait for the JavaScript to download and hydrate on the throttled CPU. */
const AFTER_HYDRATION = { timeout: 45_000 };

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

/**
 * The tapped heart was stored for this visitor: a new page load shows it filled. The shared page
 * arrives with every heart empty and the visitor's own hearts are laid over it once it hydrates,
 * so the reload waits for hydration (at the machine's own speed, not the slowed one).
 */
async function expectHeartStored(page: Page, early: EarlyPage, courseId: string): Promise<void> {
  await early.endSlowdown();
  await page.reload();
  await expect(page.locator(`[data-replay="favourite-${courseId}"]`)).toHaveAttribute(
    "aria-pressed",
    "true",
    AFTER_HYDRATION,
  );
}

/** The course a card's heart is for, from its replay key. */
async function heartCourseId(heart: Locator): Promise<string> {
  const key = await heart.getAttribute("data-replay");
  expect(key).toMatch(/^favourite-\d+$/);
  return key!.replace("favourite-", "");
}

function firstHeart(page: Page): Locator {
  return courseCards(page)
    .first()
    .getByRole("button", { name: /favorites$/ });
}

/** Signs a new account in through the dev sign-in, without a page. */
async function signInDirect(page: Page, label: string): Promise<void> {
  const signedIn = await page.request.post("/auth/dev", {
    form: { email: uniqueEmail(label), redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
}

function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByText(text);
}

test("a heart tapped before the page is interactive is stored, with its toast, without a reload", async ({
  page,
}) => {
  const early = await openBeforeHydration(page, "/");
  const heart = firstHeart(page);
  const courseId = await heartCourseId(heart);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await early.letScriptsLoad();

  await expect(heart).toHaveAttribute("aria-pressed", "true", AFTER_HYDRATION);
  await expect(toast(page, FAVOURITE_ADDED)).toBeVisible();
  expect(await early.replayedInPlace()).toBe(true);
  expect(early.reactErrors).toEqual([]);

  await expectHeartStored(page, early, courseId);
});

test("a signed-in user's heart tapped before the page is interactive stays filled when their own layer is laid over the page", async ({
  page,
}) => {
  // The home page is shared: it is rendered for a fresh visitor, and this user's layer (read when
  // the page was served, before the tap) is laid over it only after hydration. The replayed tap
  // is newer than that layer, so the layer must not empty the heart again.
  await signInDirect(page, "early-heart");
  await dropFlash(page.context());

  const early = await openBeforeHydration(page, "/");
  const heart = firstHeart(page);
  const courseId = await heartCourseId(heart);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await early.letScriptsLoad();

  await expect(toast(page, FAVOURITE_ADDED)).toBeVisible(AFTER_HYDRATION);
  // The layer has been laid: the header shows this user's account.
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible(AFTER_HYDRATION);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect(await early.replayedInPlace()).toBe(true);
  expect(early.reactErrors).toEqual([]);

  await expectHeartStored(page, early, courseId);
});

test("a category and a rating chosen before the page is interactive filter the list", async ({
  page,
}) => {
  const early = await openBeforeHydration(page, "/");
  const category = await categorySelect(page).locator("option").nth(1).getAttribute("value");
  expect(category).toBeTruthy();
  await categorySelect(page).selectOption(category!);
  await ratingSelect(page).selectOption("1");
  await early.letScriptsLoad();

  await expect(page).toHaveURL(
    (url) => url.searchParams.get("type") === category && url.searchParams.get("rating") === "1",
    AFTER_HYDRATION,
  );
  // The list is the server's answer to both filters (few demo courses have site reviews yet,
  // so it may be empty); the form shows the URL's state.
  await expect(categorySelect(page)).toHaveValue(category!);
  await expect(ratingSelect(page)).toHaveValue("1");
  // The URL moves as the navigation starts; the list follows when its data arrives.
  await expect
    .poll(async () => (await readCards(page)).every((card) => card.category === category))
    .toBe(true);
  expect(queryOf(page)).toEqual({ type: category, rating: "1" });
  expect(await early.replayedInPlace()).toBe(true);
  expect(early.reactErrors).toEqual([]);
});

test("Leave a Review tapped before the dashboard is interactive opens the review modal", async ({
  page,
}) => {
  await signInDirect(page, "hurried-reviewer");
  await page.goto("/?page=3");
  const [course] = await readCards(page);
  expect(course, "page 3 should list courses").toBeDefined();
  const opened = await page.request.get(course!.href, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);

  const early = await openBeforeHydration(page, "/dashboard?tab=history");
  const leaveReview = page
    .locator("#account-section")
    .getByRole("button", { name: "Leave a Review" });
  await leaveReview.click();
  await early.letScriptsLoad();

  await expect(page.getByRole("dialog", { name: `Review ${course!.title}` })).toBeVisible(
    AFTER_HYDRATION,
  );
  expect(await early.replayedInPlace()).toBe(true);
  expect(early.reactErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a form: it posts, comes back and shows the course as a favourite", async ({
    page,
  }) => {
    await page.goto("/?page=2");
    const heart = courseCards(page)
      .first()
      .getByRole("button", { name: /favorites$/ });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(page).toHaveURL(/\/\?page=2$/);
    await expect(
      courseCards(page)
        .first()
        .getByRole("button", { name: /favorites$/ }),
    ).toHaveAttribute("aria-pressed", "true");
  });
});

test("English tapped on /id before the page is interactive is remembered: / then stays English", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "kk_lang", value: "id", url: E2E_BASE_URL }]);
  const early = await openBeforeHydration(page, "/id");
  await page.getByRole("link", { name: "English" }).first().click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await early.letScriptsLoad();
  // The next visit to / is not sent back to /id.
  await page.goto("/");
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
