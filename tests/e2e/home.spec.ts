import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_TODAY } from "./support/env";
import {
  categorySelect,
  clearButton,
  courseCards,
  gotoHydrated,
  paginationNav,
  pathOf,
  queryOf,
  ratingSelect,
  readCards,
  searchBox,
} from "./support/home-page";

// Every test opens its own browser context on a read-only catalogue, so they can share the two workers.
test.describe.configure({ mode: "parallel" });

const PAGE_SIZE = 20;
const EMPTY_FILTERED = "No Universes Found Here...";
const EMPTY_UNFILTERED = "The cosmos is vast. Keep exploring or check back soon!";

async function expectQuery(page: Page, expected: Record<string, string>) {
  await expect.poll(() => queryOf(page), { message: `query of ${page.url()}` }).toEqual(expected);
}

/**
 * The URL changes a moment before React commits the new list, so every read of the cards after
 * a client-side navigation polls until it holds.
 */
async function expectEveryTitleContains(page: Page, word: string) {
  await expect
    .poll(
      async () => {
        const cards = await readCards(page);
        if (cards.length === 0) return ["(no cards)"];
        return cards
          .filter((card) => !card.title.toLowerCase().includes(word))
          .map((card) => card.title);
      },
      { message: `cards without "${word}" in their title` },
    )
    .toEqual([]);
}

async function cardHrefs(page: Page): Promise<string[]> {
  return (await readCards(page)).map((card) => card.href);
}

