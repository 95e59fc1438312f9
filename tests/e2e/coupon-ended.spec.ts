import { expect, test } from "@playwright/test";
import { markFirstOpenNoticeSeen } from "./support/credit-notice";
import { E2E_UDEMY_URL } from "./support/env";
import { courseCards, readCards } from "./support/home-page";
import type { ApiCourse } from "./support/api-course";
import { DESKTOP_CHROME_UA, waitForHydration } from "./support/early-taps";

// A coupon can die between the moment the list is shown and the tap on View Course. The site asks
// Udemy (here its stand-in) at that moment: the learner spends nothing and lands on a page that
// says so and offers live courses of the same category. This spec retires a course, so it runs
// with the catalogue-writes project.

test.use({ userAgent: DESKTOP_CHROME_UA });

/** The key Udemy's stand-in knows a course by: its Udemy id (in the image URL), else its slug. */
function udemyKeyOf(course: ApiCourse): string {
  const id = /udemycdn\.com\/course\/\d+x\d+\/(\d+)_/.exec(course.imageUrl ?? "")?.[1];
  return id ?? course.slug;
}

test("a visitor who opens a course whose coupon just died spends nothing and sees live alternatives", async ({
  page,
  request,
}) => {
  await markFirstOpenNoticeSeen(page.context());
  await page.goto("/");
  const badge = page.getByTestId("credit-badge");
  await expect(badge).toBeVisible();
  const creditsBefore = (await badge.textContent())?.trim();

  // A course of a category that has other live courses to offer.
  const listed = (await (await request.get("/api?action=getCourses")).json()) as ApiCourse[];
  const cards = await readCards(page);
  // A course nobody opened yet in this run: the server's clock stands still (FAKE_NOW), so a
  // course checked at an earlier opening counts as "checked in the last 10 minutes" for good.
  const victim = listed.find(
    (course) =>
      course.checkedAt === null &&
      cards.some((card) => card.href === `/go/${course.id}`) &&
      listed.filter((other) => other.courseType === course.courseType).length >= 3,
  );
  expect(victim, "a course on the first page with two others of its category").toBeDefined();
  const killed = await request.post(
    `${E2E_UDEMY_URL}/__fake/courses/${encodeURIComponent(udemyKeyOf(victim!))}`,
    { data: { kind: "expired" } },
  );
  expect(killed.status()).toBe(204);

  const card = courseCards(page).filter({
    has: page.locator(`a[href="/go/${victim!.id}"]`),
  });
  const [ended] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("link", { name: /^View Course/ }).click(),
  ]);
  await ended.waitForLoadState("domcontentloaded");
  expect(new URL(ended.url()).pathname).toBe(`/go/${victim!.id}`);
  await expect(
    ended.getByRole("heading", { level: 1, name: "This coupon has just run out" }),
  ).toBeVisible();
  await expect(ended.getByText("No credit was used.")).toBeVisible();
  await expect(ended.getByTestId("ended-course-title")).toHaveText(victim!.title);
  const alternatives = ended.getByTestId("ended-alternatives").getByRole("link", {
    name: /^View Course/,
  });
  const offered = await alternatives.count();
  expect(offered).toBeGreaterThanOrEqual(2);
  expect(offered).toBeLessThanOrEqual(5);
  for (const href of await alternatives.evaluateAll((links) =>
    links.map((link) => link.getAttribute("href")),
  )) {
    const course = listed.find((candidate) => `/go/${candidate.id}` === href);
    expect(course?.courseType).toBe(victim!.courseType);
    expect(href).not.toBe(`/go/${victim!.id}`);
  }
  await ended.close();

  // Back on the list: the same credits, and the dead course has left it.
  await page.reload();
  await expect(badge).toHaveText(creditsBefore!);
  await expect(page.locator(`a[href="/go/${victim!.id}"]`)).toHaveCount(0);
  const after = (await (await request.get("/api?action=getCourses")).json()) as ApiCourse[];
  expect(after.map((course) => course.id)).not.toContain(victim!.id);
});

test("a signed-in learner whose coupon just died can watch the course for its next free coupon", async ({
  page,
  request,
}) => {
  await markFirstOpenNoticeSeen(page.context());
  const signIn = await page.request.post("/auth/dev", {
    form: { email: `ended-watch-${Date.now()}@example.com`, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  await page.goto("/");
  const listed = (await (await request.get("/api?action=getCourses")).json()) as ApiCourse[];
  const cards = await readCards(page);
  // The last such course: course-page.spec (running alongside) opens the first unchecked one.
  const victim = listed.findLast(
    (course) => course.checkedAt === null && cards.some((card) => card.href === `/go/${course.id}`),
  );
  expect(victim, "a course on the first page nobody opened yet").toBeDefined();
  const killed = await request.post(
    `${E2E_UDEMY_URL}/__fake/courses/${encodeURIComponent(udemyKeyOf(victim!))}`,
    { data: { kind: "expired" } },
  );
  expect(killed.status()).toBe(204);

  await page.goto(`/go/${victim!.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "This coupon has just run out" }),
  ).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Notify me when free" }).click();
  await expect(
    page.getByText("We will tell you when this course is free. Manage alerts on your dashboard."),
  ).toBeVisible();
  await page.goto("/dashboard?tab=alerts");
  await expect(
    page.getByRole("region", { name: "Watched courses (1)" }).getByRole("link", {
      name: victim!.title.slice(0, 20),
    }),
  ).toBeVisible();
});
