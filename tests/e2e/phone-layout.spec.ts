import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP_CHROME_UA, openBeforeHydration, waitForHydration } from "./support/early-taps";
import { E2E_DATA_DIR } from "./support/env";
import {
  categorySelect,
  courseCards,
  gotoHydrated,
  paginationNav,
  queryOf,
  readCards,
} from "./support/home-page";
import { listSmallTapTargets } from "./support/tap-targets";

// A 390×844 phone (an iPhone 12–15) with a browser isbot does not take for a crawler. One test
// publishes an article, so this spec runs with the catalogue-writing ones (playwright.config.ts).
test.describe.configure({ mode: "parallel", timeout: 90_000 });
test.use({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 }, hasTouch: true });

const SCREEN_HEIGHT = 844;
const run = promisify(execFile);

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

async function signIn(page: Page, label: string): Promise<void> {
  const response = await page.request.post("/auth/dev", {
    form: { email: uniqueEmail(label), redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function expectNoSmallTapTargets(page: Page, where: string): Promise<void> {
  const offenders = await listSmallTapTargets(page);
  expect(offenders, `controls under 44×44 px on ${where}`).toEqual([]);
}

/**
 * The element's top once it has stopped moving: the same over two animation frames. Null while
 * it still moves, for `expect.poll` to ask again.
 */
async function settledTop(locator: Locator): Promise<number | null> {
  return locator.evaluate(
    (element) =>
      new Promise<number | null>((resolve) => {
        const before = element.getBoundingClientRect().top;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const after = element.getBoundingClientRect().top;
            resolve(after === before ? after : null);
          }),
        );
      }),
  );
}

function filterButton(page: Page) {
  // The panel's own toggle, not the "More filters" inside it.
  return page.locator("#courses-section summary", { hasText: /^Filter/ });
}

/** A premium writer publishes an article without a cover (the catalogue-writing part). */
async function publishArticleWithoutCover(page: Page): Promise<string> {
  await signIn(page, "phone-writer");
  const { stdout } = await run(
    "npx",
    ["tsx", "scripts/codes.ts", "create", "--type", "premium", "--uses", "1"],
    { env: { ...process.env, DATA_DIR: E2E_DATA_DIR }, timeout: 45_000 },
  );
  const code = stdout.trim().split("\n").at(-1) ?? "";
  const redeemed = await page.request.post("/redeem", { form: { code } });
  expect(((await redeemed.json()) as { success: boolean }).success).toBe(true);
  const title = `Reading on a phone ${Date.now()}`;
  const published = await page.request.post("/articles/new", {
    multipart: {
      title,
      content: `Short lessons fit a commute. See [the course list](https://example.com/courses) and ${"practise every day. ".repeat(4)}`,
      author: "Phone Writer",
    },
    maxRedirects: 0,
  });
  expect(published.status(), await published.text()).toBe(303);
  return title;
}

test("the tap-target helper lists small controls and spares spaced inline links", async ({
  page,
}) => {
  await page.setContent(`<main>
    <button id="tiny" style="width:20px;height:28px;padding:0">x</button>
    <p>Read the <a href="#guide">guide</a> before you start: it is a long sentence.</p>
    <p>Two links glued together: <a href="#x">x</a><a href="#y">y</a> in a sentence.</p>
    <a href="#big" style="display:inline-block;width:60px;height:44px">Big</a>
    <details><summary style="display:block;height:44px">Closed</summary><button>inside</button></details>
  </main>`);
  const offenders = await listSmallTapTargets(page);
  expect(offenders.map((offender) => offender.target).sort()).toEqual([
    '<a> "x"',
    '<a> "y"',
    '<button#tiny> "x"',
  ]);
  expect(offenders.find((offender) => offender.target.startsWith("<button"))).toMatchObject({
    width: 20,
    height: 28,
  });
});

test.describe("home on a phone", () => {
  test("the first course card starts within the first screen", async ({ page }) => {
    await page.goto("/");
    // The banner is shown to a first visit: it must fit too.
    await expect(page.getByRole("complementary", { name: "Info kupon" })).toBeVisible();
    const box = await courseCards(page).first().boundingBox();
    expect(box, "a first course card").not.toBeNull();
    // Within the first screen, with room left for its badges and title to show.
    expect(box!.y, "the first card's top (px from the top of the page)").toBeLessThanOrEqual(
      SCREEN_HEIGHT - 120,
    );
  });

  test("card images come from our origin only, in the same 16:9 box, at 390 and 1366 px", async ({
    page,
  }) => {
    const imageOrigins = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "image") imageOrigins.add(new URL(request.url()).origin);
    });
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      // The demo courses have no image of their own: each shows the cover we draw for it.
      const card = courseCards(page).first();
      const cover = card.getByTestId("course-cover");
      await expect(cover).toHaveAttribute("src", /^\/covers\/\d+-[0-9a-z]+\.svg$/);
      await expect
        .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      const box = (await cover.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
      // A 112 px thumbnail beside the title on a phone; the card's full width on a laptop.
      if (width === 390) expect(box.width).toBe(112);
      else {
        const column = await cover.evaluate((image) => image.parentElement!.clientWidth);
        expect(box.width).toBeCloseTo(column, 0);
      }
    }
    expect([...imageOrigins]).toEqual([new URL(page.url()).origin]);
  });

  test("every control is at least 44×44 px or spaced like one", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectNoSmallTapTargets(page, "/");
    await filterButton(page).click();
    await expect(categorySelect(page)).toBeVisible();
    await expectNoSmallTapTargets(page, "/ with the filter panel open");
    await page.locator('header button[aria-controls="mobile-menu"]').click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoSmallTapTargets(page, "/ with the menu open");
  });

  test("the filter panel opens with JavaScript, filters at once and stays open", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await expect(categorySelect(page)).toBeHidden();
    await filterButton(page).click();
    await expect(categorySelect(page)).toBeVisible();
    await categorySelect(page).selectOption({ label: "Development" });
    await expect.poll(() => queryOf(page)).toEqual({ type: "Development" });
    await expect(categorySelect(page)).toBeVisible();
    await expect(filterButton(page)).toContainText("1 active");
    await expect
      .poll(async () => [...new Set((await readCards(page)).map((card) => card.category))])
      .toEqual(["Development"]);
    await filterButton(page).click();
    await expect(categorySelect(page)).toBeHidden();
  });

  test("a Filter tap and a category chosen before the page is interactive are not lost", async ({
    page,
  }) => {
    const early = await openBeforeHydration(page, "/");
    await filterButton(page).click();
    await categorySelect(page).selectOption({ label: "Business" });
    await early.letScriptsLoad();
    await expect(page).toHaveURL((url) => url.searchParams.get("type") === "Business", {
      timeout: 45_000,
    });
    expect(await early.replayedInPlace()).toBe(true);
    expect(early.reactErrors).toEqual([]);
  });

  test("page 2 opens at the start of its list, without a jump", async ({ page }) => {
    await gotoHydrated(page, "/");
    const firstOfPageOne = (await readCards(page))[0]!.href;
    // A phone's network: the next page's data takes a moment to arrive.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // Every frame from the tap on: where the page is scrolled and where the first card is.
    await page.evaluate(() => {
      const frames: Array<{ at: number; scrollY: number; firstHref: string; firstTop: number }> =
        [];
      (window as unknown as { scrollFrames: typeof frames }).scrollFrames = frames;
      let tappedAt: number | null = null;
      addEventListener("click", () => (tappedAt ??= performance.now()), { capture: true });
      const record = () => {
        if (tappedAt !== null) {
          const first = document.querySelector("#courses-section article");
          frames.push({
            at: performance.now() - tappedAt,
            scrollY: window.scrollY,
            firstHref: first?.querySelector('a[href^="/go/"]')?.getAttribute("href") ?? "",
            firstTop: first?.getBoundingClientRect().top ?? Number.NaN,
          });
        }
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    const pageTwo = paginationNav(page).getByRole("link", { name: "Page 2", exact: true });
    // Scrolled to, the cards above render at their own height (render-when-near) and the links
    // move up within a frame or two: a finger taps where the link has settled, so does the test.
    await pageTwo.scrollIntoViewIfNeeded();
    await expect.poll(() => settledTop(pageTwo)).not.toBeNull();
    await pageTwo.tap();
    await expect.poll(() => queryOf(page)).toEqual({ page: "2" });
    await expect.poll(async () => (await readCards(page))[0]!.href).not.toBe(firstOfPageOne);
    await page.waitForTimeout(600);
    type Frame = { at: number; scrollY: number; firstTop: number; firstHref: string };
    const frames = await page.evaluate(
      () => (window as unknown as { scrollFrames: Frame[] }).scrollFrames,
    );
    expect(
      frames.filter((frame) => frame.firstHref !== firstOfPageOne).length,
      "frames painted with page 2's list",
    ).toBeGreaterThan(10);
    // From the tap on (while page 2 loads, and after), the list's start is on the screen and the
    // view does not move: no frame at the bottom of the list, no jump when page 2 arrives.
    const shown = frames.map((frame) => `${Math.round(frame.at)}ms:${Math.round(frame.scrollY)}`);
    expect(
      frames.every((frame) => frame.firstTop >= 0 && frame.firstTop < SCREEN_HEIGHT - 120),
      `frames (time since the tap: scroll position) ${shown.join(" ")}`,
    ).toBe(true);
    expect(
      new Set(frames.map((frame) => Math.round(frame.scrollY))).size,
      `scroll positions ${shown.join(" ")}`,
    ).toBe(1);
  });

  test("the coupon banner is one line and 'more' shows all of it", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("complementary", { name: "Info kupon" });
    const closedHeight = (await banner.boundingBox())!.height;
    expect(closedHeight).toBeLessThanOrEqual(48);
    await banner.getByText("more", { exact: true }).click();
    await expect(banner.locator("details")).toHaveAttribute("open", "");
    await expect(banner.getByText("less", { exact: true })).toBeVisible();
    expect((await banner.boundingBox())!.height).toBeGreaterThan(closedHeight * 2);
    await expect(banner).toContainText("berarti kuponnya sudah habis");
  });

  test("the desktop hero uses its second half: courses ending today or categories", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/");
    const hero = page.locator("#hero");
    const endingToday = hero.getByRole("region", { name: "Ending today" });
    const categories = hero.getByRole("navigation", { name: "Browse by category" });
    await expect(endingToday.or(categories)).toBeVisible();
    if (await endingToday.isVisible()) {
      const links = endingToday.getByRole("link");
      expect(await links.count()).toBeGreaterThan(0);
      expect(await links.count()).toBeLessThanOrEqual(4);
      await expect(links.first()).toHaveAttribute("href", /^\/go\/\d+$/);
      await expect(links.first()).toHaveAttribute("rel", /nofollow/);
    }
    // On a phone the course list comes first instead.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(endingToday.or(categories)).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter panel is a details and a GET form", async ({ page }) => {
    await page.goto("/");
    await expect(categorySelect(page)).toBeHidden();
    await filterButton(page).click();
    await categorySelect(page).selectOption({ label: "Development" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => queryOf(page).type).toBe("Development");
    const cards = await readCards(page);
    expect(cards.length).toBeGreaterThan(0);
    expect(new Set(cards.map((card) => card.category))).toEqual(new Set(["Development"]));
  });

  test("the coupon banner's 'more' opens", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("complementary", { name: "Info kupon" });
    await banner.getByText("more", { exact: true }).click();
    await expect(banner.getByText("less", { exact: true })).toBeVisible();
  });
});

