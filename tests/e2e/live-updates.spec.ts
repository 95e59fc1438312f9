import { expect, request, test, type Page } from "@playwright/test";
import { newArticlesMessage } from "../../core/live-updates";
import {
  DESKTOP_CHROME_UA,
  openBeforeHydration,
  waitForHydration as waitForPageHydration,
} from "./support/early-taps";
import { E2E_BASE_URL } from "./support/env";
import { gotoHydrated, readCards } from "./support/home-page";
import { ingestFeed, runCli } from "./support/operator-cli";

/**
 * SPEC §4 polling. This spec adds a course to the catalogue the server owns (through the ingest
 * CLI, which hands the import to the running server) and publishes an article, and retires both
 * again at the end: it must not run alongside specs that read the catalogue as fixed (see
 * playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const SLUG = "live-updates-e2e-arrival";
const TITLE = "Live Updates Arrival: Kotlin Coroutines in Practice";
const COUPON = "LIVEUPDATE2026";
/** Long enough for the default 60 s poll, should POLL_INTERVAL_MS not be shortened. */
const POLL_WAIT_MS = 75_000;

function feedRecord(expiredDate: string) {
  return {
    course_id: "987654",
    category: "Development",
    sub_category: "Mobile Development",
    title: TITLE,
    content_length: "95",
    level: "Intermediate Level",
    author: "Rina Wijaya",
    rating: "4.7",
    reviews: "12",
    students: "340",
    coupon_code: COUPON,
    preview_img: "null",
    coupon_link: `https://www.udemy.com/course/${SLUG}/?couponCode=${COUPON}`,
    expired_date: expiredDate,
    uses_remaining: "80",
    headline: "Structured concurrency without tears",
    description: "<p>Coroutines.</p>",
    language: "English",
  };
}

const ARTICLE_TITLE = "Belajar Kotlin Coroutines Sambil Menunggu Kereta";
const ARTICLE_CONTENT = [
  "Coroutines make **waiting** cheap: a suspended function gives its thread back.",
  "",
  "- start with `launch` and `async`",
  "- cancel what you no longer need",
].join("\n");
/** The article page, once the list shows it (filled by the article test, read by the next). */
let articleHref: string | null = null;

