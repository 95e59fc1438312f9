import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponRecord } from "../../../tests/setup/api-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { courses, reviews } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import {
  findCourseBySlug,
  listCoursePageReviews,
  listSimilarCourses,
  titleTopicWords,
} from "./course-page";
import { importCouponRecords } from "../ingest/import-records";
import { addReview } from "./reviews";

const NOW = "2026-11-22T10:00:00+07:00";

let t: TestServices;

beforeAll(async () => {
  t = await createTestServices({ now: NOW });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  t.clock.set(NOW);
  await t.services.db.delete(reviews);
  await t.services.db.delete(courses);
});

type Seed = Parameters<typeof couponRecord>[0];

async function seed(...records: Seed[]): Promise<void> {
  const summary = await importCouponRecords(t.services, records.map(couponRecord), "test");
  expect(summary.added).toBe(records.length);
}

async function idOf(slug: string): Promise<number> {
  const course = await findCourseBySlug(t.services, slug);
  expect(course, slug).not.toBeNull();
  return course!.id;
}

describe("findCourseBySlug", () => {
  it("gives Udemy's last update, list price and what the learner will learn once stored", async () => {
    await seed({ slug: "udemy-facts" });
    expect(await findCourseBySlug(t.services, "udemy-facts")).toMatchObject({
      lastUpdatedOn: null,
      listPrice: null,
      objectives: [],
    });
    await t.services.db
      .update(courses)
      .set({
        lastUpdatedOn: "2026-10-14",
        listPriceAmount: 19.99,
        listPriceCurrency: "USD",
        objectives: ["Build a project", ""],
      })
      .where(eq(courses.slug, "udemy-facts"));
    expect(await findCourseBySlug(t.services, "udemy-facts")).toMatchObject({
      lastUpdatedOn: "2026-10-14",
      listPrice: { amount: 19.99, currency: "USD" },
      objectives: ["Build a project"],
    });
  });

  it("finds a listed course with its facts and a sanitised description, never the coupon", async () => {
    await seed({
      slug: "rust-basics",
      title: "Rust Basics",
      headline: "Systems programming",
      description: '<p onclick="x()">Learn <b>Rust</b></p><script>alert(1)</script>',
    });
    const course = await findCourseBySlug(t.services, "rust-basics");
    expect(course).toMatchObject({
      slug: "rust-basics",
      title: "Rust Basics",
      headline: "Systems programming",
      listed: true,
      description: { html: "<p>Learn <strong>Rust</strong></p>", text: "Learn Rust" },
    });
    expect(JSON.stringify(course)).not.toMatch(/SECRETCOUPON|couponCode|couponUrl/);
  });

  it("still finds a course whose coupon expired or was retired, marked not listed", async () => {
    await seed(
      { slug: "expired", expiresAt: new Date("2026-11-22T02:59:00Z") },
      { slug: "retired" },
    );
    await t.services.db.update(courses).set({ active: false }).where(eq(courses.slug, "retired"));
    expect((await findCourseBySlug(t.services, "expired"))?.listed).toBe(false);
    expect((await findCourseBySlug(t.services, "retired"))?.listed).toBe(false);
  });

  it("answers null for a slug no course has", async () => {
    expect(await findCourseBySlug(t.services, "no-such-course")).toBeNull();
  });
});

describe("listCoursePageReviews", () => {
  it("lists the course's reviews newest first, by display name only", async () => {
    await seed({ slug: "reviewed" }, { slug: "other" });
    const courseId = await idOf("reviewed");
    const ani = await signInWithLocalIdentity(t.services, { email: "ani.lestari@example.com" });
    const budi = await signInWithLocalIdentity(t.services, { email: "budi@example.com" });
    await addReview(t.services, ani.user.id, { courseId, rating: 4, text: "Good" });
    t.clock.set("2026-11-22T11:00:00+07:00");
    await addReview(t.services, budi.user.id, { courseId, rating: 5, text: "Great" });
    await addReview(t.services, budi.user.id, {
      courseId: await idOf("other"),
      rating: 1,
      text: "Other course",
    });

    const listed = await listCoursePageReviews(t.services, {
      link: "https://www.udemy.com/course/reviewed/",
    });
    expect(listed.map((review) => [review.review, review.rating])).toEqual([
      ["Great", 5],
      ["Good", 4],
    ]);
    expect(listed.map((review) => review.userName)).toEqual(["bu***", "an***"]);
    expect(JSON.stringify(listed)).not.toContain(ani.user.id);
    expect(listed[0]!.date).toBe("2026-11-22");
  });
});

describe("listSimilarCourses", () => {
  it("offers the same sub-category first, then the category, then shared title words", async () => {
    await seed(
      { slug: "me", title: "Django for Web Apps", category: "Development", subCategory: "Web" },
      { slug: "same-sub-old", title: "HTML", subCategory: "Web", foundAt: day(18) },
      { slug: "same-sub-django", title: "Django REST APIs", subCategory: "Web", foundAt: day(17) },
      { slug: "same-sub-new", title: "CSS Grid", subCategory: "Web", foundAt: day(21) },
      { slug: "same-category", title: "Kotlin", subCategory: "Mobile" },
      {
        slug: "other-category-django",
        title: "Django Marketing Sites",
        category: "Marketing",
        subCategory: "SEO",
      },
      { slug: "unrelated", title: "Bookkeeping", category: "Finance", subCategory: "Tax" },
      {
        slug: "expired-web",
        title: "Django Expired",
        subCategory: "Web",
        expiresAt: new Date("2026-11-21T00:00:00Z"),
      },
    );
    const me = (await findCourseBySlug(t.services, "me"))!;
    const similar = await listSimilarCourses(t.services, me);
    expect(similar.map((course) => course.slug)).toEqual([
      // The same sub-category, the one sharing "django" first, then newest first.
      "same-sub-django",
      "same-sub-new",
      "same-sub-old",
      "same-category",
      "other-category-django",
    ]);
  });

  it("offers at most six, never the course itself", async () => {
    await seed(
      ...Array.from({ length: 9 }, (_, index) => ({ slug: `web-${index}`, subCategory: "Web" })),
    );
    const me = (await findCourseBySlug(t.services, "web-0"))!;
    const similar = await listSimilarCourses(t.services, me);
    expect(similar).toHaveLength(6);
    expect(similar.map((course) => course.id)).not.toContain(me.id);
  });
});

describe("titleTopicWords", () => {
  it("keeps the topic words of a title, dropping generic course words and years", () => {
    expect(
      titleTopicWords("The Complete Python Bootcamp 2026: From Zero to Hero in Python"),
    ).toEqual(["python"]);
    expect(titleTopicWords("C++ and C# for Beginners")).toEqual(["c++", "c#"]);
    expect(titleTopicWords("Machine Learning A-Z: AI, Python & R")).toEqual([
      "machine",
      "ai",
      "python",
    ]);
  });
});

/** A sighting on the given November 2026 day. */
function day(date: number): Date {
  return new Date(`2026-11-${String(date).padStart(2, "0")}T02:00:00Z`);
}
