import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";
import { readCards } from "./support/home-page";
import { dropFlash } from "./support/personal-layer";

// Issue 22, the account area: the dashboard and its Alerts tab in Bahasa Indonesia under
// /id/dashboard (tabs keep the language and the tab query), English unchanged at /dashboard, and
// the unsubscribe page in the language the visitor's browser asks for.
test.describe.configure({ timeout: 90_000 });

async function signedInPage(browser: Browser, label: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: DESKTOP_CHROME_UA,
  });
  const email = `${label}-${Date.now()}-${process.pid}@example.com`;
  const answer = await context.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await dropFlash(context);
  return { context, email, page: await context.newPage() };
}

/** A row of the Account Overview: the <dd> next to the <dt> named `term`. */
function profileValue(page: Page, term: string): Locator {
  return page
    .locator("#account-section dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `  ${node.target.join(" ")}`).join("\n"),
    );
}

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  expect(violations, violations.join("\n")).toEqual([]);
}

test("the Indonesian dashboard: every tab in Bahasa Indonesia, links and tabs stay under /id", async ({
  browser,
}) => {
  const { context, email, page } = await signedInPage(browser, "i18n-dashboard");
  try {
    // One course in the history and one favourite, so both lists show their rows.
    await page.goto("/id");
    const [card] = await readCards(page);
    const courseId = Number(/^\/go\/(\d+)$/.exec(card!.href)?.[1]);
    expect((await page.request.get(`/go/${courseId}`, { maxRedirects: 0 })).status()).toBe(302);
    const favourite = await page.request.post("/favourites", {
      form: { courseId: String(courseId), favourite: "true" },
      headers: { origin: new URL(page.url()).origin, accept: "application/json" },
    });
    expect(favourite.ok()).toBe(true);

    await page.goto("/id/dashboard");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page).toHaveTitle("Dasbor | Kursusku");
    const section = page.locator("#account-section");
    await expect(section.getByRole("heading", { level: 1 })).toHaveText("Panel Kontrolmu");
    const tabs = section.locator("button[aria-pressed]");
    await expect(tabs).toHaveText([
      "Profil",
      "Riwayat (1)",
      "Favorit (1)",
      "Daftar belajar (1)",
      "Notifikasi",
    ]);
    await expect(section.getByRole("button", { name: "Profil" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(section.getByRole("heading", { name: "Ringkasan Akun" })).toBeVisible();
    await expect(profileValue(page, "Email")).toHaveText(email);
    await expect(profileValue(page, "Status")).toHaveText("Pengguna Standar");
    await expect(profileValue(page, "Saldo Kredit")).toHaveText("9");
    await expect(profileValue(page, "Info Kredit")).toContainText(
      "Membuka kursus memakai 1 kredit",
    );
    await expectNoSeriousAxeViolations(page);

    await section.getByRole("button", { name: "Riwayat (1)" }).click();
    await expect(page).toHaveURL(/\/id\/dashboard\?tab=history$/);
    await expect(section.getByRole("heading", { name: "Riwayat Kunjungan Kursus" })).toBeVisible();
    await expect(section.locator(`a[href="/go/${courseId}"]`)).toHaveCount(1);
    await expect(section.getByRole("button", { name: "Tulis Ulasan" })).toBeVisible();
    await expect(section.getByRole("link", { name: "Jelajahi kursus lainnya" })).toHaveAttribute(
      "href",
      "/id",
    );
    await expectNoSeriousAxeViolations(page);

    await section.getByRole("button", { name: "Favorit (1)" }).click();
    await expect(page).toHaveURL(/\/id\/dashboard\?tab=favorites$/);
    await expect(section.getByRole("heading", { name: "Kursus Favoritmu" })).toBeVisible();
    await expect(section.locator(`a[href="/go/${courseId}"]`)).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);

    await section.getByRole("button", { name: "Notifikasi" }).click();
    await expect(page).toHaveURL(/\/id\/dashboard\?tab=alerts$/);
    await waitForHydration(page);
    // The language switch leads to the same tab in English (through /language/en, which
    // remembers the choice and redirects).
    const english = page.getByRole("link", { name: "English" }).first();
    await expect(english).toHaveAttribute(
      "href",
      `/language/en?to=${encodeURIComponent("/id/dashboard?tab=alerts")}`,
    );
    const switched = await page.request.get((await english.getAttribute("href"))!, {
      maxRedirects: 0,
    });
    expect(switched.headers()["location"]).toBe("/dashboard?tab=alerts");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Notifikasi");

    // Watched courses: empty, then one watched by its Udemy address.
    await expect(page.getByRole("region", { name: "Kursus yang dipantau (0)" })).toContainText(
      "Kamu belum memantau kursus apa pun.",
    );
    await page
      .getByLabel("Alamat kursus Udemy")
      .fill("https://www.udemy.com/course/e2e-watched-kotlin_basics/");
    await page.getByRole("button", { name: "Pantau kursus" }).click();
    await expect(page.getByText("Kursus ini sekarang kamu pantau.")).toBeVisible();
    const watched = page.getByRole("region", { name: "Kursus yang dipantau (1)" });
    const watchedLink = watched.getByRole("link", { name: "E2e Watched Kotlin Basics" });
    await expect(watchedLink).toHaveAttribute("href", /^\/id\/course\//);
    await expect(watched.getByRole("button", { name: "Berhenti memantau" })).toBeVisible();
    const channels = watched.getByRole("group", {
      name: "Kabari aku tentang E2e Watched Kotlin Basics lewat",
    });
    // Nothing reaches a new learner yet: no box to tick, a line per channel saying what it needs,
    // readable without sideways scrolling on a laptop and on a phone.
    await expect(channels.getByRole("checkbox")).toHaveCount(0);
    const needs = channels.getByTestId("alert-channel-needs");
    await expect(needs).toHaveText([
      "Agar dikabari lewat email, nyalakan ringkasan email di bawah.",
      "Agar dikabari lewat push, nyalakan notifikasi di browser ini di bawah.",
      "Agar dikabari lewat Telegram, tautkan Telegram di bawah.",
    ]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const line of await needs.all()) {
        await expect(line).toBeVisible();
        const box = (await line.boundingBox())!;
        expect(box.x, `a needs line's left edge at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `a needs line's right edge at ${width} px`).toBeLessThanOrEqual(
          width,
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }

    // Saved searches: the empty state links to the Indonesian course list.
    const searches = page.getByRole("region", { name: "Pencarian tersimpan (0)" });
    await expect(searches).toContainText("Belum ada pencarian tersimpan.");
    await expect(searches.getByRole("link", { name: "daftar kursus" })).toHaveAttribute(
      "href",
      "/id#courses-section",
    );

    // How alerts reach the learner: e-mail, push and Telegram.
    const reach = page.getByRole("region", { name: "Cara notifikasi sampai kepadamu" });
    await expect(reach.getByText("Email: satu ringkasan sehari")).toBeVisible();
    await expect(reach.getByLabel("Kirim pukul (WIB)")).toBeVisible();
    await expect(reach.getByRole("button", { name: "Aktifkan email" })).toBeVisible();
    await expect(reach.getByRole("button", { name: "Kirim email uji coba" })).toBeVisible();
    await expect(reach.getByText("Nonaktif.", { exact: true })).toBeVisible();
    await expect(reach.getByText("Notifikasi di browser ini")).toBeVisible();
    await expect(reach.getByRole("button", { name: "Aktifkan notifikasi push" })).toBeVisible();
    // Telegram's part follows the channels section.
    await expect(page.getByText("Telegram: satu pesan untuk setiap kursus baru")).toBeVisible();
    await expect(page.getByTestId("telegram-state")).toHaveText("Belum terhubung.");
    await expect(page.getByRole("button", { name: "Hubungkan Telegram" })).toBeVisible();

    const sent = page.getByRole("region", { name: "Yang sudah kami kirim" });
    await expect(sent).toContainText("Belum ada.");
    await expectNoSeriousAxeViolations(page);

    await watched.getByRole("button", { name: "Berhenti memantau" }).click();
    await expect(page.getByText("Kursus ini tidak lagi kamu pantau.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Kursus yang dipantau (0)" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the English dashboard keeps SPEC's words", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "i18n-dashboard-en");
  try {
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const section = page.locator("#account-section");
    await expect(section.getByRole("heading", { level: 1 })).toHaveText("Your Control Panel");
    await expect(section.locator("button[aria-pressed]")).toHaveText([
      "Profile",
      "History (0)",
      "Favorites (0)",
      "Learning list (0)",
      "Alerts",
    ]);
    await expect(section.getByRole("heading", { name: "Account Overview" })).toBeVisible();
    await expect(profileValue(page, "Status")).toHaveText("Standard User");
    await expect(profileValue(page, "Credit Info")).toContainText(
      "Opening a course costs 1 credit (opening it again the same day is free).",
    );

    await section.getByRole("button", { name: "History (0)" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=history$/);
    await expect(
      section.getByText("Your history is a blank slate. Start exploring courses!"),
    ).toBeVisible();
    await expect(section.getByRole("link", { name: "Browse more courses" })).toHaveAttribute(
      "href",
      "/",
    );
    await section.getByRole("button", { name: "Favorites (0)" }).click();
    await expect(
      section.getByText("No favorites yet. Find courses you love and click the heart icon!"),
    ).toBeVisible();

    await section.getByRole("button", { name: "Alerts" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=alerts$/);
    await expect(page.getByRole("region", { name: "Watched courses (0)" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Saved searches (0)" })).toContainText(
      "No saved searches. Search or filter the course list and choose “Alert me about new matches”.",
    );
    await expect(page.getByRole("region", { name: "How alerts reach you" })).toContainText(
      "E-mail: one digest a day",
    );
    await expect(page.getByTestId("telegram-state")).toHaveText("Not linked.");
  } finally {
    await context.close();
  }
});

test("the Indonesian dashboard asks a signed-out visitor to sign in, in Indonesian", async ({
  page,
}) => {
  await page.goto("/id/dashboard");
  await expect(page.getByText("Silakan masuk untuk melihat dasbormu.")).toBeVisible();
  await expect(page.locator("#account-section button[aria-pressed]")).toHaveCount(0);
});

test("the unsubscribe page speaks the browser's language", async ({ request }) => {
  const indonesian = await request.get("/alerts/unsubscribe?token=not-a-token", {
    headers: { "accept-language": "id-ID,id;q=0.9,en;q=0.5" },
  });
  expect(indonesian.status()).toBe(400);
  const html = await indonesian.text();
  expect(html).toContain("Email Notifikasi");
  expect(html).toContain("Tautan berhenti berlangganan ini tidak valid.");

  const english = await request.get("/alerts/unsubscribe?token=not-a-token", {
    headers: { "accept-language": "en-US,en;q=0.9" },
  });
  expect(english.status()).toBe(400);
  expect(await english.text()).toContain("This unsubscribe link is not valid.");
});
