import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { readCards } from "./support/home-page";
import { E2E_SITE_URL } from "./support/html-head";

// Opening a course spends a credit, so /go/:id must act only on a person's click: not for an
// <img> in an article, a HEAD, a prefetch, or a link from another site without a confirmation.
// This spec publishes an article, so it runs with the catalogue-writes project (after the specs
// that expect an empty article list).
test.describe.configure({ mode: "serial", timeout: 120_000 });

const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
test.use({ userAgent: DESKTOP_CHROME_UA });

const run = promisify(execFile);

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Requests with the page's cookies, on a connection of their own. */
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

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/auth/dev", {
    form: { email, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** The viewer's balance and history, as the dashboard shows them. */
async function readAccount(page: Page): Promise<{ credits: string; history: string }> {
  await page.goto("/dashboard?tab=history");
  const badge = page.getByTestId("credit-badge");
  await expect(badge).toBeVisible();
  const history = page.locator("#account-section").getByRole("button", { name: /^History \(/ });
  return {
    credits: (await badge.textContent()) ?? "",
    history: (await history.textContent()) ?? "",
  };
}

async function firstCourseId(page: Page): Promise<number> {
  await page.goto("/");
  const [first] = await readCards(page);
  return Number(/^\/go\/(\d+)$/.exec(first!.href)?.[1]);
}

async function publishArticle(page: Page, content: string): Promise<number> {
  const { stdout } = await run(
    "npx",
    ["tsx", "scripts/codes.ts", "create", "--type", "premium", "--uses", "1"],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? E2E_DATA_DIR },
      timeout: 60_000,
    },
  );
  const code = stdout.trim().split("\n").at(-1) ?? "";
  return withRequest(page, async (api) => {
    const redeemed = await api.post("/redeem", { form: { code } });
    expect(((await redeemed.json()) as { success: boolean }).success).toBe(true);
    const submitted = await api.post("/articles/new", {
      multipart: {
        title: "Images That Try to Open Courses",
        content,
        author: "Go Safety E2E",
      },
      maxRedirects: 0,
    });
    expect(submitted.status(), await submitted.text()).toBe(303);
    const list = await api.get("/articles?search=Images%20That%20Try");
    const id = /href="\/article\?id=(\d+)"/.exec(await list.text())?.[1];
    expect(id, "the new article should be listed").toBeDefined();
    return Number(id);
  });
}

test("an article embedding /go/<id> as images spends nothing of a signed-in reader", async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueEmail("embed-writer"));
  const courseId = await firstCourseId(page);
  const articleId = await publishArticle(
    page,
    [
      "This article tries to open a course with every image below, which it must never do.",
      "",
      `![relative](/go/${courseId})`,
      "",
      `![site](${E2E_SITE_URL}/go/${courseId})`,
      "",
      // The address the browser is really on (the configured site URL says localhost).
      `![served](${E2E_BASE_URL}/go/${courseId})`,
    ].join("\n"),
  );

  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA });
  try {
    const reader = await context.newPage();
    await signIn(reader, uniqueEmail("embed-reader"));
    const before = await readAccount(reader);
    expect(before.credits).toBe("10 credits");

    const imageAnswer = reader.waitForResponse((response) =>
      response.url().startsWith(`${E2E_BASE_URL}/go/`),
    );
    await reader.goto(`/article?id=${articleId}`);
    await expect(
      reader.getByRole("heading", { name: "Images That Try to Open Courses" }),
    ).toBeVisible();
    // The renderer drops images of the site's own pages…
    const sources = await reader
      .locator("article img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
    expect(sources).not.toContain(`/go/${courseId}`);
    expect(sources).not.toContain(`${E2E_SITE_URL}/go/${courseId}`);
    // …and the server refuses the one it could not recognise (an image is not a navigation).
    expect(sources).toContain(`${E2E_BASE_URL}/go/${courseId}`);
    const refused = await imageAnswer;
    expect(refused.status()).toBe(403);
    expect(refused.headers()["cache-control"]).toBe("no-store");

    const after = await readAccount(reader);
    expect(after).toEqual(before);
  } finally {
    await context.close();
  }
});

