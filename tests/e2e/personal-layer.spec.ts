import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { courseCards, waitForHydration } from "./support/home-page";
import { waitForHydration as waitForMainHydration } from "./support/early-taps";
import { dropFlash } from "./support/personal-layer";

// Public pages are rendered once and shared; each visitor's credits, hearts, Visited badges and
// account menu arrive as their own layer on top (decision 0022). One address, three people:
// each must see only their own.
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function signedInContext(browser: Browser, email: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: BROWSER_UA,
    javaScriptEnabled,
  });
  const answer = await context.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await dropFlash(context);
  return context;
}

/** The first two View Course links of the first page, as course ids. */
async function firstCourseIds(page: Page): Promise<[string, string]> {
  const hrefs = await courseCards(page)
    .locator('a[href^="/go/"]')
    .evaluateAll((links) => links.slice(0, 2).map((link) => link.getAttribute("href")!));
  return hrefs.map((href) => href.replace("/go/", "")) as [string, string];
}

function heartOf(page: Page, courseId: string) {
  return page.locator(`[data-replay="favourite-${courseId}"]`);
}

function cardOf(page: Page, courseId: string) {
  return courseCards(page).filter({ has: page.locator(`a[href="/go/${courseId}"]`) });
}

test("two users and a visitor load one address: each sees only their own credits, hearts and Visited", async ({
  browser,
}) => {
  // Three browsers, two sign-ins and three hydrations: more than the default on two busy cores.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const contexts: BrowserContext[] = [];
  try {
    const ana = await signedInContext(browser, `layer-ana-${stamp}@example.com`);
    const budi = await signedInContext(browser, `layer-budi-${stamp}@example.com`);
    const visitor = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      userAgent: BROWSER_UA,
    });
    contexts.push(ana, budi, visitor);
    const anaPage = await ana.newPage();
    const budiPage = await budi.newPage();
    const visitorPage = await visitor.newPage();
    // The layer lands after hydration: hydration itself must match the shared page exactly.
    const errors: string[] = [];
    for (const page of [anaPage, budiPage, visitorPage])
      page.on("console", (message) => {
        // The avatar image lives on the internet, out of reach here: not the page's fault.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(message.text());
      });

    await anaPage.goto("/");
    await waitForHydration(anaPage);
    const [first, second] = await firstCourseIds(anaPage);
    // Ana favourites the first course and opens the second (one credit, a Visited badge);
    // Budi favourites the second.
    expect(
      (
        await ana.request.post("/favourites", { form: { courseId: first, favourite: "true" } })
      ).ok(),
    ).toBe(true);
    const opened = await ana.request.get(`/go/${second}`, { maxRedirects: 0 });
    expect([302, 303]).toContain(opened.status());
    expect(
      (
        await budi.request.post("/favourites", { form: { courseId: second, favourite: "true" } })
      ).ok(),
    ).toBe(true);

    // Ana opened a course, so she has claimed one: her layer carries her own list (it leaves her
    // claimed courses out unless asked, as here, to show them) over the same shared page.
    const responses = [];
    for (const page of [anaPage, budiPage, visitorPage]) {
      responses.push(await page.goto("/?claimed=show"));
      await waitForHydration(page);
    }
    // The same shared rendering for all three…
    for (const response of responses)
      expect(response!.headers()["content-security-policy"]).not.toContain("nonce-");
    await expect(
      anaPage.getByRole("link", { name: "Hide the courses you already claimed" }),
    ).toBeVisible();

    // …with each one's own layer on top.
    await expect(heartOf(anaPage, first)).toHaveAttribute("aria-pressed", "true");
    await expect(heartOf(anaPage, second)).toHaveAttribute("aria-pressed", "false");
    await expect(cardOf(anaPage, second).getByText("Visited", { exact: true })).toBeVisible();
    await expect(anaPage.getByTestId("credit-badge")).toHaveText("9 credits");
    await expect(anaPage.getByRole("button", { name: "Account menu" })).toBeVisible();

    await expect(heartOf(budiPage, first)).toHaveAttribute("aria-pressed", "false");
    await expect(heartOf(budiPage, second)).toHaveAttribute("aria-pressed", "true");
    await expect(cardOf(budiPage, second).getByText("Visited", { exact: true })).toHaveCount(0);
    await expect(budiPage.getByTestId("credit-badge")).toHaveText("10 credits");

    await expect(heartOf(visitorPage, first)).toHaveAttribute("aria-pressed", "false");
    await expect(heartOf(visitorPage, second)).toHaveAttribute("aria-pressed", "false");
    await expect(visitorPage.getByTestId("credit-badge")).toHaveText("3 credits");
    await expect(visitorPage.getByRole("button", { name: "Account menu" })).toHaveCount(0);
    const visitorHtml = await visitorPage.content();
    expect(visitorHtml).not.toContain("layer-ana-");
    expect(visitorHtml).not.toContain("layer-budi-");
    expect(errors).toEqual([]);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("without JavaScript a signed-in user still sees their name and credits, and opens a course", async ({
  browser,
}) => {
  const email = `layer-nojs-${Date.now()}@example.com`;
  const context = await signedInContext(browser, email, false);
  try {
    const page = await context.newPage();
    await page.goto("/");
    const bar = page.getByTestId("no-script-personal-bar");
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId("no-script-viewer")).toHaveText(`Signed in as ${email}`);
    await expect(bar.getByTestId("no-script-credits")).toHaveText("10 credits left");
    await expect(bar.getByRole("link", { name: "Dashboard" })).toBeVisible();
    // View Course is a plain link to /go, where the server applies the credit rules.
    const viewCourse = courseCards(page)
      .first()
      .getByRole("link", { name: /View Course/ });
    const goHref = await viewCourse.getAttribute("href");
    expect(goHref).toMatch(/^\/go\/\d+$/);
    const opened = await context.request.get(goHref!, { maxRedirects: 0 });
    expect([302, 303]).toContain(opened.status());
    // The first shared page told the server this browser runs no scripts: from now on its
    // pages are rendered for it, hearts and Visited badges included.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("kk_noscript");
    // The opened course is claimed: it shows with the claimed courses.
    const own = await page.goto("/?claimed=show");
    expect(own!.headers()["content-security-policy"]).toContain("nonce-");
    await expect(page.getByTestId("credit-badge")).toHaveText("9 credits");
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    const openedId = goHref!.replace("/go/", "");
    const openedCard = courseCards(page).filter({
      has: page.locator(`a[href="/go/${openedId}"]`),
    });
    await expect(openedCard.getByText("Visited", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a signed-in user opens a course from the home page and a course page without the visitors' first-open notice", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The notice is for visitors; this browser has never seen it, as a new device would not have.
  const context = await signedInContext(browser, `layer-notice-${Date.now()}@example.com`);
  try {
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const [firstId, secondId] = await firstCourseIds(page);
    let popup = context.waitForEvent("page");
    await cardOf(page, firstId).locator(`a[href="/go/${firstId}"]`).click();
    await (await popup).close();
    await expect(page.getByTestId("first-open-notice")).toBeHidden();
    await expect(page.getByText(/Redirecting to /).first()).toBeVisible();

    // The opened course is now claimed: the list's refresh after the open leaves it out, so the
    // way on to a course page is through the card beside it.
    const coursePage = cardOf(page, secondId).locator('a[href^="/course/"]').first();
    await coursePage.click();
    await expect(page).toHaveURL(/\/course\//);
    // The redirect toast was about the page left behind: it does not follow onto this one (it
    // would otherwise stay its 5 s, so a short wait tells the two apart).
    await expect(page.getByText(/Redirecting to /)).toHaveCount(0, { timeout: 1_000 });
    await page.reload();
    await waitForMainHydration(page);
    popup = context.waitForEvent("page");
    await page.locator("#main").getByRole("link", { name: "View Course" }).first().click();
    await (await popup).close();
    await expect(page.getByTestId("first-open-notice")).toBeHidden();
    await expect(page.getByText(/of 3 left today/)).toBeHidden();
  } finally {
    await context.close();
  }
});

test("an opened course leaves the signed-in learner's list and comes back with the switch", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await signedInContext(browser, `claims-en-${Date.now()}@example.com`);
  try {
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const [firstId] = await firstCourseIds(page);
    const popup = context.waitForEvent("page");
    await cardOf(page, firstId).locator(`a[href="/go/${firstId}"]`).click();
    await (await popup).close();

    await page.reload();
    await expect(cardOf(page, firstId)).toHaveCount(0);
    const show = page.getByRole("link", { name: "Show 1 course you already claimed" });
    await show.click();
    await expect(page).toHaveURL(/claimed=show/);
    await expect(cardOf(page, firstId)).toHaveCount(1);
    await page.getByRole("link", { name: "Hide the courses you already claimed" }).click();
    await expect(cardOf(page, firstId)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("di daftar belajar, kursus yang sudah dimiliki pindah dari Diklaim ke Selesai (ponsel)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await signedInContext(browser, `claims-id-${Date.now()}@example.com`);
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/id");
    await waitForHydration(page);
    const [firstId] = await firstCourseIds(page);
    await cardOf(page, firstId)
      .getByRole("button", { name: /^Saya sudah punya / })
      .click();
    await expect(cardOf(page, firstId)).toHaveCount(0);

    await page.goto("/id/dashboard?tab=learning");
    const claimed = page.getByTestId("learning-claimed");
    await expect(claimed.getByRole("heading")).toHaveText("Diklaim (1)");
    await expect(claimed.getByText(/Dimiliki · Diklaim \d+ \w+ \d{4}/)).toBeVisible();
    await claimed.getByRole("button", { name: / ke Selesai$/ }).click();
    const done = page.getByTestId("learning-done");
    await expect(done.getByRole("heading")).toHaveText("Selesai (1)");
    await expect(done.getByText(/Selesai \d+ \w+ \d{4}/)).toBeVisible();
    await expect(page.getByTestId("learning-claimed").getByRole("heading")).toHaveText(
      "Diklaim (0)",
    );
  } finally {
    await context.close();
  }
});
