import { execFile } from "node:child_process";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type Page } from "@playwright/test";
import { markFirstOpenNoticeSeen } from "./support/credit-notice";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import type { ApiCourse } from "./support/api-course";
import { DESKTOP_CHROME_UA } from "./support/early-taps";
import { waitForReact } from "./support/hydration";

// Writing an article and opening a course, in Indonesian (/id). This spec publishes an article
// and spends courses' credits, so it runs with the catalogue-writes project (after the specs that
// expect an empty article list).
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ userAgent: DESKTOP_CHROME_UA });

const run = promisify(execFile);

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function makePremium(page: Page): Promise<void> {
  const { stdout } = await run(
    "npx",
    ["tsx", "scripts/codes.ts", "create", "--type", "premium", "--uses", "1"],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? E2E_DATA_DIR },
      timeout: 60_000,
    },
  );
  const code = stdout.trim().split("\n").at(-1) ?? "";
  const api = await request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: await page.context().storageState(),
    userAgent: DESKTOP_CHROME_UA,
  });
  try {
    const redeemed = await api.post("/redeem", { form: { code } });
    expect(((await redeemed.json()) as { success: boolean }).success).toBe(true);
  } finally {
    await api.dispose();
  }
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

const TITLE = "Cara Belajar Desain Grafis Gratis dari Nol";
const CONTENT = [
  "Mulailah dengan **dasar-dasar** warna dan tipografi sebelum membuka aplikasi desain.",
  "",
  "- latihan setiap hari",
  "- buat satu poster kecil setiap minggu",
].join("\n");

test("a visitor on /id/articles/new is told in Indonesian who may write", async ({ page }) => {
  await page.goto("/id/articles/new");
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page).toHaveTitle("Tulis Artikel Baru | Kursusku");
  await expect(page.getByRole("heading", { level: 1, name: "Tulis Artikel Baru" })).toBeVisible();
  await expect(
    page.getByText("Hanya anggota Premium atau pengguna aplikasi yang bisa mengirim artikel."),
  ).toBeVisible();
  await expect(
    page.getByText("Masuk dengan akun premium, atau pakai aplikasi Kursusku, untuk mulai menulis."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Tukar kode premium" })).toHaveAttribute(
    "href",
    "/id#redeem-section",
  );
  await expect(page.getByRole("link", { name: "Kembali ke Artikel" })).toHaveAttribute(
    "href",
    "/id/articles",
  );
  await expect(page.getByTestId("article-submit")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The English page is unchanged.
  await page.goto("/articles/new");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Write New Article | Kursusku");
  await expect(
    page.getByText("Only Premium members or App users can submit articles."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Redeem a premium code" })).toHaveAttribute(
    "href",
    "/#redeem-section",
  );
});

test("a premium user writes an article on /id/articles/new: Indonesian labels, checks and answer", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("penulis"));
  await makePremium(page);
  await page.goto("/id/articles/new");

  const title = page.getByLabel("Judul", { exact: true });
  const content = page.getByLabel("Isi", { exact: true });
  const author = page.getByLabel("Penulis", { exact: true });
  const submit = page.getByTestId("article-submit");
  await waitForReact(title);
  await expect(submit).toHaveText("Kirim Artikel");
  await expect(author).toHaveValue("Kontributor Anonim");
  await expect(page.getByText("Gambar Sampul (opsional)")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The browser's validation speaks Indonesian.
  await title.fill("Pendek");
  await expect(page.getByText("Judul minimal 10 karakter.")).toBeVisible();
  await expect(submit).toHaveText("Perbaiki Kesalahan");
  await expect(submit).toBeDisabled();

  await title.fill(TITLE);
  await expect(submit).toHaveText("Memproses Masukan...");
  await expect(page.locator("#article-title-feedback")).toContainText(
    /Sedang diperiksa AI\.\.\.|Lolos pemeriksaan AI/,
  );
  await expect(submit).toHaveText("Kirim Artikel", { timeout: 15_000 });
  await expect(page.locator("#article-title-feedback")).toHaveText("✓ Lolos pemeriksaan AI");

  await content.fill(CONTENT);
  await expect(submit).toHaveText("Kirim Artikel", { timeout: 15_000 });
  await page.getByRole("button", { name: "Pratinjau" }).click();
  await expect(page.getByTestId("article-preview").locator("strong")).toHaveText("dasar-dasar");
  await page.getByRole("button", { name: "Tulis" }).click();

  await author.fill("");
  await expect(page.getByText("Nama penulis wajib diisi.")).toBeVisible();
  await author.fill("Sari Wulandari E2E");
  await expect(submit).toHaveText("Kirim Artikel");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await submit.click();
  await expect(page).toHaveURL(/\/id\/articles$/, { timeout: 30_000 });
  await expect(
    page.getByText("Artikel berhasil ditambahkan! Sekarang sudah tayang di Wawasan Terbaru."),
  ).toBeVisible();
  await expect(page.locator("#main article").first().getByRole("heading", { level: 2 })).toHaveText(
    TITLE,
  );
});

test("opening a course from /id goes through /go in Indonesian; English stays English", async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, locale: "en-US" });
  await markFirstOpenNoticeSeen(context);
  await context.route("https://www.udemy.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><p>Udemy</p>" }),
  );
  try {
    const page = await context.newPage();
    const listed = (await (await page.request.get("/api?action=getCourses")).json()) as ApiCourse[];
    expect(listed.length).toBeGreaterThanOrEqual(5);
    const [shown, ...others] = listed;

    // A visitor (3 credits a day) reads a course page in Indonesian...
    await page.goto(`/id/course/${encodeURIComponent(shown!.slug)}`);
    const viewCourse = page.getByTestId("course-page-view-course");
    await expect(viewCourse).toHaveAttribute("href", `/go/${shown!.id}?lang=id`);
    await waitForReact(viewCourse);

    // ...and spends the day's credits elsewhere meanwhile (another tab).
    for (const course of others.slice(0, 3)) {
      const opened = await page.request.get(`/go/${course.id}`, { maxRedirects: 0 });
      expect(opened.status()).toBe(302);
    }

    // The page still shows View Course: the server refuses, in the page's language.
    const [limit] = await Promise.all([context.waitForEvent("page"), viewCourse.click()]);
    await limit.waitForLoadState("domcontentloaded");
    expect(new URL(limit.url()).pathname).toBe(`/go/${shown!.id}`);
    await expect(limit).toHaveTitle("Batas Kredit Tercapai | Kursusku");
    // The page around it follows the page's language too, though its address has none.
    await expect(limit.locator("html")).toHaveAttribute("lang", "id");
    await expect(limit.getByRole("link", { name: "Artikel", exact: true }).first()).toBeVisible();
    await expect(
      limit.getByRole("heading", { level: 1, name: "Batas Kredit Tercapai" }),
    ).toBeVisible();
    await expect(
      limit
        .locator("h1 + div")
        .getByText(
          "Kamu sudah memakai 3 kredit gratis hari ini. Masuk untuk mendapat 10 kredit setiap hari, atau kembali lagi besok.",
        ),
    ).toBeVisible();
    await expect(limit.getByRole("link", { name: "Kembali ke Kursus" })).toHaveAttribute(
      "href",
      "/id",
    );
    await limit.close();

    // A card's link without ?lang: the /id page it came from decides.
    const fromIndonesian = await page.goto(`/go/${shown!.id}`, {
      referer: `${E2E_BASE_URL}/id`,
    });
    // Out of credits is 402 on /go as in the API (one status per refusal).
    expect(fromIndonesian?.status()).toBe(402);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Batas Kredit Tercapai");

    // A bookmark: the browser's language decides (the same visitor, in an Indonesian browser).
    const indonesianBrowser = await browser.newContext({
      userAgent: DESKTOP_CHROME_UA,
      locale: "id-ID",
      storageState: await context.storageState(),
    });
    try {
      const bookmark = await indonesianBrowser.newPage();
      await bookmark.goto(`/go/${shown!.id}`);
      await expect(bookmark.getByRole("heading", { level: 1 })).toHaveText("Batas Kredit Tercapai");
      // ...unless it comes from an English page of the site.
      await bookmark.goto(`/go/${shown!.id}`, { referer: `${E2E_BASE_URL}/course/x` });
      await expect(bookmark.getByRole("heading", { level: 1 })).toHaveText("Credit Limit Reached");
    } finally {
      await indonesianBrowser.close();
    }

    // English: a bookmark in an English browser gets SPEC's words.
    await page.goto(`/go/${shown!.id}`);
    await expect(page).toHaveTitle("Credit Limit Reached | Kursusku");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Credit Limit Reached");
    await expect(
      page
        .locator("h1 + div")
        .getByText(
          "You have used your 3 free credits for today. Sign in to get 10 credits every day, or come back tomorrow.",
        ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Courses" })).toHaveAttribute("href", "/");
  } finally {
    await context.close();
  }
});