test("HEAD, prefetch and image requests to /go spend nothing; a click still does", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("head-prefetch"));
  const courseId = await firstCourseId(page);
  const before = await readAccount(page);

  await withRequest(page, async (api) => {
    const head = await api.head(`/go/${courseId}`, { maxRedirects: 0 });
    expect(head.status()).toBe(405);
    expect(head.headers()["cache-control"]).toBe("no-store");
    const notNavigations: Array<Record<string, string>> = [
      { "Sec-Purpose": "prefetch" },
      { "Sec-Purpose": "prefetch;prerender" },
      { Purpose: "prefetch" },
      { "X-Moz": "prefetch" },
      { "X-Purpose": "preview" },
      { "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Site": "same-origin" },
    ];
    for (const headers of notNavigations) {
      const answer = await api.get(`/go/${courseId}`, { headers, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(headers)).toBe(403);
      expect(answer.headers().location).toBeUndefined();
    }
  });
  expect(await readAccount(page)).toEqual(before);

  // A request without fetch metadata (curl, the Android app) opens as before.
  await withRequest(page, async (api) => {
    const opened = await api.get(`/go/${courseId}`, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toMatch(/^https:\/\/www\.udemy\.com\//);
  });
  expect((await readAccount(page)).credits).toBe("9 credits");
});

test("a link from another site shows a confirmation; its button opens the course", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("cross-site"));
  const courseId = await firstCourseId(page);
  const before = await readAccount(page);

  // A chat app's page on another origin, linking to the course.
  await page.route("http://chat.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><a id="shared" href="${E2E_BASE_URL}/go/${courseId}">a course for you</a>`,
    }),
  );
  const udemyRequests: string[] = [];
  await page.route("https://www.udemy.com/**", (route) => {
    udemyRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><p>Udemy</p>" });
  });

  await page.goto("http://chat.example/room");
  await page.click("#shared");
  await expect(page).toHaveURL(`${E2E_BASE_URL}/go/${courseId}`);
  await expect(page.getByRole("heading", { name: "Open This Course?" })).toBeVisible();
  await expect(page.getByTestId("go-course-cost")).toHaveText("Opening it uses 1 of your credits.");
  // Nothing spent, nothing recorded yet.
  expect(udemyRequests).toEqual([]);
  expect(await readAccount(page)).toEqual(before);

  // Back through the chat page (a typed address would open at once), then the one extra tap.
  await page.goto("http://chat.example/room");
  await page.click("#shared");
  await page.getByRole("link", { name: "Open the Course" }).click();
  await expect.poll(() => udemyRequests.length).toBe(1);
  expect(udemyRequests[0]).toMatch(/^https:\/\/www\.udemy\.com\/course\/.+couponCode=/);
  // Let the navigation to Udemy finish before reading the account, or the next goto races it.
  await page.waitForURL(/^https:\/\/www\.udemy\.com\//);
  expect((await readAccount(page)).credits).toBe("9 credits");
});

test("ids beyond PostgreSQL's integer are 404, and redirect targets stay on the site", async ({
  request: api,
}) => {
  for (const id of ["2147483648", "99999999999", "0"]) {
    const answer = await api.get(`/go/${id}`, { maxRedirects: 0 });
    expect(answer.status(), id).toBe(404);
  }
  expect((await api.get("/articles/learn-2147483648", { maxRedirects: 0 })).status()).toBe(404);
  expect((await api.get("/article?id=2147483648", { maxRedirects: 0 })).status()).toBe(404);

  for (const redirectTo of [
    "/\t/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/x\r\nSet-Cookie: a=b",
  ]) {
    const answer = await api.post("/auth/dev", {
      form: { email: uniqueEmail("redirect"), redirectTo },
      maxRedirects: 0,
    });
    expect(answer.status(), JSON.stringify(redirectTo)).toBe(302);
    expect(answer.headers().location).toBe("/");
  }
});
