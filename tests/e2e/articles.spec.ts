import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { crc32, deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { E2E_SITE_URL, jsonLdOfType, readHead } from "./support/html-head";

// Only the first test writes an article (and the list starts empty on the fresh e2e server);
// the others only read, or are refused, so they can share the two workers.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const APP_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 KursuskuApp/2.1";

test.use({ userAgent: DESKTOP_CHROME_UA });

const run = promisify(execFile);
const cliEnv = () => ({ ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? E2E_DATA_DIR });

let emailSequence = 0;
function uniqueEmail(label: string): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${process.pid}-${emailSequence}@example.com`;
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByText(text);
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

async function signInDirect(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * Requests with the page's cookies on a connection of their own: the page's shared request
 * context may hold a keep-alive socket the server is just closing (ECONNRESET under load).
 */
async function withRequest<T>(page: Page, use: (api: APIRequestContext) => Promise<T>) {
  const api = await request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: await page.context().storageState(),
    userAgent: DESKTOP_CHROME_UA,
  });
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

async function makePremium(page: Page): Promise<void> {
  const { stdout } = await run(
    "npx",
    ["tsx", "scripts/codes.ts", "create", "--type", "premium", "--uses", "5"],
    { env: cliEnv(), timeout: 45_000 },
  );
  const code = stdout.trim().split("\n").at(-1) ?? "";
  await withRequest(page, async (api) => {
    const response = await api.post("/redeem", { form: { code } });
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });
}

/** A small RGB PNG built by hand: signature, IHDR, one IDAT, IEND. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row.set([(30 + (x * 200) / width) | 0, 90, (160 + (y * 80) / height) | 0], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
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

const TITLE = "Belajar Python untuk Pemula di 2026";
const AUTHOR = "Budi Santoso E2E";
const CONTENT = [
  "Python is a **friendly** first language for beginners in Indonesia.",
  "",
  "Read the [official tutorial](https://docs.python.org/3/tutorial/) and skip [this trick](javascript:alert(1)).",
  "",
  "- practise every day",
  "- build one small project a week",
].join("\n");

test.describe("articles", () => {
  test("a premium user writes an article with a cover: live checks, list, sitemap, detail, share, search, hide", async ({
    page,
    context,
  }) => {
    // One writer's whole journey plus an operator CLI run (a tsx start of 10–40 s on busy cores):
    // about 60 s on a quiet machine, past 90 s at a load of 10.
    test.setTimeout(150_000);
    // The fresh server has no articles yet.
    await page.goto("/articles");
    await expect(page.getByRole("heading", { name: "Latest Insights", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Articles Found Yet" })).toBeVisible();
    await expect(
      page.getByText(
        "Check back soon for new content, or try writing one yourself if you're a premium member!",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Write Article" })).toHaveCount(0);

    await signInDirect(page, uniqueEmail("writer"));
    await makePremium(page);
    await page.goto("/articles");
    await page.getByRole("link", { name: "Write Article" }).click();
    await expect(page).toHaveURL(/\/articles\/new$/);

    const title = page.getByLabel("Title", { exact: true });
    const content = page.getByLabel("Content", { exact: true });
    const author = page.getByLabel("Author", { exact: true });
    const cover = page.getByLabel("Cover Image (optional)");
    const submit = page.getByTestId("article-submit");
    await waitForReact(title);
    await expect(submit).toHaveText("Submit Article");
    await expect(author).toHaveValue("Anonymous Contributor");

    // Too short: no AI check yet, the validation error and its label.
    await title.fill("Short one");
    await expect(page.getByText("Title must be at least 10 characters long.")).toBeVisible();
    await expect(submit).toHaveText("Fix Form Errors");
    await expect(submit).toBeDisabled();

    // Long enough: the title is checked 1.2 s after the last keystroke.
    await title.fill(TITLE);
    await expect(submit).toHaveText("Processing Input...");
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveText("Submit Article", { timeout: 15_000 });
    await expect(page.getByText("Title must be at least 10 characters long.")).toHaveCount(0);

    await content.fill(CONTENT);
    await expect(submit).toHaveText("Processing Input...");
    await expect(submit).toHaveText("Submit Article", { timeout: 15_000 });

    // The preview renders the markdown safely.
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("article-preview");
    await expect(preview.locator("strong")).toHaveText("friendly");
    await expect(preview.getByRole("link", { name: "official tutorial" })).toHaveAttribute(
      "rel",
      "nofollow ugc noopener",
    );
    await expect(preview.getByText("this trick")).toBeVisible();
    await expect(preview.getByRole("link", { name: "this trick" })).toHaveCount(0);
    await page.getByRole("button", { name: "Write" }).click();
    await expect(content).toBeVisible();

    await author.fill("");
    await expect(page.getByText("Author is required.")).toBeVisible();
    await expect(submit).toHaveText("Fix Form Errors");
    await author.fill(AUTHOR);
    await expect(submit).toHaveText("Submit Article");

    // A 3 MB file is refused at once and the input is cleared.
    await cover.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(3 * 1024 * 1024, 1),
    });
    await expect(
      page.locator("#article-image-feedback").getByText("Image size should not exceed 2MB."),
    ).toBeVisible();
    expect(await cover.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    // A real PNG is checked as soon as it is picked.
    await cover.setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: makePng(96, 64),
    });
    await expect(submit).toHaveText("Processing Input...");
    await expect(page.getByAltText("Selected cover preview")).toBeVisible();
    await expect(submit).toHaveText("Submit Article", { timeout: 45_000 });

    await submit.click();
    await expect(page).toHaveURL(/\/articles$/, { timeout: 30_000 });
    await expect(toast(page, /Article added successfully/)).toBeVisible();
    const firstCard = page.locator("#main article").first();
    await expect(firstCard.getByRole("heading", { level: 2 })).toHaveText(TITLE);
    await expect(firstCard.getByText(`By ${AUTHOR}`)).toBeVisible();
    await expect(firstCard.getByText("22 November 2026")).toBeVisible();
    await expect(firstCard.locator('span[title="AI Content Check"]')).toHaveText(/AI Scanned/);
    await expect(firstCard.locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/[a-f0-9]{32}\.webp$/,
    );

    const readMore = firstCard.getByRole("link", { name: /^Read More/ });
    const href = (await readMore.getAttribute("href")) ?? "";
    const id = Number(/^\/article\?id=(\d+)$/.exec(href)?.[1]);
    expect(id).toBeGreaterThan(0);

    await withRequest(page, async (api) => {
      const sitemap = await (await api.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/article?id=${id}</loc>`);

      // The detail page as crawlers and link previews see it.
      const html = await (await api.get(`/article?id=${id}`)).text();
      const head = readHead(html);
      expect(head.title).toBe(`${TITLE} | Kursusku`);
      expect(head.meta["og:type"]).toBe("article");
      expect(head.meta["og:title"]).toBe(TITLE);
      expect(head.meta["og:image"]).toMatch(
        new RegExp(`^${E2E_SITE_URL.replace(/[.]/g, "\\.")}/uploads/[a-f0-9]{32}\\.webp$`),
      );
      expect(head.meta["twitter:card"]).toBe("summary_large_image");
      expect(head.meta["og:description"]).toMatch(/^Python is a friendly first language/);
      expect(head.meta["og:description"]!.length).toBeLessThanOrEqual(160);
      const [articleLd] = jsonLdOfType(head.jsonLd, "Article");
      expect(articleLd?.headline).toBe(TITLE);
      expect(articleLd?.author).toEqual({ "@type": "Person", name: AUTHOR });
      expect(jsonLdOfType(head.jsonLd, "BreadcrumbList")).toHaveLength(1);

      const imageUrl = new URL(head.meta["og:image"]!).pathname;
      const image = await api.get(imageUrl);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/webp");
      expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

      const readable = await api.get(`/articles/belajar-python-${id}`, { maxRedirects: 0 });
      expect(readable.status()).toBe(301);
      expect(readable.headers()["location"]).toBe(`/article?id=${id}`);
    });

    // Open it from the list; Share copies the link where there is no share sheet.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined });
    });
    await readMore.click();
    await expect(page).toHaveURL(new RegExp(`/article\\?id=${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page.getByText(`By ${AUTHOR}`)).toBeVisible();
    await expect(page.getByText("Published on 22 November 2026")).toBeVisible();
    await expect(page.locator('#main span[title="AI Content Check"]')).toBeVisible();
    await expect(page.locator("#main article strong")).toHaveText("friendly");
    await expect(page.getByRole("link", { name: "this trick" })).toHaveCount(0);
    await expect(page.getByText("Enjoyed this article? Share it!")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    const share = page.getByRole("button", { name: "Share" });
    await waitForReact(share);
    await share.click();
    await expect(toast(page, `Link to "${TITLE}" copied!`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${E2E_SITE_URL}/article?id=${id}`,
    );

    await page.getByRole("link", { name: "Back to Articles" }).click();
    await expect(page).toHaveURL(/\/articles$/);

    // Searches run on the server and live in the URL.
    const search = page.getByRole("searchbox", { name: "Search by title or content" });
    const authorSearch = page.getByRole("searchbox", { name: "Search by author" });
    await waitForReact(search);
    await expect(page.getByRole("link", { name: "Clear", exact: true })).toHaveCount(0);
    await search.fill("PYTHON untuk");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/articles\?search=PYTHON\+untuk$/);
    await expect(page.locator("#main article")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Clear", exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/articles$/);
    // The form is rebuilt from the new URL: wait for that before typing into it.
    await expect(page.getByRole("link", { name: "Clear", exact: true })).toHaveCount(0);
    await expect(search).toHaveValue("");
    await authorSearch.fill("budi santoso");
    await authorSearch.press("Enter");
    await expect(page).toHaveURL(/\/articles\?author=budi\+santoso$/);
    await expect(page.locator("#main article")).toHaveCount(1);

    await page.goto("/articles?author=nobody-writes-this");
    await expect(
      page.getByRole("heading", { name: "No Articles Match Your Search" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Try different keywords or clear your search to explore all available insights.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Reset Search" }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(page.locator("#main article")).toHaveCount(1);

    // A second article within 10 minutes: the form says so and stays closed.
    await page.goto("/articles/new");
    await expect(page.getByTestId("article-submit")).toHaveText("Submission Cooldown");
    await expect(
      page.getByText("Please wait 10 minutes before submitting another article."),
    ).toBeVisible();

    // An operator hides it: gone from the page, the list and the sitemap.
    const { stdout } = await run("npx", ["tsx", "scripts/articles.ts", "hide", String(id)], {
      env: cliEnv(),
      timeout: 45_000,
    });
    expect(stdout).toContain(`#${id}`);
    await withRequest(page, async (api) => {
      const hidden = await api.get(`/article?id=${id}`);
      expect(hidden.status()).toBe(404);
      expect(await (await api.get("/sitemap.xml")).text()).not.toContain(`/article?id=${id}<`);
    });
    await page.goto("/articles");
    await expect(page.getByRole("heading", { name: "No Articles Found Yet" })).toBeVisible();
  });

  test("standard users and visitors are told who may write; the server refuses them too", async ({
    page,
  }) => {
    await page.goto("/articles/new");
    await expect(
      page.getByText("Only Premium members or App users can submit articles."),
    ).toBeVisible();
    await expect(page.getByTestId("article-submit")).toHaveCount(0);

    await signInDirect(page, uniqueEmail("standard"));
    await page.goto("/articles/new");
    await expect(page).toHaveTitle("Write New Article | Kursusku");
    await expect(
      page.getByText("Only Premium members or App users can submit articles."),
    ).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await withRequest(page, async (api) => {
      const refused = await api.post("/articles/new", {
        multipart: {
          title: "A perfectly valid title",
          content: "c".repeat(80),
          author: "Sneaky Standard User",
        },
      });
      expect(refused.status()).toBe(403);
    });

    await page.goto("/articles");
    await expect(page.getByRole("link", { name: "Write Article" })).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("an app user may write, under their e-mail", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: APP_UA });
    try {
      const page = await context.newPage();
      const email = uniqueEmail("app-writer");
      await signInDirect(page, email);
      await page.goto("/articles");
      await expect(page.getByRole("link", { name: "Write Article" })).toBeVisible();
      await page.goto("/articles/new");
      const author = page.getByLabel("Author", { exact: true });
      await expect(author).toHaveValue(email);
      await expect(author).toHaveAttribute("readonly", "");
      await expect(page.getByTestId("article-submit")).toHaveText("Submit Article");
    } finally {
      await context.close();
    }
  });

  test("unknown, hidden or malformed article addresses are 404 Article Not Found", async ({
    page,
  }) => {
    for (const path of ["/article?id=999999", "/article?id=abc", "/article", "/articles/no-id"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
      await expect(
        page.getByText("The article you are looking for does not exist or may have been moved."),
      ).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to Articles" }).click();
    await expect(page).toHaveURL(/\/articles$/);
  });

  test("the list's head: title, canonical, breadcrumb and item list", async ({ request }) => {
    const response = await request.get("/articles?search=nothing-matches-this");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const head = readHead(html);
    expect(head.title).toBe("Articles | Kursusku");
    expect(head.links.find((link) => link.rel === "canonical")?.href).toBe(
      `${E2E_SITE_URL}/articles?search=nothing-matches-this`,
    );
    const [crumbs] = jsonLdOfType(head.jsonLd, "BreadcrumbList");
    expect(crumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${E2E_SITE_URL}/` },
      { "@type": "ListItem", position: 2, name: "Articles", item: `${E2E_SITE_URL}/articles` },
    ]);
    expect(jsonLdOfType(head.jsonLd, "ItemList")).toHaveLength(1);
    expect(html).toContain("No Articles Match Your Search");
    expect(html).toContain("Reset Search");
  });

  test("code in a fenced block is readable in the preview (light theme)", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await signInDirect(page, uniqueEmail("coder"));
    await makePremium(page);
    await page.goto("/articles/new");
    const content = page.getByLabel("Content", { exact: true });
    await waitForReact(content);
    await content.fill("Run this:\n\n```\nnpm install kursusku\n```\n\nThen `npm start`.");
    await page.getByRole("button", { name: "Preview" }).click();
    const block = page.getByTestId("article-preview").locator("pre code");
    await expect(block).toHaveText("npm install kursusku");
    expect(await contrastOf(block)).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG contrast of an element's text against the first background behind it. */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    // The browser turns any CSS colour (Tailwind's are oklch) into sRGB on a canvas.
    const context = document.createElement("canvas").getContext("2d")!;
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    let behind: Element | null = element;
    let background = rgba(getComputedStyle(element).backgroundColor);
    while (background[3] === 0 && behind?.parentElement) {
      behind = behind.parentElement;
      background = rgba(getComputedStyle(behind).backgroundColor);
    }
    if (background[3] === 0) background = [255, 255, 255, 255];
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const [light, dark] = [luminance(rgba(getComputedStyle(element).color)), luminance(background)]
      .sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}
