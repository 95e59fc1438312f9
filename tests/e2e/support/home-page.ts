import { expect, type Locator, type Page } from "@playwright/test";

/** What a course card shows, read from the DOM the way a user (or a screen reader) sees it. */
export type CardFacts = {
  /** Full title (the h3's title attribute; the visible text is cut at 70 characters). */
  title: string;
  /** Full category (the badge's title attribute; the visible label is cut at 20). */
  category: string;
  /** The card's date, YYYY-MM-DD, from <time dateTime>. */
  date: string;
  isNew: boolean;
  /** The View Course link, unique per course. */
  href: string;
};

export function courseSection(page: Page): Locator {
  return page.locator("#courses-section");
}

export function courseCards(page: Page): Locator {
  return courseSection(page).locator("article");
}

export function searchBox(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Search courses" });
}

export function categorySelect(page: Page): Locator {
  return page.getByRole("combobox", { name: "Category" });
}

export function ratingSelect(page: Page): Locator {
  return page.getByRole("combobox", { name: "Minimum rating" });
}

export function clearButton(page: Page): Locator {
  return courseSection(page).getByRole("link", { name: "Clear", exact: true });
}

export function paginationNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Pagination" });
}

export async function readCards(page: Page): Promise<CardFacts[]> {
  return courseCards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const badges = [...article.querySelectorAll("span")].map((span) => span.textContent?.trim());
      return {
        title: article.querySelector("h3")?.getAttribute("title") ?? "",
        category: article.querySelector("span[title]")?.getAttribute("title") ?? "",
        date: article.querySelector("time")?.getAttribute("datetime") ?? "",
        isNew: badges.includes("New!"),
        href: article.querySelector('a[href^="/go/"]')?.getAttribute("href") ?? "",
      };
    }),
  );
}

/**
 * Opens a page and waits until React has hydrated the filter form: before that a select's
 * change does nothing and Enter falls back to a full-page GET.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator("#course-type")
          .evaluate((select) => Object.keys(select).some((key) => key.startsWith("__reactProps"))),
      // Hydration waits for the JS bundle to load and run: on two busy cores that can take
      // longer than the usual expect timeout without anything being wrong.
      { message: "the course filter form should hydrate", timeout: 20_000 },
    )
    .toBe(true);
}

/** The query of the current URL as a plain object (hash ignored). */
export function queryOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