test.describe("site shell on a phone", () => {
  test("the footer sits at the bottom of a short page", async ({ page }) => {
    // A phone's footer (four stacked columns) fills most of a screen: a wide window is short.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/dashboard");
    await expect(page.getByText("Please sign in to view your dashboard.")).toBeVisible();
    const footer = (await page.getByRole("contentinfo").boundingBox())!;
    expect(Math.round(footer.y + footer.height)).toBe(900);
  });

  test("the signed-in header stays on one line; the theme toggle is in the menu", async ({
    page,
  }) => {
    await signIn(page, "phone-header");
    await gotoHydrated(page, "/");
    const badge = page.getByTestId("credit-badge");
    await expect(badge).toHaveText("10 credits");
    const header = page.locator("header").first();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    // The badge is a 44 px button; the pill inside it holds its words on one line.
    expect((await badge.locator("span").first().boundingBox())!.height).toBeLessThanOrEqual(28);
    await expect(
      header.getByRole("button", { name: /^Switch to (dark|light) mode$/ }),
    ).toBeHidden();
    await page.locator('header button[aria-controls="mobile-menu"]').click();
    const toggle = page.locator("#mobile-menu").getByRole("button", { name: /mode$/ });
    await expect(toggle).toBeVisible();
    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await toggle.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(!dark);
  });

  test("signing in from the menu closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.locator('header button[aria-controls="mobile-menu"]');
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await menu.getByLabel("Email").fill(uniqueEmail("phone-menu"));
    await menu.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("credit-badge")).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("the dashboard's controls and the review modal are at least 44×44 px", async ({ page }) => {
    await signIn(page, "phone-dashboard");
    await page.goto("/?page=2");
    const [course] = await readCards(page);
    expect((await page.request.get(course!.href, { maxRedirects: 0 })).status()).toBe(302);
    await page.goto("/dashboard");
    await expectNoSmallTapTargets(page, "/dashboard");
    await page.goto("/dashboard?tab=favorites");
    await expectNoSmallTapTargets(page, "/dashboard?tab=favorites");
    await page.goto("/dashboard?tab=history");
    await waitForHydration(page);
    await expectNoSmallTapTargets(page, "/dashboard?tab=history");

    await page.getByRole("button", { name: "Leave a Review" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoSmallTapTargets(page, "the review modal");
    // Submit Review says why it is disabled.
    const submit = dialog.getByRole("button", { name: "Submit Review" });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription("Please select a rating.");
    await dialog.locator("label").filter({ hasText: "4 stars" }).click();
    await expect(submit).toHaveAccessibleDescription("Please write a review.");
    await dialog.getByRole("textbox", { name: "Your review" }).fill("Useful and short.");
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText("Please write a review.")).toHaveCount(0);
  });
});

test.describe("writing and reading articles on a phone", () => {
  test("a reader who may not write is told how to become a writer", async ({ page }) => {
    await signIn(page, "phone-standard");
    await page.goto("/articles/new");
    await expect(
      page.getByText("Only Premium members or App users can submit articles."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Redeem a premium code" })).toHaveAttribute(
      "href",
      "/#redeem-section",
    );
    await expect(page.getByRole("link", { name: /About the app|Get the app/ })).toHaveAttribute(
      "href",
      "/downloads",
    );
    // No APK is configured on the e2e server: the app is "coming soon", not a download.
    await expect(page.getByRole("contentinfo").getByText("coming soon")).toHaveCount(2);
    await page.goto("/downloads");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "The Kursusku App is coming soon",
    );
  });

  test("an article without a cover: no empty header, a compact card, a tappable badge", async ({
    page,
  }) => {
    const title = await publishArticleWithoutCover(page);
    await page.goto("/articles");
    const card = page.locator("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("article-cover-placeholder")).toHaveCount(0);
    await expect(card.locator("img")).toHaveCount(0);

    await card.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const back = (await page.getByRole("link", { name: "Back to Articles" }).boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(heading.y - (back.y + back.height), "no cover box between").toBeLessThan(60);
    // The "published" toast is a passing overlay (its ✕ is toast.tsx's, measured elsewhere).
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("button"),
    ).toHaveCount(0, { timeout: 15_000 });
    await expectNoSmallTapTargets(page, "an article");

    // The AI Scanned explanation opens by keyboard and by touch, not only on hover.
    const badge = page.locator("#main summary", { hasText: "AI Scanned" });
    const tip = page.locator("#main").getByText("AI Content Check", { exact: true });
    await expect(tip).toBeHidden();
    await badge.focus();
    await page.keyboard.press("Enter");
    await expect(tip).toBeVisible();
    await badge.tap();
    await expect(tip).toBeHidden();
    await badge.tap();
    await expect(tip).toBeVisible();
  });
});
