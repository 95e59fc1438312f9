import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatIndonesianDate } from "../../core/dates";
import { TRUNCATE, truncate } from "../../core/text";
import { E2E_DATA_DIR } from "./support/env";
import { courseCards, gotoHydrated, readCards, type CardFacts } from "./support/home-page";

// Every test has its own browser context and its own account, so they can share the two workers.
// Each walks a whole flow (sign-in, several pages, a CLI run), so it gets more than the default 30 s.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

/** A desktop Chrome that isbot does not take for a crawler (/go would neither spend nor redirect). */
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
});

const run = promisify(execFile);

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByText(text);
}

function creditBadge(page: Page): Locator {
  return page.getByTestId("credit-badge");
}

/** Waits until React has attached its handlers to the element (clicks before that are native). */
async function waitForReact(locator: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith("__reactProps")),
        ),
      { message: "the element should hydrate" },
    )
    .toBe(true);
}

/** Signs in with the dev form in the header (new account) and waits for the signed-in header. */
async function signIn(page: Page, email: string): Promise<void> {
  if (new URL(page.url()).pathname !== "/") await page.goto("/");
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await waitForReact(button);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await button.click();
  await expect(toast(page, "Account registered! Welcome to Kursusku.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}

function cardOf(page: Page, courseId: number): Locator {
  return courseCards(page).filter({ has: page.locator(`[href="/go/${courseId}"]`) });
}

function idOf(card: CardFacts): number {
  return Number(/^\/go\/(\d+)$/.exec(card.href)?.[1]);
}

/** Mints a code through the operator CLI, which hands the work to the running server. */
async function mintCode(args: string[]): Promise<string> {
  const { stdout } = await run("npx", ["tsx", "scripts/codes.ts", "create", ...args], {
    // E2E_DATA_DIR in the environment: a run of this suite against a server on its own directory.
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? E2E_DATA_DIR },
    timeout: 60_000,
  });
  const code = stdout.trim().split("\n").at(-1) ?? "";
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
  return code;
}

test.describe("favourites, reviews and redeem codes", () => {
  test("an anonymous favourite follows the visitor into the account, and the dashboard removes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const [first] = await readCards(page);
    const courseId = idOf(first!);
    const shortTitle = truncate(first!.title, TRUNCATE.ariaTitle);
    const heart = cardOf(page, courseId).getByRole("button", {
      name: `Add ${shortTitle} to favorites`,
    });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await waitForReact(heart);
    await heart.click();
    await expect(toast(page, "Course added to favorites!")).toBeVisible();
    const pressed = cardOf(page, courseId).getByRole("button", {
      name: `Remove ${shortTitle} from favorites`,
    });
    await expect(pressed).toHaveAttribute("aria-pressed", "true");
    // The server kept it for the anonymous visitor.
    await page.reload();
    await expect(pressed).toHaveAttribute("aria-pressed", "true");

    await signIn(page, uniqueEmail("hearts"));
    await page.goto("/dashboard?tab=favorites");
    const section = page.locator("#account-section");
    await expect(section.getByRole("button", { name: "Favorites (1)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(section.getByRole("heading", { name: "Your Favorite Courses" })).toBeVisible();
    const item = section.locator("li").filter({ has: page.locator(`a[href="/go/${courseId}"]`) });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole("link")).toHaveText(
      truncate(first!.title, TRUNCATE.favouriteTitle),
    );
    await expect(item.getByRole("link")).toHaveAttribute("title", first!.title);
    await expect(item.getByTitle(first!.category, { exact: true })).toHaveText(
      truncate(first!.category, TRUNCATE.favouriteType),
    );
    await expect(item.locator(`time[datetime="${first!.date}"]`)).toHaveText(
      formatIndonesianDate(first!.date),
    );

    const remove = item.getByRole("button", { name: `Remove ${shortTitle} from favorites` });
    await waitForReact(remove);
    await remove.click();
    await expect(toast(page, "Course removed from favorites")).toBeVisible();
    await expect(
      section.getByText("No favorites yet. Find courses you love and click the heart icon!"),
    ).toBeVisible();
    await expect(section.getByRole("button", { name: "Favorites (0)" })).toBeVisible();

    // The home page agrees: the heart is empty again. Filled once more, as the user this time…
    await page.goto("/");
    const addAgain = cardOf(page, courseId).getByRole("button", {
      name: `Add ${shortTitle} to favorites`,
    });
    await expect(addAgain).toHaveAttribute("aria-pressed", "false");
    await waitForReact(addAgain);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/favourites") && response.request().method() === "POST",
    );
    await addAgain.click();
    expect((await saved).ok()).toBe(true);
    await expect(pressed).toHaveAttribute("aria-pressed", "true");

    // …signing out on this page empties it: the visitor has no favourites of their own.
    const menu = page.getByRole("button", { name: "Account menu" });
    await waitForReact(menu);
    await menu.click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible({ timeout: 15_000 });
    await expect(toast(page, "You have been signed out.")).toBeVisible();
    await expect(addAgain).toHaveAttribute("aria-pressed", "false");
  });

  test("a course from the history gets a review: the modal resets, then the card shows the rating", async ({
    page,
  }) => {
    await signIn(page, uniqueEmail("reviewer"));
    // An unreviewed course from the second page, away from the other tests' first-page picks.
    await gotoHydrated(page, "/?page=2");
    const unreviewed = await courseCards(page).evaluateAll((articles) =>
      articles.map((article) => article.textContent?.includes("No reviews yet") ?? false),
    );
    const course = (await readCards(page)).find((_, index) => unreviewed[index])!;
    expect(course, "page 2 should have an unreviewed course").toBeDefined();
    const courseId = idOf(course);
    await expect(cardOf(page, courseId).getByText("No reviews yet")).toBeVisible();

    const opened = await page.request.get(`/go/${courseId}`, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);

    await page.goto("/dashboard?tab=history");
    const section = page.locator("#account-section");
    await expect(section.getByRole("button", { name: "History (1)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const leaveReview = section.getByRole("button", { name: "Leave a Review" });
    await expect(leaveReview).toHaveCount(1);
    await waitForReact(leaveReview);

    const dialog = page.getByRole("dialog", { name: `Review ${course.title}` });
    const text = dialog.getByRole("textbox", { name: "Your review" });
    const submit = dialog.getByRole("button", { name: "Submit Review" });
    const star = (n: number) =>
      dialog.locator("label").filter({ hasText: `${n} star${n === 1 ? "" : "s"}` });

    await leaveReview.click();
    await expect(dialog).toBeVisible();
    await expect(submit).toBeDisabled();
    await text.fill("Typed, then abandoned.");
    await star(2).click();
    await expect(dialog.getByRole("radio", { name: "2 stars" })).toBeChecked();
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(dialog).toBeHidden();

    // Reopened: rating, text and error start over.
    await leaveReview.click();
    await expect(dialog).toBeVisible();
    await expect(text).toHaveValue("");
    await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await star(4).click();
    await expect(submit).toBeDisabled();
    await text.fill("   ");
    await expect(submit).toBeDisabled();
    await text.fill("Clear explanations and useful exercises.");
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(toast(page, "Thank you! Your review has been submitted.")).toBeVisible();
    await expect(dialog).toBeHidden();
    const reviewed = section.getByRole("button", { name: "Reviewed" });
    await expect(reviewed).toBeVisible();
    await expect(reviewed).toBeDisabled();
    await expect(section.getByRole("button", { name: "Leave a Review" })).toHaveCount(0);

    // The course's card now carries the rating instead of "No reviews yet". Opened, the course
    // is claimed: the list shows it once asked to show claimed courses.
    const words = course.title.split(/\s+/).slice(0, 4).join(" ");
    await page.goto(`/?search=${encodeURIComponent(words)}&claimed=show`);
    const card = cardOf(page, courseId);
    await expect(card.locator('[aria-label="Rated 4.0 out of 5 from 1 review"]')).toBeVisible();
    await expect(card).toContainText("4.0 (1)");
    await expect(card.getByText("No reviews yet")).toHaveCount(0);
  });

  test("redeeming a credits code: signed out it asks to sign in, signed in it adds 20 credits", async ({
    page,
  }) => {
    // The operator mints the code while the visitor looks around.
    const minting = mintCode(["--type", "credits", "--credits", "20", "--uses", "5"]);
    // Awaited below; this only keeps an early failure from counting as unhandled meanwhile.
    minting.catch(() => undefined);

    await page.goto("/#redeem-section");
    const section = page.locator("#redeem-section");
    const input = section.getByRole("textbox", { name: "Redeem code" });
    const unlock = section.getByRole("button", { name: "Unlock" });
    await expect(
      section.getByText(
        "Please sign in using the Google button in the header to enter a code. Your rewards will be bound to your account.",
      ),
    ).toBeVisible();
    await expect(unlock).toBeDisabled();
    await expect(input).toBeDisabled();
    await expect(section.locator("#redeem-hint")).toHaveText(
      "Please enter a code. You must be logged in to redeem.",
    );
    await expect(section.getByRole("heading", { name: "Your Redeemed Codes" })).toHaveCount(0);

    await signIn(page, uniqueEmail("redeemer"));
    await expect(creditBadge(page)).toHaveText("10 credits");
    await expect(section.getByText(/Please sign in using the Google button/)).toHaveCount(0);
    await expect(section.getByText("No codes redeemed yet.")).toBeVisible();
    await expect(unlock).toBeDisabled();
    await waitForReact(input);

    const code = await minting;
    // Hold the answer back so the checking state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/redeem", async (route) => {
      await held;
      await route.continue();
    });
    await input.fill(code.toLowerCase());
    await expect(section.locator("#redeem-hint")).toHaveText("");
    await unlock.click();
    const verifying = section.getByRole("button", { name: "Verifying..." });
    await expect(verifying).toBeVisible();
    await expect(verifying).toBeDisabled();
    release();

    const success = section.getByRole("status");
    await expect(success).toHaveText("Code redeemed! 20 credits have been added to your account.");
    await expect(unlock).toBeVisible();
    await expect(input).toHaveValue("");
    await expect(creditBadge(page)).toHaveText("30 credits");
    const redeemed = section.getByRole("listitem").filter({ hasText: code });
    await expect(redeemed).toHaveCount(1);
    await expect(redeemed).toContainText("credits");
    await page.unroute("**/redeem");

    // Editing the code clears the previous result.
    await input.fill("Z");
    await expect(success).toHaveCount(0);

    await input.fill("ZZZZ-NOT-A-CODE");
    await unlock.click();
    const failure = section.getByRole("alert");
    await expect(failure).toHaveText("This code is not valid. Please check it and try again.");
    await expect(failure).toHaveClass(/bg-red-50/);
    await expect(creditBadge(page)).toHaveText("30 credits");
    await input.fill("ZZZZ");
    await expect(failure).toHaveCount(0);

    // The same code a second time is refused; the history still lists it once.
    await input.fill(code);
    await unlock.click();
    await expect(section.getByRole("alert")).toHaveText("You have already redeemed this code.");
    await expect(section.getByRole("listitem").filter({ hasText: code })).toHaveCount(1);
  });
});
