import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";
import { E2E_PUSH_ORIGIN } from "./support/env";
import { dropFlash } from "./support/personal-layer";

// Alerts (issue 21): a signed-in learner saves a search from the course list, watches a course by
// pasting its Udemy address, and manages both on the dashboard's Alerts tab. The server refuses
// anything but a Udemy course address with SPEC-style plain words.

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: DESKTOP_CHROME_UA,
  });
  const answer = await context.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await dropFlash(context);
  return { context, page: await context.newPage() };
}

/**
 * Makes e-mail and push reach the learner, as the dashboard's buttons would: the daily digest on
 * (the e2e server has SMTP) and one browser subscribed at the stand-in push service's origin
 * (nothing is pushed in this spec, so no service needs to listen there).
 */
async function turnOnEmailAndPush(context: BrowserContext) {
  const headers = { origin: test.info().project.use.baseURL! };
  const email = await context.request.post("/alerts/email", {
    form: { enabled: "true", hour: "7" },
    headers,
  });
  expect(email.status(), await email.text()).toBe(200);
  const browserKey = createECDH("prime256v1");
  browserKey.generateKeys();
  const push = await context.request.post("/push/subscriptions", {
    data: {
      endpoint: `${E2E_PUSH_ORIGIN}/wpush/v2/${randomUUID()}`,
      keys: {
        p256dh: browserKey.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    },
    headers,
  });
  expect(push.status(), await push.text()).toBeLessThan(300);
}

test("a signed-in learner saves a search as an alert and finds it on the dashboard", async ({
  browser,
}) => {
  // Channels, the dashboard, the feed's page and the list again: more than 30 s on busy cores.
  test.setTimeout(90_000);
  const { context, page } = await signedInPage(browser, `alerts-search-${Date.now()}@example.com`);
  try {
    await turnOnEmailAndPush(context);
    await page.goto("/?search=python&rating=3");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Alert me about new matches" }).click();
    await expect(
      page.getByText("Search saved: we will tell you about new free courses that match."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Manage alerts" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=alerts$/);
    const searches = page.getByRole("region", { name: /Saved searches \(1\)/ });
    await expect(searches.getByText("“python” · 3+ stars", { exact: true })).toBeVisible();
    await expect(searches.getByRole("link", { name: "Private feed" })).toHaveAttribute(
      "href",
      /^\/alerts\/feed-help\/[A-Za-z0-9_-]{20,}$/,
    );

    // Each alert offers the channels that reach the learner (here e-mail and push), starts on
    // them, and says what the other one needs; the last one ticked cannot be unticked. The
    // choice is the server's: it is still there after a reload.
    const channels = searches.getByRole("group", { name: "Tell me about “python” · 3+ stars by" });
    await expect(channels.getByRole("checkbox")).toHaveCount(2);
    await expect(channels.getByRole("checkbox", { name: "E-mail" })).toBeChecked();
    await expect(channels.getByRole("checkbox", { name: "Push" })).toBeChecked();
    await expect(channels.getByTestId("alert-channel-needs")).toHaveText([
      "To be told on Telegram, link Telegram below.",
    ]);
    await channels.getByRole("checkbox", { name: "E-mail" }).uncheck();
    await expect(page.getByText("Alert channels saved.")).toBeVisible();
    await expect(channels.getByRole("checkbox", { name: "Push" })).toBeDisabled();
    await page.reload();
    await waitForHydration(page);
    await expect(channels.getByRole("checkbox", { name: "E-mail" })).not.toBeChecked();
    await expect(channels.getByRole("checkbox", { name: "Push" })).toBeChecked();

    // The private feed opens a page, not raw XML: what a feed reader is, the address to copy,
    // and the feed itself one link further.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await searches.getByRole("link", { name: "Private feed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your private feed" })).toBeVisible();
    await expect(page.getByText("A feed reader is an app or a website")).toBeVisible();
    const address = page.getByLabel("Feed address");
    await expect(address).toHaveValue(/^https?:\/\/[^/]+\/alerts\/feed\/[A-Za-z0-9_-]{43}$/);
    const feedUrl = await address.inputValue();
    await page.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByText("Address copied. Paste it into your feed reader.")).toBeVisible();
    const raw = page.getByRole("link", { name: "Open the feed itself (XML, for feed readers)" });
    expect(new URL((await raw.getAttribute("href"))!).pathname).toBe(new URL(feedUrl).pathname);
    const feed = await context.request.get(new URL(feedUrl).pathname);
    expect(feed.headers()["content-type"]).toContain("application/atom+xml");

    // The same search again is refused, with the server's words.
    await page.goto("/?search=python&rating=3");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Alert me about new matches" }).click();
    await expect(page.getByText("You already saved this search.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a learner watches a course by its Udemy address, and only a Udemy course address", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, `alerts-watch-${Date.now()}@example.com`);
  try {
    await page.goto("/dashboard?tab=alerts");
    await waitForHydration(page);
    const address = page.getByLabel("Udemy course address");
    await address.fill("https://www.example.com/course/learn-python/");
    await page.getByRole("button", { name: "Watch course" }).click();
    await expect(
      page.getByText(
        "Paste a Udemy course address such as https://www.udemy.com/course/learn-python/.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Watched courses (0)" })).toBeVisible();

    await address.fill("https://www.udemy.com/course/e2e-watched-kotlin_basics/?couponCode=X1");
    await page.getByRole("button", { name: "Watch course" }).click();
    const watched = page.getByRole("region", { name: "Watched courses (1)" });
    await expect(watched.getByRole("link", { name: "E2e Watched Kotlin Basics" })).toBeVisible();

    await watched.getByRole("button", { name: "Stop watching" }).click();
    await expect(page.getByRole("region", { name: "Watched courses (0)" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a visitor who is not signed in is offered no alert and is told to sign in", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: DESKTOP_CHROME_UA,
  });
  const page = await context.newPage();
  try {
    await page.goto("/?search=python");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Alert me about new matches" })).toHaveCount(0);
    const refused = await context.request.post("/alerts/searches", {
      form: { search: "python" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Please sign in to manage your alerts.",
    );
  } finally {
    await context.close();
  }
});
