import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "./support/env";
import { gotoHydrated, readCards } from "./support/home-page";

/**
 * SPEC §4 polling. This spec adds a course to the catalogue the server owns (through the ingest
 * CLI, which hands the import to the running server) and retires it again at the end: it must
 * not run alongside specs that read the catalogue as fixed (see playwright.config.ts).
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

/** `npx tsx scripts/ingest.ts --file …` as an operator would run it next to the server. */
function ingest(name: string, records: unknown[]) {
  const dir = path.resolve("test-results/live-updates");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(records));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/ingest.ts", "--file", file, "--source", "e2e"], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

test.afterAll(async () => {
  // Retire the course again: the same coupon, already expired, leaves the list.
  await ingest("retire.json", [feedRecord("2020-01-01 00:00:00+00:00")]);
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
