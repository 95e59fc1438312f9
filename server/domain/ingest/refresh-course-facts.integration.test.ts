import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qualityScore } from "../../../core/quality-score";
import { startFakeUdemy, type FakeUdemy } from "../../../tests/setup/fake-udemy";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { createUdemyCheck } from "../../adapters/udemy-check/udemy-check";
import { courses } from "../../db/schema";
import { toIngestServices } from "./ingest-services";
import { runIngest } from "./run-sources";

let harness: TestServices;
let udemy: FakeUdemy;

beforeAll(async () => {
  harness = await createTestServices({ now: "2026-11-27T10:00:00+07:00" });
  udemy = await startFakeUdemy();
});

afterAll(async () => {
  await udemy.close();
  await harness.close();
});

/** What a WordPress blog gives: a link, a title, a category; no language, level or rating. */
const blogPost = (slug: string, couponCode: string | null = slug.toUpperCase()) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/${couponCode ? `?couponCode=${couponCode}` : ""}`,
    couponCode,
    title: `[100% OFF] ${slug}`,
    category: "Uncategorized",
    foundAt: new Date("2026-11-27T01:00:00Z"),
  });

function run(records: ReturnType<typeof blogPost>[]) {
  const udemyCheck = createUdemyCheck({
    baseUrl: udemy.baseUrl,
    policy: { timeoutMs: 2_000, maxBytes: 1_000_000, retries: 0, backoffMs: 1, userAgent: "t" },
    sleep: async () => undefined,
  });
  const feeds = createFixtureFeeds([
    { name: "wordpress-blog", kind: "wordpress", answer: records },
  ]);
  return runIngest(toIngestServices(harness.services, { feeds, udemyCheck }));
}

const row = async (slug: string) =>
  (await harness.services.db.select().from(courses).where(eq(courses.slug, slug)))[0];

describe("Udemy's facts for every course, whatever its source", () => {
  it("a WordPress-sourced course gets its language, level, rating and more from Udemy's course API", async () => {
    udemy.setFacts("wp-python", {
      fields: {
        description:
          '<p onclick="steal()">Learn <b>Python</b></p><script>alert(1)</script><iframe src="https://evil.example"></iframe><img src="https://evil.example/x.png">',
      },
    });
    const summary = await run([blogPost("wp-python")]);
    expect(summary.sources[0]).toMatchObject({ added: 1 });
    const course = await row("wp-python");
    expect(course).toMatchObject({
      title: "Wp Python",
      language: "English",
      level: "Beginner",
      udemyRating: 4.55,
      udemyReviews: 1234,
      students: 45678,
      durationMinutes: 330,
      instructor: "Dewi Lestari",
      category: "Development",
      subCategory: "Web Development",
      lastUpdatedOn: "2026-10-14",
      isPaid: true,
      listPriceAmount: 19.99,
      listPriceCurrency: "USD",
      objectives: ["Build a project end to end", "Read and fix real code", "Deploy what you built"],
      active: true,
    });
    expect(course!.udemyId).toBeGreaterThan(0);
    expect(course!.factsFetchedAt).not.toBeNull();
    // Udemy's rating, reviews, students and last update are the "Best first" score's inputs.
    expect(course!.qualityScore).toBeCloseTo(qualityScore(course!, "2026-11-27"), 4);
    expect(course!.qualityScore).toBeGreaterThan(4.5);
    expect(course!.imageUrl).toMatch(/^https:\/\/img-c\.udemycdn\.com\//);
    expect(course!.description).toBe("<p>Learn <strong>Python</strong></p>");
    expect(udemy.factQuestions("wp-python")).toBe(1);

    // The blog's next copy (no language, its own title) does not undo Udemy's word, and the
    // course is not asked again within the week.
    await run([{ ...blogPost("wp-python"), foundAt: new Date("2026-11-27T02:00:00Z") }]);
    expect(await row("wp-python")).toMatchObject({ language: "English", title: "Wp Python" });
    expect(udemy.factQuestions("wp-python")).toBe(1);
  });

  it("a course whose facts could not be fetched keeps its source's fields and is asked next run", async () => {
    udemy.setFacts("wp-busy", { kind: "status", status: 429, retryAfter: "1" });
    const summary = await run([blogPost("wp-busy")]);
    expect(summary.errors.some((error) => error.startsWith("[udemy-facts]"))).toBe(true);
    expect(await row("wp-busy")).toMatchObject({
      active: true,
      language: null,
      factsFetchedAt: null,
    });
    udemy.setFacts("wp-busy", {});
    await run([blogPost("wp-busy")]);
    expect(await row("wp-busy")).toMatchObject({ language: "English", level: "Beginner" });
  });

  it("a link without a coupon code to a paid course is not listed", async () => {
    udemy.set("wp-paid-no-code", { kind: "paid" });
    const summary = await run([blogPost("wp-paid-no-code", null)]);
    expect(summary.sources[0]).toMatchObject({ added: 0, rejectedByCheck: 1 });
    expect(await row("wp-paid-no-code")).toBeUndefined();
    expect(udemy.questions("wp-paid-no-code")).toBe(1);
  });

  it("a link without a coupon code is listed when Udemy says it is free now", async () => {
    udemy.set("wp-free-no-code", { kind: "free", endTime: "2026-11-29T07:05:00Z" });
    await run([blogPost("wp-free-no-code", null)]);
    const course = await row("wp-free-no-code");
    expect(course).toMatchObject({ active: true, couponCode: null });
    expect(course!.expiresAt?.toISOString()).toBe("2026-11-29T07:05:00.000Z");
  });

  it("an always-free course (list price 0, no certificate) is left out, with or without a code", async () => {
    udemy.set("wp-always-free", { kind: "always-free" });
    udemy.set("wp-always-free-code", { kind: "always-free" });
    const summary = await run([
      blogPost("wp-always-free", null),
      blogPost("wp-always-free-code", "FREECODE"),
    ]);
    expect(summary.sources[0]).toMatchObject({ added: 0, rejectedByCheck: 2 });
    expect(await row("wp-always-free")).toBeUndefined();
  });

  it("a listed course Udemy says is free without a coupon, or gone, leaves the list", async () => {
    await run([blogPost("wp-turned-free"), blogPost("wp-removed")]);
    expect((await row("wp-turned-free"))!.active).toBe(true);
    // A week later Udemy says the course is now free for everyone, and the other is gone.
    harness.clock.advance(8 * 24 * 60 * 60 * 1000);
    udemy.setFacts("wp-turned-free", { fields: { is_paid: false, price_detail: null } });
    udemy.setFacts("wp-removed", { kind: "status", status: 404 });
    await run([]);
    expect(await row("wp-turned-free")).toMatchObject({ active: false, isPaid: false });
    expect((await row("wp-removed"))!.active).toBe(false);
  });

  it("never asks Udemy about a course of the demo catalogue", async () => {
    await harness.services.db.insert(courses).values({
      slug: "demo-made-up-course",
      title: "A Made-Up Demo Course",
      link: "https://www.udemy.com/course/demo-made-up-course/",
      category: "Development",
      date: "2026-11-27",
      source: "demo",
      isDemo: true,
    });
    await run([]);
    expect(udemy.factQuestions("demo-made-up-course")).toBe(0);
    expect(await row("demo-made-up-course")).toMatchObject({ active: true, factsFetchedAt: null });
  });
});