/** A premium writer (dev sign-in, a premium code from the operator CLI) posts the form. */
async function publishArticle(title: string): Promise<void> {
  const minted = await runCli("codes", ["create", "--type", "premium", "--uses", "1"]);
  expect(minted.code, minted.stderr).toBe(0);
  const code = minted.stdout.trim().split("\n").at(-1) ?? "";
  const writer = await request.newContext({ baseURL: E2E_BASE_URL, userAgent: DESKTOP_CHROME_UA });
  try {
    const signedIn = await writer.post("/auth/dev", {
      form: { email: `live-writer-${Date.now()}@example.com`, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    const redeemed = await writer.post("/redeem", { form: { code } });
    expect(((await redeemed.json()) as { success: boolean }).success).toBe(true);
    const sent = await writer.post("/articles/new", {
      multipart: { title, content: ARTICLE_CONTENT, author: "Rina Wijaya" },
      maxRedirects: 0,
    });
    expect(sent.status(), await sent.text()).toBe(303);
  } finally {
    await writer.dispose();
  }
}

function articleTitles(page: Page) {
  return page
    .getByRole("list", { name: "Articles" })
    .locator("h2")
    .evaluateAll((headings) => headings.map((heading) => heading.getAttribute("title") ?? ""));
}

/** `npx tsx scripts/ingest.ts --file …` as an operator would run it next to the server. */
function ingest(name: string, records: unknown[]) {
  return ingestFeed("live-updates", name, records);
}

test.afterAll(async () => {
  // Two operator CLI runs (each starts tsx): more than the default on two busy cores.
  test.setTimeout(90_000);
  // Retire the course again: the same coupon, already expired, leaves the list.
  await ingest("retire.json", [feedRecord("2020-01-01 00:00:00+00:00")]);
  // And hide the article.
  const articleId = articleHref && new URL(articleHref, E2E_BASE_URL).searchParams.get("id");
  if (articleId) await runCli("articles", ["hide", articleId]);
});

test("a course added while the home page is open appears with a toast after the next poll", async ({
  page,
}) => {
  test.setTimeout(POLL_WAIT_MS + 60_000);
  await gotoHydrated(page, "/");
  expect((await readCards(page)).map((card) => card.title)).not.toContain(TITLE);

  const result = await ingest("arrival.json", [feedRecord("2030-01-01 00:00:00+00:00")]);
  expect(result.stdout).toContain("owns the database: importing through it.");
  expect(result.stdout).toContain("found 1, added 1, updated 0, unchanged 0, rejected 0");
  expect(result.code).toBe(0);

  await expect(
    page.getByRole("status").filter({ hasText: "1 new course(s) available!" }),
  ).toBeVisible({ timeout: POLL_WAIT_MS });
  // Prepended to the first unfiltered page, without a reload.
  await expect.poll(async () => (await readCards(page))[0]?.title).toBe(TITLE);
  const card = (await readCards(page))[0]!;
  expect(card.href).toMatch(/^\/go\/\d+$/);
  expect(await page.content()).not.toContain(COUPON);
});

test("GET /api/updates sends public fields only and answers 304 while nothing changed", async ({
  request,
}) => {
  const everything = await request.get("/api/updates?courseSince=0&articleSince=0");
  expect(everything.status()).toBe(200);
  const text = await everything.text();
  expect(text).not.toMatch(/coupon/i);
  const body = JSON.parse(text) as { courses: { count: number; items: unknown[] } };
  expect(body.courses.count).toBeGreaterThan(0);

  const url = "/api/updates?courseSince=2147483647&articleSince=2147483647";
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("no-cache");
  expect(await first.json()).toEqual({
    courses: { count: 0, latestId: 2147483647, items: [] },
    articles: { count: 0, latestId: 2147483647, items: [] },
  });
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await request.get(url, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);

  expect((await request.get("/api/updates?courseSince=-1")).status()).toBe(400);
});

test.describe("the article list and an article", () => {
  test.use({ userAgent: DESKTOP_CHROME_UA });

  test("an article published while /articles is open appears on top with a toast after the next poll", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The page's clock runs on but can jump: the next poll comes without waiting a minute.
    await page.clock.install();
    await page.goto("/articles");
    await waitForPageHydration(page);
    const shownBefore = await articleTitles(page);
    expect(shownBefore).not.toContain(ARTICLE_TITLE);

    await publishArticle(ARTICLE_TITLE);
    await page.clock.fastForward("01:05");

    // Another worker's test (phone-layout) may publish an article in the same minute: the count
    // is at least this one, and this article is above everything the page showed before.
    const published = new RegExp(
      `^${newArticlesMessage(1)
        .replace("1 ", "\\d+ ")
        .replace(/[().!]/g, "\\$&")}$`,
    );
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByText(published),
    ).toBeVisible({ timeout: 15_000 });
    // Above the articles shown before, with its excerpt, without a page load.
    await expect
      .poll(async () => {
        const titles = await articleTitles(page);
        const index = titles.indexOf(ARTICLE_TITLE);
        return index >= 0 && (shownBefore.length === 0 || index < titles.indexOf(shownBefore[0]!));
      })
      .toBe(true);
    const card = page
      .getByRole("list", { name: "Articles" })
      .locator("article")
      .filter({ hasText: ARTICLE_TITLE });
    await expect(card.locator("strong")).toHaveText("waiting");
    articleHref = await card.getByRole("link", { name: /^Read More/ }).getAttribute("href");
    expect(articleHref).toMatch(/^\/article\?id=\d+$/);
  });

  test("Share pressed before the article page is interactive copies its link", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    expect(articleHref, "the previous test publishes the article").not.toBeNull();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
    const early = await openBeforeHydration(page, articleHref!);
    await page.getByRole("button", { name: "Share" }).click();
    await early.letScriptsLoad();

    await expect(
      page
        .getByRole("region", { name: "Notifications" })
        .getByText(`Link to "${ARTICLE_TITLE}" copied!`),
    ).toBeVisible({ timeout: 45_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/article/);
    expect(await early.replayedInPlace()).toBe(true);
    expect(early.reactErrors).toEqual([]);
  });
});
