import { expect, test } from "@playwright/test";
import { FAKE_BOT_USERNAME } from "../setup/fake-telegram";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";
import { E2E_TELEGRAM_URL } from "./support/env";
import { dropFlash } from "./support/personal-layer";

// Telegram alerts (issue 21): the dashboard's "Link Telegram" shows a one-time deep link to the
// bot; the user presses Start in Telegram (played here through the stand-in Bot API, which hands
// "/start <token>" to the site's long-polling bot) and the dashboard shows the chat as linked.

test("a learner links Telegram from the dashboard with a one-time deep link", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: DESKTOP_CHROME_UA,
  });
  try {
    const signIn = await context.request.post("/auth/dev", {
      form: { email: `telegram-${Date.now()}@example.com`, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    await dropFlash(context);
    const page = await context.newPage();
    await page.goto("/dashboard?tab=alerts");
    await waitForHydration(page);
    await expect(page.getByTestId("telegram-state")).toHaveText("Not linked.");

    await page.getByRole("button", { name: "Link Telegram" }).click();
    const deepLink = page.getByTestId("telegram-deep-link");
    await expect(deepLink).toHaveAttribute(
      "href",
      new RegExp(`^https://t\\.me/${FAKE_BOT_USERNAME}\\?start=[A-Za-z0-9_-]{32}$`),
    );
    const token = new URL((await deepLink.getAttribute("href"))!).searchParams.get("start")!;

    // In Telegram: the user presses Start.
    const chatId = 900_000 + Math.floor(Math.random() * 99_999);
    const started = await request.post(`${E2E_TELEGRAM_URL}/__fake/start`, {
      data: { chatId, text: `/start ${token}` },
    });
    expect(started.ok()).toBe(true);

    // The dashboard notices on its own; the bot confirmed in the chat.
    await expect(page.getByTestId("telegram-state")).toContainText("Linked", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Unlink" })).toBeVisible();
    const sent = (await (await request.get(`${E2E_TELEGRAM_URL}/__fake/sent`)).json()) as Array<{
      chatId: string;
      text: string;
    }>;
    expect(sent.filter((message) => message.chatId === String(chatId))[0]?.text).toMatch(
      /^Linked to your Kursusku account/,
    );

    await page.getByRole("button", { name: "Unlink" }).click();
    await expect(page.getByTestId("telegram-state")).toHaveText("Not linked.");
  } finally {
    await context.close();
  }
});