test.describe("home page", () => {
  test("is rendered on the server: 20 cards, the title, no coupon codes", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html.match(/<article[\s>]/g) ?? []).toHaveLength(PAGE_SIZE);
    expect(html).toMatch(/<title>Courses \| Kursusku<\/title>/);
    // DESIGN.md §5: the coupon URL only appears behind /go/:id.
    expect(html).not.toContain("couponCode=");
    // One View Course link per card; the hero's "Ending today" picks (up to 4) open courses too.
    const courseList = html.slice(
      html.indexOf('id="courses-section"'),
      html.indexOf('id="redeem-section"'),
    );
    expect(courseList.match(/href="\/go\/\d+"/g) ?? []).toHaveLength(PAGE_SIZE);
    expect((html.match(/href="\/go\/\d+"/g) ?? []).length).toBeLessThanOrEqual(PAGE_SIZE + 4);
  });

  test("shows the hero, 20 cards and the filter options", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Courses | Kursusku");
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    for (const card of await courseCards(page).all()) await expect(card).toBeVisible();

    const hero = page.locator("#hero");
    await expect(hero.getByRole("link", { name: "Discover Courses" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "AI Learning Guide" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Trending Now" })).toBeVisible();

    const categories = (await categorySelect(page).locator("option").allTextContents()).map(
      (text) => text.trim(),
    );
    expect(categories[0]).toBe("All Categories");
    const courseTypes = categories.slice(1);
    expect(courseTypes.length).toBeGreaterThan(3);
    expect(courseTypes).toContain("Development");
    expect(courseTypes).toEqual([...courseTypes].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(courseTypes).size).toBe(courseTypes.length);
    await expect(categorySelect(page)).toHaveValue("");

    await expect(ratingSelect(page).locator("option")).toHaveText([
      "Any Rating",
      "5 Stars Only",
      "4 Stars & Up",
      "3 Stars & Up",
      "2 Stars & Up",
      "1 Star & Up",
    ]);
    await expect(ratingSelect(page)).toHaveValue("0");
    await expect(clearButton(page)).toHaveCount(0);
  });

  test("Discover Courses scrolls to the course list", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.locator("#hero").getByRole("link", { name: "Discover Courses" }).click();
    await expect(page).toHaveURL(/#courses-section$/);
    await expect(page.getByRole("heading", { name: "Free Courses" })).toBeInViewport();
  });

  test("searching narrows the list and Clear resets it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await searchBox(page).fill("python");
    await searchBox(page).press("Enter");
    await expectQuery(page, { search: "python" });
    expect(pathOf(page)).toBe("/");
    await expect(page.getByText("Loading courses...")).toHaveCount(0);
    await expectEveryTitleContains(page, "python");
    await expect(searchBox(page)).toHaveValue("python");

    await expect(clearButton(page)).toBeVisible();
    await clearButton(page).click();
    await expectQuery(page, {});
    expect(pathOf(page)).toBe("/");
    await expect(clearButton(page)).toHaveCount(0);
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    await expect
      .poll(async () =>
        (await readCards(page)).some((card) => !card.title.toLowerCase().includes("python")),
      )
      .toBe(true);
  });

  test("the category filter keeps only that category", async ({ page }) => {
    await gotoHydrated(page, "/?page=3");
    await categorySelect(page).selectOption({ label: "Development" });
    await expectQuery(page, { type: "Development" });
    await expect(categorySelect(page)).toHaveValue("Development");
    await expect(clearButton(page)).toBeVisible();
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    await expect
      .poll(async () => [...new Set((await readCards(page)).map((card) => card.category))])
      .toEqual(["Development"]);
  });

  test("pagination shows first, last and at most 5 slots; a filter change returns to page 1", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const nav = paginationNav(page);
    await expect(nav).toBeVisible();
    const totalText = await page
      .locator("#courses-section")
      .getByText(/^[\d,]+ courses?$/)
      .innerText();
    const pageCount = Math.ceil(Number(totalText.replace(/\D/g, "")) / PAGE_SIZE);
    expect(pageCount).toBeGreaterThan(5);

    const slotNumbers = async () =>
      (await nav.locator('a[aria-label^="Page "], [aria-current="page"]').allInnerTexts()).map(
        (text) => Number(text.trim()),
      );
    await expect(nav.locator('[aria-current="page"]')).toHaveText("1");
    const slots = await slotNumbers();
    expect(slots.length).toBeLessThanOrEqual(5);
    expect(slots[0]).toBe(1);
    expect(slots.at(-1)).toBe(pageCount);
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
    await expect(nav.locator('[aria-current="page"]')).toHaveText("1");
    await expect(nav.getByText("…")).not.toHaveCount(0);

    const firstPage = await cardHrefs(page);
    await nav.getByRole("link", { name: "Page 2", exact: true }).click();
    await expectQuery(page, { page: "2" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    await expect
      .poll(async () => (await cardHrefs(page)).filter((href) => firstPage.includes(href)))
      .toEqual([]);
    const slotsOnTwo = await slotNumbers();
    expect(slotsOnTwo.length).toBeLessThanOrEqual(5);
    expect([slotsOnTwo[0], slotsOnTwo.at(-1)]).toEqual([1, pageCount]);

    // A page in the middle: first and last still there, with gaps on both sides.
    await nav.getByRole("link", { name: "Next" }).click();
    await expectQuery(page, { page: "3" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("3");
    await nav.getByRole("link", { name: "Page 4", exact: true }).click();
    await expectQuery(page, { page: "4" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("4");
    await expect.poll(slotNumbers).toEqual([1, 3, 4, 5, pageCount]);
    await expect(nav.getByText("…")).toHaveCount(2);

    await categorySelect(page).selectOption({ label: "Business" });
    await expectQuery(page, { type: "Business" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("1");
  });

  test("a rating filter lists only courses rated that high; an empty result offers Reset Navigation", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await ratingSelect(page).selectOption({ label: "4 Stars & Up" });
    await expectQuery(page, { rating: "4" });
    // Other specs review courses on the same server, so the result may or may not be empty:
    // whatever is listed must be rated 4 or more, and nothing unreviewed may appear.
    await expect(page.getByText("No reviews yet")).toHaveCount(0);
    const labels = await courseCards(page)
      .locator('[aria-label^="Rated "]')
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute("aria-label") ?? ""),
      );
    for (const label of labels) {
      expect(Number(/Rated ([\d.]+)/.exec(label)?.[1])).toBeGreaterThanOrEqual(4);
    }
    if (labels.length === 0) await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();
    await expect(page.getByText(EMPTY_UNFILTERED)).toHaveCount(0);

    // A rating no course can reach together with a search nothing matches is always empty.
    await gotoHydrated(page, "/?search=zzqxjv-no-such-course&rating=5");
    await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();
    await expect(courseCards(page)).toHaveCount(0);
    await expect(paginationNav(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Reset Navigation" }).click();
    await expectQuery(page, {});
    expect(pathOf(page)).toBe("/");
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByText(EMPTY_FILTERED)).toHaveCount(0);
    await expect(ratingSelect(page)).toHaveValue("0");
  });

  test("a search that matches nothing shows the filtered empty state only", async ({ page }) => {
    await gotoHydrated(page, "/");
    await searchBox(page).fill("qwzxv nonsense zzyzx");
    await searchBox(page).press("Enter");
    await expectQuery(page, { search: "qwzxv nonsense zzyzx" });
    await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();
    await expect(page.getByText(EMPTY_UNFILTERED)).toHaveCount(0);
    await expect(courseCards(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Reset Navigation" })).toBeVisible();
  });

  test("back and forward restore the URL and the results", async ({ page }) => {
    await gotoHydrated(page, "/");
    const unfiltered = await cardHrefs(page);

    await searchBox(page).fill("python");
    await searchBox(page).press("Enter");
    await expectQuery(page, { search: "python" });
    await expectEveryTitleContains(page, "python");
    const pythonResults = await cardHrefs(page);
    expect(pythonResults).not.toEqual(unfiltered);

    await categorySelect(page).selectOption({ label: "Business" });
    await expectQuery(page, { search: "python", type: "Business" });
    await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();

    await page.goBack();
    await expectQuery(page, { search: "python" });
    await expect(page.getByText(EMPTY_FILTERED)).toHaveCount(0);
    await expect.poll(() => cardHrefs(page)).toEqual(pythonResults);
    await expect(clearButton(page)).toBeVisible();

    await page.goBack();
    await expectQuery(page, {});
    await expect.poll(() => cardHrefs(page)).toEqual(unfiltered);
    await expect(clearButton(page)).toHaveCount(0);

    await page.goForward();
    await expectQuery(page, { search: "python" });
    await expect.poll(() => cardHrefs(page)).toEqual(pythonResults);
    await page.goForward();
    await expectQuery(page, { search: "python", type: "Business" });
    await expect(page.getByText(EMPTY_FILTERED)).toBeVisible();
  });

  test("the form fields follow the URL on back, forward and Clear", async ({ page }) => {
    await gotoHydrated(page, "/");
    await searchBox(page).fill("python");
    await searchBox(page).press("Enter");
    await expectQuery(page, { search: "python" });
    await categorySelect(page).selectOption({ label: "Business" });
    await expectQuery(page, { search: "python", type: "Business" });

    await page.goBack();
    await expectQuery(page, { search: "python" });
    await expect(searchBox(page)).toHaveValue("python");
    await expect(categorySelect(page), "category after Back").toHaveValue("");

    await page.goBack();
    await expectQuery(page, {});
    await expect(searchBox(page), "search box after Back to /").toHaveValue("");

    await page.goForward();
    await page.goForward();
    await expectQuery(page, { search: "python", type: "Business" });
    await expect(searchBox(page)).toHaveValue("python");
    await expect(categorySelect(page), "category after Forward").toHaveValue("Business");

    await clearButton(page).click();
    await expectQuery(page, {});
    await expect(searchBox(page), "search box after Clear").toHaveValue("");
    await expect(categorySelect(page), "category after Clear").toHaveValue("");
  });

  test("search works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/");
      await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
      await searchBox(page).fill("python");
      await searchBox(page).press("Enter");
      await expect.poll(() => queryOf(page).search).toBe("python");
      expect(pathOf(page)).toBe("/");
      await expectEveryTitleContains(page, "python");
      await expect(searchBox(page)).toHaveValue("python");
      await expect(clearButton(page)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const words of [
    { home: "/", more: "More filters", level: "Level", beginner: "Beginner", hide: "Hide words" },
    {
      home: "/id",
      more: "Filter lainnya",
      level: "Tingkat",
      beginner: "Pemula",
      hide: "Sembunyikan kata",
    },
  ])
    test(`the learners' filters narrow the list and survive a reload and a shared link (${words.home})`, async ({
      page,
      browser,
    }) => {
      // Two filters, a reload and a second browser: more steps than most tests here.
      test.slow();
      await gotoHydrated(page, words.home);
      await page.getByText(words.more, { exact: true }).click();
      const hidden = (await readCards(page))[0]!.title.split(" ")[0]!.toLowerCase();
      await page.getByLabel(words.hide, { exact: true }).fill(hidden);
      await page.getByLabel(words.hide, { exact: true }).press("Enter");
      await expectQuery(page, { hideWords: hidden });
      await expect
        .poll(
          async () =>
            (await readCards(page)).filter((card) => card.title.toLowerCase().includes(hidden))
              .length,
        )
        .toBe(0);
      await page.getByLabel(words.level, { exact: true }).selectOption({ label: words.beginner });
      await expectQuery(page, { hideWords: hidden, level: "beginner" });
      expect(pathOf(page)).toBe(words.home);

      await page.reload();
      await expect(page.getByLabel(words.level, { exact: true })).toHaveValue("beginner");
      await expect(page.getByLabel(words.hide, { exact: true })).toHaveValue(hidden);
      const filtered = await cardHrefs(page);
      expect(filtered.length).toBeGreaterThan(0);

      const shared = await browser.newContext();
      try {
        const other = await shared.newPage();
        await other.goto(page.url());
        await expect.poll(() => cardHrefs(other)).toEqual(filtered);
      } finally {
        await shared.close();
      }
    });

  test("Best first orders the cards by quality score, and a badge sums a card up", async ({
    page,
    request,
  }) => {
    const answer = await request.get("/api?action=getCourses&sort=best");
    const best = (await answer.json()) as Array<{ id: number; qualityScore: number | null }>;
    const scores = best.map((course) => course.qualityScore ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await gotoHydrated(page, "/?sort=best");
    expect(await cardHrefs(page)).toEqual(best.map((course) => `/go/${course.id}`));
    await expect(page.getByTestId("quality-badge").first()).toHaveText(
      /^(Top rated|Popular|Updated this year|Practice tests only|Outdated \(last updated \d{4}\))$/,
    );
  });

  test("New! marks exactly the courses dated today (Jakarta)", async ({ page }) => {
    // This search spans several days, so both kinds of card are on the page.
    await page.goto("/?search=python");
    const cards = await readCards(page);
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.some((card) => card.date === E2E_TODAY)).toBe(true);
    expect(cards.some((card) => card.date !== E2E_TODAY)).toBe(true);
    for (const card of cards) {
      expect(card.isNew, `${card.date} ${card.title}`).toBe(card.date === E2E_TODAY);
    }
    const newBadges = courseCards(page).getByText("New!", { exact: true });
    await expect(newBadges).toHaveCount(cards.filter((card) => card.date === E2E_TODAY).length);
    await expect(newBadges.first()).toBeVisible();
  });

  test("the Indonesian coupon banner can be closed and stays closed", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("complementary", { name: "Info kupon" });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute("lang", "id");
    await expect(banner).toContainText("kupon");

    await banner.getByRole("button", { name: "Tutup info kupon" }).click();
    await expect(banner).toHaveCount(0);
    expect(pathOf(page)).toBe("/");

    await page.reload();
    await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("complementary", { name: "Info kupon" })).toHaveCount(0);
    // The server leaves it out too (cookie), so there is no flash before hydration.
    const html = await page.request.get("/").then((response) => response.text());
    expect(html).not.toContain("Info kupon");
  });

  test("the coupon banner closes without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/");
      const banner = page.getByRole("complementary", { name: "Info kupon" });
      const posted = page.waitForResponse((response) => response.request().method() === "POST");
      await banner.getByRole("button", { name: "Tutup info kupon" }).click();
      expect((await posted).status(), "the dismissal POST redirects back").toBe(302);
      await expect.poll(() => pathOf(page)).toBe("/");
      await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
      await expect(banner).toHaveCount(0);
      await page.reload();
      await expect(courseCards(page)).toHaveCount(PAGE_SIZE);
      await expect(banner).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    const report = severe
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.help}\n` +
          violation.nodes
            .slice(0, 5)
            .map((node) => `    ${node.target.join(" ")}`)
            .join("\n"),
      )
      .join("\n");
    expect(severe, `axe violations:\n${report}`).toEqual([]);
  });

  test("AI Learning Guide opens a dialog that Escape closes", async ({ page }) => {
    await gotoHydrated(page, "/");
    const opener = page.locator("#hero").getByRole("button", { name: "AI Learning Guide" });
    const dialog = page.getByRole("dialog", { name: "AI Learning Guide" });
    await expect(dialog).toHaveCount(0);

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // It opens again after closing (the close animation leaves no stale state).
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(dialog).toBeHidden();
  });
});
