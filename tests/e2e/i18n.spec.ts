import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { TRUNCATE, truncate } from "../../core/text";
import { E2E_SITE_URL, parseAttributes } from "./support/html-head";
import { courseCards, readCards, waitForHydration } from "./support/home-page";
import { runCli } from "./support/operator-cli";
import { waitForReact } from "./support/hydration";

// The same learner's journey in English and in Indonesian, and what makes the two languages one
// site: alternates in every page's server HTML, a switch that keeps the filters, a remembered
// choice, a suggestion that never redirects, and accessibility in both.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

/** A desktop Chrome that isbot does not take for a crawler (/go would neither spend nor redirect). */
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
});

type Language = "en" | "id";

/** What the learner reads and presses, in each language, as a native reader sees it. */
const TEXT = {
  en: {
    home: "/",
    htmlLang: "en",
    heroTitle: "Free online courses, fresh every day",
    viewCourse: "View Course",
    category: "Category",
    search: "Search courses",
    signIn: "Sign in",
    registered: "Account registered! Welcome to Kursusku.",
    accountMenu: "Account menu",
    favourite: (title: string) => `Add ${title} to favorites`,
    favourited: "Course added to favorites!",
    leaveReview: "Leave a Review",
    reviewDialog: (title: string) => `Review ${title}`,
    yourReview: "Your review",
    stars: "4 stars",
    submitReview: "Submit Review",
    reviewThanks: "Thank you! Your review has been submitted.",
    redeemCode: "Redeem code",
    unlock: "Unlock",
    redeemed: "Code redeemed! 20 credits have been added to your account.",
    notValid: "This code is not valid. Please check it and try again.",
    notifications: "Notifications",
  },
  id: {
    home: "/id",
    htmlLang: "id",
    heroTitle: "Kursus online gratis, baru setiap hari",
    viewCourse: "Lihat Kursus",
    category: "Kategori",
    search: "Cari kursus",
    signIn: "Masuk",
    registered: "Akun berhasil dibuat! Selamat datang di Kursusku.",
    accountMenu: "Menu akun",
    favourite: (title: string) => `Tambahkan ${title} ke favorit`,
    favourited: "Kursus ditambahkan ke favorit!",
    leaveReview: "Tulis Ulasan",
    reviewDialog: (title: string) => `Ulas ${title}`,
    yourReview: "Ulasanmu",
    stars: "4 bintang",
    submitReview: "Kirim Ulasan",
    reviewThanks: "Terima kasih! Ulasanmu sudah terkirim.",
    redeemCode: "Kode penukaran",
    unlock: "Tukarkan",
    redeemed: "Kode berhasil ditukar! 20 kredit sudah ditambahkan ke akunmu.",
    notValid: "Kode ini tidak valid. Periksa lagi, lalu coba kembali.",
    notifications: "Notifikasi",
  },
} as const;

/** A credits code minted by the operator CLI, which hands the work to the running server. */
async function mintCode(args: string[]): Promise<string> {
  const minted = await runCli("codes", ["create", ...args]);
  const code = minted.stdout.trim().split("\n").at(-1) ?? "";
  expect(code, minted.stderr).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
  return code;
}

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

function toast(page: Page, language: Language, text: string): Locator {
  return page.getByRole("region", { name: TEXT[language].notifications }).getByText(text);
}

/** The <link rel="alternate" hreflang> and canonical of a page as the server sent them. */
async function headLinks(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((match) => parseAttributes(match[0]));
  const htmlTag = /<html\b[^>]*>/.exec(html)?.[0] ?? "";
  return {
    lang: parseAttributes(htmlTag).lang,
    canonical: links.find((link) => link.rel === "canonical")?.href,
    alternates: Object.fromEntries(
      links
        .filter((link) => link.rel === "alternate" && link.hreflang)
        .map((link) => [link.hreflang, link.href]),
    ),
  };
}

