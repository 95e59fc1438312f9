import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_BASE_URL } from "./support/env";

// The tests run in order in one worker: the last one reads the audit rows the others wrote.
// Only the operator's own account, codes it mints and an article its own writer posts (hidden
// again at once) are changed, so the other specs' data stays as they expect it.
test.describe.configure({ timeout: 90_000 });

/** A desktop Chrome that isbot does not take for a crawler. */
const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

test.use({ userAgent: DESKTOP_CHROME_UA });

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

/** Signs in through the dev form's POST; the page's context keeps the session cookie. */
async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    headers: { Origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).toContain("kk_session=");
}

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

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

async function openSection(page: Page, section: string, query = ""): Promise<void> {
  const response = await page.goto(`/admin?section=${section}${query}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Operator console", level: 1 })).toBeVisible();
}

function notice(page: Page, text: string | RegExp): Locator {
  return page.locator("p[role=status], p[role=alert]").filter({ hasText: text });
}

/** The user's card in the Users section, after searching for their e-mail. */
async function findUserCard(page: Page, email: string): Promise<Locator> {
  await openSection(page, "users");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?email=/);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: email, exact: true }) });
  await expect(card).toBeVisible();
  return card;
}

async function creditsShown(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? "";
  const match = /(\d+) credits/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

async function withWriter<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("operator console", () => {
  test("visitors and signed-in non-operators get the 404 page, for reads and writes", async ({
    page,
  }) => {
    const anonymous = await page.goto("/admin");
    expect(anonymous?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found | Kursusku");
    await expect(page.getByText("Operator console")).toHaveCount(0);
    const anonymousPost = await page.request.post("/admin", {
      form: { intent: "create-codes", type: "credits", credits: "5", uses: "1" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(anonymousPost.status()).toBe(404);

    await signIn(page, uniqueEmail("not-an-operator"));
    for (const path of ["/admin", "/admin?section=users&email=a"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
    }
    const post = await page.request.post("/admin", {
      form: { intent: "create-codes", type: "credits", credits: "5", uses: "1" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(post.status()).toBe(404);
    expect(await post.text()).not.toContain("Created 1 code");
    for (const path of ["/admin/codes", "/admin/users?email=a", "/admin/alerts", "/admin/audit"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    const sectionPost = await page.request.post("/admin/codes", {
      form: { intent: "create-codes", type: "credits", credits: "5", uses: "1" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(sectionPost.status()).toBe(404);
    // No way to the console in a non-operator's avatar menu.
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Account menu" });
    await waitForReact(menu);
    await menu.click();
    await expect(page.getByRole("link", { name: "Dashboard", exact: true }).last()).toBeVisible();
    await expect(page.getByRole("link", { name: "Operator console" })).toHaveCount(0);
  });

  test("the overview and ingestion sections", async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    // The operator's avatar menu leads to the console.
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Account menu" });
    await waitForReact(menu);
    await menu.click();
    await expect(page.getByRole("link", { name: "Operator console" })).toHaveAttribute(
      "href",
      "/admin",
    );
    await openSection(page, "overview");
    await expect(page).toHaveTitle("Operator console | Kursusku");
    const nav = page.getByRole("navigation", { name: "Console sections" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const label of [
      "Courses listed",
      "Expired",
      "Added today",
      "Opens today",
      "Users",
      "Sign-ups today",
      "Articles published",
      "Articles hidden",
    ]) {
      await expect(page.getByRole("term").filter({ hasText: label }).first()).toBeVisible();
    }
    // The demo catalogue is listed.
    const listed = page.getByRole("term").filter({ hasText: "Courses listed" }).locator("+ dd");
    expect(Number((await listed.textContent())?.replace(/,/g, ""))).toBeGreaterThan(0);
    await expect(page.getByText("Course opens, last 7 days")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Opens per day" }).getByRole("listitem"),
    ).toHaveCount(7);
    await expect(page.getByRole("heading", { name: "Last ingest run per source" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await nav.getByRole("link", { name: "Ingestion" }).click();
    await expect(page).toHaveURL(/\/admin\/ingest$/);
    await expect(page.getByRole("heading", { name: "Ingest runs" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Alert deliveries per channel and the latest failures.
    await nav.getByRole("link", { name: "Alerts" }).click();
    await expect(page).toHaveURL(/\/admin\/alerts$/);
    await expect(page.getByRole("heading", { name: "Deliveries per channel" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest failures" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Browsers turned off" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("articles: hide one behind the confirm dialog; it then answers 404", async ({
    page,
    browser,
    request,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    const writerEmail = uniqueEmail("writer");
    const title = `Operator check ${Date.now()}`;
    await withWriter(browser, async (writer) => {
      await signIn(writer, writerEmail);
      // Writing needs premium: the operator grants it from the console.
      const card = await findUserCard(page, writerEmail);
      await card.getByRole("button", { name: "Grant premium" }).click();
      await expect(notice(page, "Premium granted.")).toBeVisible();

      // Everything ready before the article exists, so it is public only for a moment.
      await openSection(page, "articles");
      const posted = await writer.request.post("/articles/new", {
        multipart: {
          title,
          content:
            "Python is a friendly first language for beginners. Practise every day and build one small project a week.",
          author: "Admin Spec Writer",
        },
        headers: { Origin: E2E_BASE_URL },
        maxRedirects: 0,
      });
      expect(posted.status(), await posted.text()).toBe(303);
    });

    await page.reload();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    const href = await row.getByRole("link", { name: title }).getAttribute("href");
    expect(href).toMatch(/^\/article\?id=\d+$/);
    const articleId = href!.split("=")[1]!;
    // A visitor without cookies gets the shared rendering of the article (decision 0012).
    const before = await request.get(`/article?id=${articleId}`);
    expect(before.status()).toBe(200);
    expect(["HIT", "MISS"]).toContain(before.headers()["x-cache"]);
    const hide = row.getByRole("button", { name: "Hide" });
    await waitForReact(hide);
    await hide.click();
    const dialog = page.getByRole("dialog", { name: "Hide this article?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("It leaves the list, the sitemap and the feed");
    await dialog.getByRole("button", { name: "Hide" }).click();
    await expect(notice(page, `Article ${articleId} hidden.`)).toBeVisible();
    await expect(row.getByRole("button", { name: "Hidden — publish again" })).toBeVisible();

    expect((await page.request.get(`/article?id=${articleId}`)).status()).toBe(404);
    // The hide is a write: the shared rendering went with it.
    expect((await request.get(`/article?id=${articleId}`)).status()).toBe(404);
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(
      `/article?id=${articleId}<`,
    );
    // With the moderation verdicts the server stored, as words rather than JSON.
    await expect(row).toContainText(/Title: safe — \S/);
    await expect(row).toContainText(/Content: safe — \S/);
    await expect(row).not.toContainText("isSafe");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("redeem codes: create two, cancel then confirm disabling one", async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    await openSection(page, "codes");
    const form = page.getByRole("form", { name: "Create redeem codes" });
    await form.getByLabel("Type").selectOption("credits");
    await form.getByLabel("Credits", { exact: true }).fill("7");
    await form.getByLabel("Uses", { exact: true }).fill("100");
    await form.getByLabel("How many").fill("2");
    await form.getByRole("button", { name: "Create codes" }).click();
    const created = notice(page, /^Created 2 codes: /);
    await expect(created).toBeVisible();
    const codes = ((await created.textContent()) ?? "")
      .replace(/^Created 2 codes: /, "")
      .split(", ");
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      const row = page.getByRole("row").filter({ hasText: code });
      await expect(row).toContainText("7 credits");
      await expect(row).toContainText("100/100");
      await expect(row).toContainText("Never");
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [victim, kept] = codes as [string, string];
    const row = page.getByRole("row").filter({ hasText: victim });
    const disable = row.getByRole("button", { name: "Disable" });
    await waitForReact(disable);
    await disable.click();
    const dialog = page.getByRole("dialog", { name: "Disable this code?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Nobody will be able to redeem ${victim} any more.`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole("button", { name: "Disable" })).toBeVisible();

    await disable.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Disable" }).click();
    await expect(notice(page, `Code ${victim} disabled.`)).toBeVisible();
    await expect(row.getByRole("button", { name: "Disabled — enable" })).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: kept }).getByRole("button", { name: "Disable" }),
    ).toBeVisible();

    // The disabled code is refused; the other still works.
    const refused = await page.request.post("/redeem", {
      form: { code: victim },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(await refused.json()).toMatchObject({
      success: false,
      message: "This code is not valid. Please check it and try again.",
    });

    // On a phone every code's facts and its Disable button are in view without any sideways
    // scrolling (the five-column table was cut at the card's edge).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const onPhone = page.locator("main :is(tr, li)", { hasText: kept }).filter({ visible: true });
    await expect(onPhone).toContainText("7 credits");
    await expect(onPhone).toContainText("100/100");
    await expect(onPhone).toContainText("Never");
    const disableOnPhone = onPhone.getByRole("button", { name: "Disable" });
    await expect(disableOnPhone).toBeVisible();
    for (const element of [onPhone, disableOnPhone]) {
      const box = (await element.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });

  test("users: find, add credits, grant premium, revoke it behind the confirm dialog", async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    let card = await findUserCard(page, E2E_ADMIN_EMAIL);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const before = await creditsShown(card);

    await card.getByLabel(`Credits to add for ${E2E_ADMIN_EMAIL}`).fill("15");
    await card.getByRole("button", { name: "Add credits" }).click();
    await expect(notice(page, `Credits added. New balance: ${before + 15}.`)).toBeVisible();
    await expect(card).toContainText(`${before + 15} credits`);

    await card.getByRole("button", { name: "Grant premium" }).click();
    await expect(notice(page, "Premium granted.")).toBeVisible();
    card = page.getByRole("article").filter({ hasText: E2E_ADMIN_EMAIL });
    await expect(card).toContainText("Premium ·");
    const revoke = card.getByRole("button", { name: "Revoke premium" });
    await waitForReact(revoke);
    await revoke.click();
    const dialog = page.getByRole("dialog", { name: "Revoke premium?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${E2E_ADMIN_EMAIL} loses premium access now.`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText("Premium ·");

    await revoke.click();
    await dialog.getByRole("button", { name: "Revoke premium" }).click();
    await expect(notice(page, "Premium revoked.")).toBeVisible();
    await expect(card).toContainText("Standard ·");
    await expect(card.getByRole("button", { name: "Grant premium" })).toBeVisible();
  });

  test("a cross-site POST with the operator's cookies is refused and changes nothing", async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    const card = await findUserCard(page, E2E_ADMIN_EMAIL);
    const balance = await creditsShown(card);
    const userId = await card.locator('input[name="userId"]').first().inputValue();
    expect(userId).not.toBe("");

    const forms: Array<Record<string, string>> = [
      { intent: "add-credits", userId, credits: "500" },
      { intent: "grant-premium", userId },
    ];
    for (const form of forms) {
      const refused = await page.request.post("/admin?section=users", {
        form,
        headers: { Origin: "https://evil.example" },
      });
      expect(refused.status()).toBe(403);
    }

    await page.reload();
    await expect(card).toContainText(`${balance} credits`);
    await expect(card).toContainText("Standard ·");
    await openSection(page, "audit");
    await expect(page.getByRole("row").nth(1)).not.toContainText("users.add-credits");
  });

  test("the old /admin?section= addresses move to the section's own path", async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    const moved = await page.request.get("/admin?section=users&email=nobody", {
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe("/admin/users?email=nobody");
    const response = await page.goto("/admin?section=codes");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/codes$/);
    await expect(page.getByRole("form", { name: "Create redeem codes" })).toBeVisible();
    await page.goto("/admin?section=nonsense");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Last ingest run per source" })).toBeVisible();
  });

  test("invalid form input is refused with a 400 and its message, and nothing changes", async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    // Every refused form carries 4321 (as credits or uses), so a code it wrongly created would show
    // it in the list. Other specs mint codes meanwhile, so the number of rows proves nothing.
    const refusals: Array<[string, Record<string, string>, string]> = [
      [
        "/admin/codes",
        { type: "credits", credits: "4321", uses: "0" },
        "--uses must be a positive whole number.",
      ],
      [
        "/admin/codes",
        { type: "credits", credits: "4321", uses: "many" },
        "--uses must be a positive whole number.",
      ],
      [
        "/admin/codes",
        { type: "credits", credits: "x", uses: "4321" },
        "A credits code needs --credits, a positive whole number.",
      ],
      [
        "/admin/codes",
        { type: "credits", credits: "4321", uses: "3", count: "1001" },
        "--count must be between 1 and 1000.",
      ],
      [
        "/admin/codes",
        { type: "premium", days: "-2", uses: "4321" },
        "--days must be a positive whole number.",
      ],
      [
        "/admin/codes",
        { type: "credits", credits: "4321", uses: "3", expires: "soon" },
        "Expires must be a date (YYYY-MM-DD).",
      ],
      // The old address still takes the form, with the same refusal.
      [
        "/admin",
        { type: "credits", credits: "4321", uses: "0" },
        "--uses must be a positive whole number.",
      ],
    ];
    for (const [path, fields, message] of refusals) {
      const refused = await page.request.post(path, {
        form: { intent: "create-codes", ...fields },
        headers: { Origin: E2E_BASE_URL },
      });
      expect(refused.status(), JSON.stringify(fields)).toBe(400);
      const html = await refused.text();
      expect(html).toContain(message);
      expect(html).not.toContain("Created ");
    }
    const unknown = await page.request.post("/admin/codes", {
      form: { intent: "add-credits", userId: "x", credits: "5" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toContain("Unknown action.");
    const credits = await page.request.post("/admin/users", {
      form: { intent: "add-credits", userId: "x", credits: "10001" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(credits.status()).toBe(400);
    expect(await credits.text()).toContain("Credits must be a whole number from 1 to 10000.");
    await page.goto("/admin/codes");
    await expect(page.getByRole("columnheader", { name: "Gives" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "4321" })).toHaveCount(0);
  });

  test("the audit log lists what the operator just did, by e-mail, at WIB times", async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL);
    await openSection(page, "audit");
    for (const action of [
      "codes.create",
      "codes.disable",
      "articles.hide",
      "users.add-credits",
      "users.grant-premium",
      "users.revoke-premium",
    ]) {
      await expect(
        page
          .getByRole("row")
          .filter({ hasText: E2E_ADMIN_EMAIL })
          .filter({ hasText: action })
          .first(),
        action,
      ).toBeVisible();
    }
    // Newest first: the last revocation tops the list.
    await expect(page.getByRole("row").nth(1)).toContainText("users.revoke-premium");
    // Times in Jakarta's zone, named (the server's clock stands at 10.00 WIB on 22 November).
    await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(
      "2026-11-22 10.00 WIB",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
