import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { articles, courses, type NewCourseRow } from "../../db/schema";
import { buildAtomFeed, listNewestCoursesForFeed } from "./course-feed";
import { buildSitemapXml, listSitemapEntries } from "./sitemap";

const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";

let t: TestServices;

beforeAll(async () => {
  t = await createTestServices({ now: NOW });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  t.clock.set(NOW);
  await t.services.db.delete(articles);
  await t.services.db.delete(courses);
});

let nextCourse = 0;
function courseRow(overrides: Partial<NewCourseRow> = {}): NewCourseRow {
  nextCourse += 1;
  return {
    slug: `course-${nextCourse}`,
    title: `Course ${nextCourse}`,
    link: `https://www.udemy.com/course/course-${nextCourse}/`,
    couponCode: `SECRET${nextCourse}CODE`,
    couponUrl: `https://www.udemy.com/course/course-${nextCourse}/?couponCode=SECRET${nextCourse}CODE`,
    category: "Development",
    headline: "Learn things",
    date: TODAY,
    source: "test",
    active: true,
    ...overrides,
  };
}

describe("listSitemapEntries", () => {
  it("lists the fixed pages and only published articles, with images and captions", async () => {
    const longTitle = `Belajar & Berkembang ${"x".repeat(200)}`;
    const [withImage, , withoutImage] = await t.services.db
      .insert(articles)
      .values([
        {
          slug: "a",
          title: longTitle,
          content: "c".repeat(60),
          author: "Ani",
          imageKey: "articles/cover.webp",
          createdAt: new Date("2026-11-20T00:00:00Z"),
        },
        {
          slug: "b",
          title: "Hidden one",
          content: "c".repeat(60),
          author: "Budi",
          status: "hidden",
        },
        {
          slug: "c",
          title: "No image",
          content: "c".repeat(60),
          author: "Citra",
          createdAt: new Date("2026-11-21T00:00:00Z"),
        },
      ])
      .returning({ id: articles.id });

    const entries = await listSitemapEntries(t.services);
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));

    expect(byPath.get("/")?.priority).toBe(1);
    expect(byPath.get("/articles")?.priority).toBe(0.9);
    expect(byPath.get("/privacy")).toMatchObject({ priority: 0.3, changefreq: "yearly" });
    expect(byPath.get("/terms-of-service")).toMatchObject({ priority: 0.3, changefreq: "yearly" });
    expect(byPath.get("/contact-us")).toMatchObject({ priority: 0.3, changefreq: "yearly" });
    expect(byPath.get("/downloads")).toMatchObject({ priority: 0.5, changefreq: "monthly" });

    const articlePaths = entries.filter((e) => e.path.startsWith("/article?"));
    expect(articlePaths.map((e) => e.path)).toEqual([
      `/article?id=${withoutImage!.id}`,
      `/article?id=${withImage!.id}`,
    ]);
    const illustrated = byPath.get(`/article?id=${withImage!.id}`)!;
    expect(illustrated).toMatchObject({ priority: 0.8, changefreq: "weekly" });
    expect((illustrated.lastmod as Date).toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(illustrated.image?.path).toBe("/uploads/articles/cover.webp");
    expect(illustrated.image?.caption.length).toBeLessThanOrEqual(150);
    expect(byPath.get(`/article?id=${withoutImage!.id}`)?.image).toBeUndefined();

    const xml = buildSitemapXml("https://kursusku.example", entries);
    expect(xml).toContain(`<loc>https://kursusku.example/article?id=${withImage!.id}</loc>`);
    expect(xml).toContain("<image:caption>Belajar &amp; Berkembang");
    expect(xml).not.toContain("Hidden one");
  });
});

describe("listSitemapEntries: course pages", () => {
  it("lists the page of every listed course, priority 0.7, lastmod the day its coupon was found", async () => {
    await t.services.db
      .insert(courses)
      .values([
        courseRow({ slug: "live-one", date: "2026-11-20" }),
        courseRow({ slug: "live-two", expiresAt: new Date("2026-11-30T00:00:00Z") }),
        courseRow({ slug: "retired", active: false }),
        courseRow({ slug: "expired", expiresAt: new Date("2026-11-22T02:00:00Z") }),
        courseRow({ slug: "tomorrow", date: "2026-11-23" }),
      ]);
    const entries = await listSitemapEntries(t.services);
    const coursePages = entries.filter((entry) => entry.path.startsWith("/course/"));
    expect(coursePages).toEqual([
      { path: "/course/live-one", priority: 0.7, lastmod: "2026-11-20" },
      { path: "/course/live-two", priority: 0.7, lastmod: TODAY },
    ]);
  });
});

describe("listNewestCoursesForFeed", () => {
  it("lists only listed courses, newest first, and never carries a coupon", async () => {
    await t.services.db
      .insert(courses)
      .values([
        courseRow({ title: "Older", date: "2026-11-20" }),
        courseRow({ title: "Newest", date: TODAY }),
        courseRow({ title: "Inactive", active: false }),
        courseRow({ title: "Future", date: "2026-11-23" }),
        courseRow({ title: "Expired", expiresAt: new Date("2026-11-22T02:00:00Z") }),
        courseRow({ title: "Expires later", expiresAt: new Date("2026-11-23T00:00:00Z") }),
      ]);

    const listed = await listNewestCoursesForFeed(t.services, {});
    expect(listed.map((c) => c.title).sort()).toEqual(["Expires later", "Newest", "Older"]);
    expect(listed.at(-1)?.title).toBe("Older");
    for (const item of listed) {
      expect(Object.keys(item)).not.toContain("couponCode");
      expect(Object.keys(item)).not.toContain("couponUrl");
    }

    const xml = buildAtomFeed({
      siteUrl: "https://kursusku.example",
      courses: listed,
      now: t.services.clock.now(),
    });
    expect(xml).not.toMatch(/SECRET\d+CODE/);
    expect(xml).not.toContain("couponCode");

    // Moving the clock a day on makes the future course listed and expires the other one.
    t.clock.set("2026-11-23T10:00:00+07:00");
    const tomorrow = await listNewestCoursesForFeed(t.services, {});
    expect(tomorrow.map((c) => c.title)).toContain("Future");
    expect(tomorrow.map((c) => c.title)).not.toContain("Expires later");
  });

  it("filters by category; an unknown category gives an empty feed", async () => {
    await t.services.db
      .insert(courses)
      .values([
        courseRow({ title: "Design <Basics> & More", category: "Design" }),
        courseRow({ title: "Code", category: "Development" }),
      ]);

    const design = await listNewestCoursesForFeed(t.services, { category: "Design" });
    expect(design.map((c) => c.title)).toEqual(["Design <Basics> & More"]);
    const xml = buildAtomFeed({
      siteUrl: "https://kursusku.example",
      category: "Design",
      courses: design,
      now: t.services.clock.now(),
    });
    expect(xml).toContain("<title>Kursusku — new free courses: Design</title>");
    expect(xml).toContain("Design &lt;Basics&gt; &amp; More");

    expect(await listNewestCoursesForFeed(t.services, { category: "Nope" })).toEqual([]);
  });

  it("returns at most the limit", async () => {
    await t.services.db.insert(courses).values(Array.from({ length: 5 }, () => courseRow()));
    expect(await listNewestCoursesForFeed(t.services, { limit: 3 })).toHaveLength(3);
    expect(await listNewestCoursesForFeed(t.services)).toHaveLength(5);
  });
});