test("every public page names its English, Indonesian and default addresses in its server HTML", async ({
  page,
}) => {
  const home = await page.request.get("/");
  const firstCourse = /href="(\/course\/[^"?#]+)"/.exec(await home.text())?.[1];
  expect(firstCourse, "the home page links a course page").toBeTruthy();
  const articles = await page.request.get("/articles");
  const firstArticle = /href="(\/article\?id=\d+)"/.exec(await articles.text())?.[1];
  const pages = [
    "/",
    "/articles",
    firstCourse!,
    "/privacy",
    "/terms-of-service",
    "/contact-us",
    "/downloads",
    ...(firstArticle ? [firstArticle] : []),
  ];
  for (const english of pages) {
    const indonesian = english === "/" ? "/id" : `/id${english}`;
    const expected = { en: `${E2E_SITE_URL}${english}`, id: `${E2E_SITE_URL}${indonesian}` };
    for (const [path, lang] of [
      [english, "en"],
      [indonesian, "id"],
    ] as const) {
      const head = await headLinks(page, path);
      expect(head.lang, `${path} <html lang>`).toBe(lang);
      expect(head.canonical, `${path} canonical`).toBe(expected[lang]);
      expect(head.alternates, `${path} alternates`).toEqual({
        en: expected.en,
        id: expected.id,
        "x-default": expected.en,
      });
    }
  }
});

test("the language switch keeps the search and filters, and the choice is remembered on /", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const category = await page
    .getByRole("combobox", { name: "Category" })
    .locator("option")
    .nth(1)
    .getAttribute("value");
  await page.goto(`/?search=learn&type=${encodeURIComponent(category!)}`);
  await waitForHydration(page);
  const toIndonesian = page.getByRole("link", { name: "Bahasa Indonesia" }).first();
  await waitForReact(toIndonesian);
  await toIndonesian.click();
  await expect(page).toHaveURL(
    new RegExp(`/id\\?search=learn&type=${encodeURIComponent(category!).replace(/[+]/g, "\\+")}`),
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByRole("searchbox", { name: "Cari kursus" })).toHaveValue("learn");
  await expect(page.getByRole("combobox", { name: "Kategori" })).toHaveValue(category!);

  // The choice is remembered: the next visit to / opens the Indonesian home page.
  await page.goto("/");
  await expect(page).toHaveURL(/\/id$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.id.heroTitle);
  // …and switching back to English is remembered too.
  const toEnglish = page.getByRole("link", { name: "English" }).first();
  await waitForReact(toEnglish);
  await toEnglish.click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT.en.heroTitle);
});