test("the confirm and refused /go pages speak the visitor's language", async ({ request }) => {
  const [course] = (await (await request.get("/api?action=getCourses")).json()) as ApiCourse[];
  const go = `/go/${course!.id}`;

  // A link from another site in an Indonesian browser: one more tap, asked in Indonesian.
  const confirm = await request.get(go, {
    headers: { "Sec-Fetch-Site": "cross-site", "Accept-Language": "id-ID,id;q=0.9" },
  });
  expect(confirm.status()).toBe(200);
  const confirmHtml = await confirm.text();
  expect(confirmHtml).toContain("<title>Buka Kursus Ini? | Kursusku</title>");
  expect(confirmHtml).toMatch(/<html lang="id"/);
  expect(confirmHtml).toContain("Buka Kursusnya");
  expect(confirmHtml).toContain(`href="/go/${course!.id}?confirm=1&amp;lang=id"`);

  // A prefetch is refused, in the language the link names.
  const refused = await request.get(`${go}?lang=id`, { headers: { "Sec-Purpose": "prefetch" } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Kursus tidak dibuka dari prefetch.");

  // The same in English, word for word.
  const english = await request.get(go, {
    headers: { "Sec-Fetch-Site": "cross-site", "Accept-Language": "en-US,en;q=0.9" },
  });
  const englishHtml = await english.text();
  expect(englishHtml).toContain("<title>Open This Course? | Kursusku</title>");
  expect(englishHtml).toContain(`href="/go/${course!.id}?confirm=1"`);
  const englishRefusal = await request.get(go, { headers: { "Sec-Purpose": "prefetch" } });
  expect(await englishRefusal.text()).toContain("Courses do not open from a prefetch.");
});