test.describe("an Indonesian browser on an English page", () => {
  test.use({ locale: "id-ID" });

  test("is told the page exists in Indonesian, is never redirected, and can dismiss the note", async ({
    page,
  }) => {
    const response = await page.goto("/articles");
    expect(response?.status()).toBe(200);
    expect(await response?.text()).not.toContain("Tersedia dalam Bahasa Indonesia");
    const note = page.getByRole("complementary", { name: "Tersedia dalam Bahasa Indonesia" });
    await expect(note).toBeVisible();
    await expect(page).toHaveURL(/\/articles$/);
    await note.getByRole("button", { name: "Tutup" }).click();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  test("follows the note to the same page in Indonesian", async ({ page }) => {
    await page.goto("/privacy");
    const note = page.getByRole("complementary", { name: "Tersedia dalam Bahasa Indonesia" });
    await note.getByRole("link", { name: "Buka dalam Bahasa Indonesia" }).click();
    await expect(page).toHaveURL(/\/id\/privacy$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(note).toHaveCount(0);
  });
});

test("an English browser is not offered Indonesian", async ({ page }) => {
  await page.goto("/articles");
  await waitForReact(page.getByRole("link", { name: "Bahasa Indonesia" }).first());
  await expect(page.getByText("Tersedia dalam Bahasa Indonesia")).toHaveCount(0);
});

for (const language of ["en", "id"] as const) {
  const text = TEXT[language];

  test(`${language}: browse, filter, open a course, sign in, favourite, review and redeem`, async ({
    page,
  }) => {
    const minting = mintCode(["--type", "credits", "--credits", "20", "--uses", "5"]);
    minting.catch(() => undefined);

    // Browse and filter.
    await page.goto(text.home);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", text.htmlLang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.heroTitle);
    const categories = page.getByRole("combobox", { name: text.category });
    const category = await categories.locator("option").nth(1).getAttribute("value");
    await categories.selectOption(category!);
    await expect(page).toHaveURL(new RegExp(`[?&]type=`));
    expect(new URL(page.url()).pathname).toBe(text.home);
    const filteredList = page.url();
    await expect(courseCards(page).first()).toBeVisible();

    // Sign in (the development form stands in for Google here).
    const signIn = page.getByRole("button", { name: text.signIn, exact: true });
    await waitForReact(signIn);
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail(`i18n-${language}`));
    await signIn.click();
    await expect(toast(page, language, text.registered)).toBeVisible();
    await expect(page.getByRole("button", { name: text.accountMenu })).toBeVisible();

    // Favourite the first course of the filtered list.
    const [first] = await readCards(page);
    const card = courseCards(page).filter({ has: page.locator(`[href="${first!.href}"]`) });
    const heart = card.getByRole("button", {
      name: text.favourite(truncate(first!.title, TRUNCATE.ariaTitle)),
    });
    await waitForReact(heart);
    await heart.click();
    await expect(toast(page, language, text.favourited)).toBeVisible();
    await expect(heart).toHaveCount(0);

    // Open it: View Course goes through /go (in a new tab) to the course on Udemy.
    await page
      .context()
      .route(/^https:\/\/www\.udemy\.com\//, (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><p>Udemy</p>" }),
      );
    const view = card.getByRole("link", { name: new RegExp(`^${text.viewCourse}`) });
    await waitForReact(view);
    const [udemy] = await Promise.all([page.context().waitForEvent("page"), view.click()]);
    await udemy.waitForURL(/^https:\/\/www\.udemy\.com\//);
    await udemy.close();

    // Review it from its course page, in the same language (the course is on the filtered list,
    // among the courses already claimed: it was opened).
    await page.goto(`${filteredList}&claimed=show`);
    await waitForHydration(page);
    const coursePage = await courseCards(page)
      .filter({ has: page.locator(`[href="${first!.href}"]`) })
      .getByRole("heading", { level: 3 })
      .getByRole("link")
      .getAttribute("href");
    expect(coursePage?.startsWith(language === "id" ? "/id/course/" : "/course/")).toBe(true);
    await page.goto(coursePage!);
    const leaveReview = page.getByRole("button", { name: text.leaveReview });
    await waitForReact(leaveReview);
    await leaveReview.click();
    const dialog = page.getByRole("dialog", { name: text.reviewDialog(first!.title) });
    await dialog.locator("label").filter({ hasText: text.stars }).click();
    await dialog.getByRole("textbox", { name: text.yourReview }).fill("Jelas dan bermanfaat.");
    await dialog.getByRole("button", { name: text.submitReview }).click();
    await expect(toast(page, language, text.reviewThanks)).toBeVisible();

    // Redeem a code: the server's answers come back in the page's language.
    await page.goto(`${text.home}#redeem-section`);
    await waitForHydration(page);
    const section = page.locator("#redeem-section");
    const input = section.getByRole("textbox", { name: text.redeemCode });
    await waitForReact(input);
    await input.fill("ZZZZ-NOT-A-CODE");
    await section.getByRole("button", { name: text.unlock }).click();
    await expect(section.getByRole("alert")).toHaveText(text.notValid);
    await input.fill(await minting);
    await section.getByRole("button", { name: text.unlock }).click();
    await expect(section.getByRole("status")).toHaveText(text.redeemed);
  });

  test(`${language}: the public pages have no serious accessibility violations`, async ({
    page,
  }) => {
    const prefix = language === "id" ? "/id" : "";
    for (const path of ["", "/articles", "/privacy", "/downloads"]) {
      await page.goto(`${prefix}${path}` || "/");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) =>
        ["serious", "critical"].includes(violation.impact ?? ""),
      );
      expect(serious, `${prefix}${path}`).toEqual([]);
    }
  });
}

test("/id names categories and languages in Indonesian and writes numbers the Indonesian way", async ({
  page,
}) => {
  await page.goto("/id");
  const category = page.getByRole("combobox", { name: "Kategori" });
  await expect(category.locator('option[value="Business"]')).toHaveText("Bisnis");
  const language = page.getByRole("combobox", { name: "Bahasa" });
  await expect(language.locator('option[value="English"]')).toHaveText("Bahasa Inggris");
  const facts = courseCards(page).locator("li");
  // "2.378 siswa", never "2,378 siswa"; "Udemy 4,4★", never "4.4★".
  await expect(facts.filter({ hasText: /^\d{1,3}(\.\d{3})+ siswa$/ }).first()).toBeVisible();
  await expect(facts.filter({ hasText: /\d,\d{3} siswa/ })).toHaveCount(0);
  await expect(facts.filter({ hasText: /^Udemy \d,\d★/ }).first()).toBeVisible();
  await expect(facts.filter({ hasText: /^Udemy \d\.\d★/ })).toHaveCount(0);
  await expect(courseCards(page).getByText("Business", { exact: true })).toHaveCount(0);
});
