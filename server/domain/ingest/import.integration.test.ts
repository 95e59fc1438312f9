import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses, favourites, ingestRuns, reviews, users, visits } from "../../db/schema";
import { listCourses } from "../catalog/catalog";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { importCouponFile } from "./import-file";
import { importCouponRecords } from "./import-records";
import { runRecordedImport } from "./ingest-runs";
import { toIngestServices } from "./ingest-services";
import { canonicalCourseLink } from "./record-to-course";
import { runIngest } from "./run-sources";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const samplePath = path.resolve(repoRoot, "../shared/data/udemy-coupons-sample.json");

/** A coupon as a feed adapter hands it over; `slug` picks the course. */
function coupon(slug: string, overrides: Partial<CouponRecord> = {}): CouponRecord {
  const couponCode = overrides.couponCode === undefined ? "CODE1" : overrides.couponCode;
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode ?? ""}`,
    couponCode,
    title: `Course ${slug}`,
    category: "Development",
    subCategory: "Web Development",
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: "A headline",
    description: "<p>Description</p>",
    imageUrl: "https://img-c.udemycdn.com/course/750x422/1.jpg",
    durationMinutes: 120,
    udemyRating: 4.5,
    udemyReviews: 100,
    students: 2000,
    usesRemaining: 500,
    expiresAt: new Date("2024-03-20T00:00:00Z"),
    foundAt: new Date("2024-03-05T03:00:00Z"),
    ...overrides,
  };
}

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: "2024-03-06T10:00:00+07:00" });
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(reviews);
  await harness.services.db.delete(favourites);
  await harness.services.db.delete(visits);
  await harness.services.db.delete(users);
  await harness.services.db.delete(courses);
  await harness.services.db.delete(ingestRuns);
  harness.clock.set("2024-03-06T10:00:00+07:00");
});

const allCourses = () => harness.services.db.select().from(courses).orderBy(asc(courses.id));

const courseByLink = async (link: string) => {
  const [row] = await harness.services.db.select().from(courses).where(eq(courses.link, link));
  return row;
};

describe("canonicalCourseLink", () => {
  it("drops the query (coupon) and fragment and ends with one slash", () => {
    expect(
      canonicalCourseLink("https://www.udemy.com/course/python-101/?couponCode=ABC#reviews"),
    ).toBe("https://www.udemy.com/course/python-101/");
    expect(canonicalCourseLink("https://www.udemy.com/course/python-101")).toBe(
      "https://www.udemy.com/course/python-101/",
    );
    expect(canonicalCourseLink("https://www.udemy.com/course/python-101///")).toBe(
      "https://www.udemy.com/course/python-101/",
    );
  });

  it("lower-cases the host and the slug, trims, and serves everything over https", () => {
    expect(canonicalCourseLink("  https://WWW.Udemy.COM/course/Python-101/  ")).toBe(
      "https://www.udemy.com/course/python-101/",
    );
    expect(canonicalCourseLink("http://www.udemy.com/course/x/")).toBe(
      "https://www.udemy.com/course/x/",
    );
  });

  it("reduces any Udemy course URL to https://www.udemy.com/course/<slug>/", () => {
    expect(canonicalCourseLink("https://udemy.com/course/python-101/learn/lecture/42#x")).toBe(
      "https://www.udemy.com/course/python-101/",
    );
    expect(
      canonicalCourseLink(
        `https://trk.udemy.com/c/1?u=${encodeURIComponent("https://www.udemy.com/course/x/?couponCode=A")}`,
      ),
    ).toBe("https://www.udemy.com/course/x/");
  });

  it("gives null for non-http URLs, non-URLs and bare hosts", () => {
    expect(canonicalCourseLink("ftp://www.udemy.com/course/x/")).toBeNull();
    expect(canonicalCourseLink("javascript:alert(1)")).toBeNull();
    expect(canonicalCourseLink("mailto:a@b.c")).toBeNull();
    expect(canonicalCourseLink("not a url")).toBeNull();
    expect(canonicalCourseLink("")).toBeNull();
    expect(canonicalCourseLink("https://www.udemy.com/")).toBeNull();
    expect(canonicalCourseLink("https://www.udemy.com")).toBeNull();
  });
});

describe("importCouponRecords", () => {
  it("adds new courses keyed by canonical link, with the Jakarta day they were found", async () => {
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("python-101", { foundAt: new Date("2024-03-05T16:59:59Z") }),
        coupon("react-basics", { foundAt: new Date("2024-03-05T17:00:00Z"), couponCode: "R2" }),
      ],
      "test",
    );
    expect(summary).toEqual({
      found: 2,
      added: 2,
      updated: 0,
      unchanged: 0,
      rejected: [],
      rejectedByCheck: 0,
      unverified: 0,
    });
    const rows = await allCourses();
    expect(rows.map((row) => [row.link, row.slug, row.date])).toEqual([
      ["https://www.udemy.com/course/python-101/", "python-101", "2024-03-05"],
      ["https://www.udemy.com/course/react-basics/", "react-basics", "2024-03-06"],
    ]);
    const [python] = rows;
    expect(python).toMatchObject({
      title: "Course python-101",
      category: "Development",
      language: "English",
      udemyRating: 4.5,
      students: 2000,
      source: "test",
      active: true,
      reviewCount: 0,
      reviewAverage: null,
    });
    expect(python!.expiresAt?.toISOString()).toBe("2024-03-20T00:00:00.000Z");
    expect(python!.firstSeenAt.toISOString()).toBe("2024-03-05T16:59:59.000Z");
  });

  it("stores the coupon code and coupon URL privately", async () => {
    await importCouponRecords(
      harness.services,
      [
        coupon("python-101", { couponCode: "MAR_2024-X" }),
        coupon("no-coupon", { couponCode: null }),
      ],
      "test",
    );
    const python = await courseByLink("https://www.udemy.com/course/python-101/");
    expect(python?.couponCode).toBe("MAR_2024-X");
    expect(python?.couponUrl).toBe(
      "https://www.udemy.com/course/python-101/?couponCode=MAR_2024-X",
    );
    const plain = await courseByLink("https://www.udemy.com/course/no-coupon/");
    expect(plain?.couponCode).toBeNull();
    expect(plain?.couponUrl).toBe("https://www.udemy.com/course/no-coupon/");
  });

  it("cleans the title, guesses a missing category and drops non-http images", async () => {
    await importCouponRecords(
      harness.services,
      [
        coupon("messy", {
          title: "  Learn\n  Python   fast ",
          category: "  ",
          subCategory: null,
          imageUrl: "javascript:alert(1)",
        }),
        coupon("unguessable", { title: "Learn fast", category: null, subCategory: null }),
      ],
      "test",
    );
    const row = await courseByLink("https://www.udemy.com/course/messy/");
    expect(row?.title).toBe("Learn Python fast");
    expect(row?.category).toBe("Development");
    expect(row?.imageUrl).toBeNull();
    expect((await courseByLink("https://www.udemy.com/course/unguessable/"))?.category).toBe(
      "Other",
    );
  });

  it("normalises what feeds send: title noise, entities, categories, languages, wrapped links", async () => {
    const target = "https://udemy.com/course/django-apps/learn/lecture/1?couponCode=DJ";
    await importCouponRecords(
      harness.services,
      [
        coupon("ignored", {
          courseUrl: `https://click.linksynergy.com/deeplink?id=x&murl=${encodeURIComponent(target)}`,
          couponCode: "DJ",
          title: "[100% OFF] Python &amp; Django Apps - Udemy Coupon",
          category: "IT and Software",
          language: "es_ES",
        }),
      ],
      "test",
    );
    const [row] = await allCourses();
    expect(row).toMatchObject({
      link: "https://www.udemy.com/course/django-apps/",
      slug: "django-apps",
      couponUrl: "https://www.udemy.com/course/django-apps/?couponCode=DJ",
      title: "Python & Django Apps",
      category: "IT & Software",
      language: "Spanish",
    });
  });

  it("changes nothing when the same records are imported again", async () => {
    const records = [
      coupon("a"),
      coupon("b", { couponCode: "B" }),
      coupon("c", { couponCode: null }),
    ];
    await importCouponRecords(harness.services, records, "test");
    const before = await allCourses();
    const again = await importCouponRecords(harness.services, records, "test");
    expect(again).toEqual({
      found: 3,
      added: 0,
      updated: 0,
      unchanged: 3,
      rejected: [],
      rejectedByCheck: 0,
      unverified: 0,
    });
    expect(await allCourses()).toEqual(before);
  });

  it("updates a course in place when its coupon changes, moving its date to the new day", async () => {
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "OLD" })],
      "test",
    );
    const [original] = await allCourses();

    harness.clock.set("2024-03-09T10:00:00+07:00");
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("python-101", {
          couponCode: "NEW",
          foundAt: new Date("2024-03-09T01:00:00Z"),
          expiresAt: new Date("2024-03-25T00:00:00Z"),
        }),
      ],
      "test",
    );
    expect(summary).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const rows = await allCourses();
    expect(rows).toHaveLength(1);
    const [current] = rows;
    expect(current!.id).toBe(original!.id);
    expect(current!.couponCode).toBe("NEW");
    expect(current!.couponUrl).toBe("https://www.udemy.com/course/python-101/?couponCode=NEW");
    expect(current!.date).toBe("2024-03-09");
    expect(current!.expiresAt?.toISOString()).toBe("2024-03-25T00:00:00.000Z");
    expect(current!.lastSeenAt.toISOString()).toBe("2024-03-09T01:00:00.000Z");
    // The course was first seen with its first coupon.
    expect(current!.firstSeenAt.toISOString()).toBe(original!.firstSeenAt.toISOString());
  });

  it("never lets an older record overwrite a newer one", async () => {
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "NEWER", foundAt: new Date("2024-03-09T01:00:00Z") })],
      "test",
    );
    const before = await allCourses();
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("python-101", {
          couponCode: "OLDER",
          students: 1,
          foundAt: new Date("2024-03-02T01:00:00Z"),
        }),
      ],
      "test",
    );
    expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await allCourses()).toEqual(before);
    expect(before[0]!.couponCode).toBe("NEWER");
  });

  it("keeps the newest record of a course within one import, whatever the order", async () => {
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("python-101", { couponCode: "NEWER", foundAt: new Date("2024-03-09T01:00:00Z") }),
        coupon("python-101", { couponCode: "OLDER", foundAt: new Date("2024-03-02T01:00:00Z") }),
      ],
      "test",
    );
    expect(summary).toEqual({
      found: 2,
      added: 1,
      updated: 0,
      unchanged: 0,
      rejected: [],
      rejectedByCheck: 0,
      unverified: 0,
    });
    const [row] = await allCourses();
    expect(row!.couponCode).toBe("NEWER");
    expect(row!.date).toBe("2024-03-09");
  });

  it("moves last_seen_at on a re-sighting without counting it as an update", async () => {
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { foundAt: new Date("2024-03-05T03:00:00Z") })],
      "feed-a",
    );
    const [before] = await allCourses();
    const again = await importCouponRecords(
      harness.services,
      [coupon("python-101", { foundAt: new Date("2024-03-07T03:00:00Z") })],
      "feed-b",
    );
    expect(again).toEqual({
      found: 1,
      added: 0,
      updated: 0,
      unchanged: 1,
      rejected: [],
      rejectedByCheck: 0,
      unverified: 0,
    });
    const [after] = await allCourses();
    expect(after!.lastSeenAt.toISOString()).toBe("2024-03-07T03:00:00.000Z");
    // The source that saw it last vouches for it now; nothing else moved.
    expect(after).toEqual({ ...before, lastSeenAt: after!.lastSeenAt, source: "feed-b" });
  });

  it("never lets an out-of-order older import replace a coupon that was re-seen later", async () => {
    // Coupon A found on the 2nd and seen again, unchanged, on the 9th; then an import of a
    // snapshot from the 5th arrives with another coupon. The 9th is newer: A stays.
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "A", foundAt: new Date("2024-03-02T01:00:00Z") })],
      "test",
    );
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "A", foundAt: new Date("2024-03-09T01:00:00Z") })],
      "test",
    );
    const late = await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "B", foundAt: new Date("2024-03-05T01:00:00Z") })],
      "test",
    );
    expect(late).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    const [row] = await allCourses();
    expect(row).toMatchObject({ couponCode: "A", date: "2024-03-02" });
  });

  it("keeps the course's id, reviews, favourites and history when its coupon changes", async () => {
    const { db } = harness.services;
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "OLD" })],
      "test",
    );
    const [course] = await allCourses();
    await db.insert(users).values({ id: "user-1", email: "andi@example.com" });
    await db
      .insert(reviews)
      .values({ courseId: course!.id, userId: "user-1", rating: 5, text: "Top" });
    await db.insert(favourites).values({ subject: "user-1", courseId: course!.id });
    await db.insert(visits).values({ subject: "user-1", courseId: course!.id, day: "2024-03-05" });

    const summary = await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "NEW", foundAt: new Date("2024-03-08T01:00:00Z") })],
      "test",
    );
    expect(summary).toMatchObject({ added: 0, updated: 1 });
    const [after] = await allCourses();
    expect(after).toMatchObject({ id: course!.id, couponCode: "NEW", date: "2024-03-08" });
    const kept = await db.select().from(reviews).where(eq(reviews.courseId, course!.id));
    expect(kept.map((review) => [review.userId, review.rating, review.text])).toEqual([
      ["user-1", 5, "Top"],
    ]);
    expect(
      await db.select().from(favourites).where(eq(favourites.courseId, course!.id)),
    ).toHaveLength(1);
    expect(await db.select().from(visits).where(eq(visits.courseId, course!.id))).toHaveLength(1);
  });

  it("keeps a retired coupon retired when it is listed again, and brings the course back with a new one", async () => {
    const { db } = harness.services;
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "A" })],
      "test",
    );
    await db.update(courses).set({ active: false });

    const same = await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "A", foundAt: new Date("2024-03-06T01:00:00Z") })],
      "test",
    );
    expect(same).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await allCourses())[0]!.active).toBe(false);

    const fresh = await importCouponRecords(
      harness.services,
      [coupon("python-101", { couponCode: "B", foundAt: new Date("2024-03-06T02:00:00Z") })],
      "test",
    );
    expect(fresh).toMatchObject({ updated: 1 });
    expect((await allCourses())[0]).toMatchObject({ active: true, couponCode: "B" });
  });

  it("keeps the original date when the same coupon is seen again on a later day", async () => {
    await importCouponRecords(
      harness.services,
      [coupon("python-101", { foundAt: new Date("2024-03-05T03:00:00Z") })],
      "test",
    );
    // Seen again, identical: nothing to write.
    const identical = await importCouponRecords(
      harness.services,
      [coupon("python-101", { foundAt: new Date("2024-03-08T03:00:00Z") })],
      "test",
    );
    expect(identical).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    // Seen again with fresher numbers: updated, but still the day the coupon was found.
    const fresher = await importCouponRecords(
      harness.services,
      [
        coupon("python-101", {
          students: 2500,
          usesRemaining: 320,
          foundAt: new Date("2024-03-10T03:00:00Z"),
        }),
      ],
      "test",
    );
    expect(fresher).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const [row] = await allCourses();
    expect(row!.date).toBe("2024-03-05");
    expect(row!.students).toBe(2500);
    expect(row!.usesRemaining).toBe(320);
    expect(row!.lastSeenAt.toISOString()).toBe("2024-03-10T03:00:00.000Z");
  });

  it("dates a coupon by its earliest sighting within one import, whatever the order", async () => {
    await importCouponRecords(
      harness.services,
      [
        coupon("in-order", { foundAt: new Date("2024-03-02T03:00:00Z") }),
        coupon("in-order", { foundAt: new Date("2024-03-05T03:00:00Z"), students: 9 }),
        coupon("reversed", { foundAt: new Date("2024-03-05T03:00:00Z"), students: 9 }),
        coupon("reversed", { foundAt: new Date("2024-03-02T03:00:00Z") }),
      ],
      "test",
    );
    const inOrder = await courseByLink("https://www.udemy.com/course/in-order/");
    const reversed = await courseByLink("https://www.udemy.com/course/reversed/");
    expect(inOrder).toMatchObject({ date: "2024-03-02", students: 9 });
    expect(reversed).toMatchObject({ date: "2024-03-02", students: 9 });
  });

  it("rejects unusable records with a reason and imports the rest", async () => {
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("good"),
        { ...coupon("x"), courseUrl: "ftp://www.udemy.com/course/x/" },
        { ...coupon("y"), courseUrl: "https://www.udemy.com/" },
        coupon("blank-title", { title: "   " }),
      ],
      "test",
    );
    expect(summary.found).toBe(4);
    expect(summary.added).toBe(1);
    expect(summary.rejected).toEqual([
      'not a Udemy course URL "ftp://www.udemy.com/course/x/"',
      'not a Udemy course URL "https://www.udemy.com/"',
      "empty title for https://www.udemy.com/course/blank-title/",
    ]);
    expect((await allCourses()).map((row) => row.slug)).toEqual(["good"]);
  });

  it("stores an expired coupon but the catalogue never lists it", async () => {
    const summary = await importCouponRecords(
      harness.services,
      [
        coupon("expired", { expiresAt: new Date("2024-03-06T02:59:59Z") }),
        coupon("live", { expiresAt: new Date("2024-03-07T00:00:00Z") }),
      ],
      "test",
    );
    expect(summary).toMatchObject({ added: 2, rejected: [] });
    const page = await listCourses(harness.services, DEFAULT_COURSE_FILTERS);
    expect(page.courses.map((course) => course.slug)).toEqual(["live"]);
  });

  it("clears the cached catalogue facets only when something changed", async () => {
    const { cache } = harness.services;
    await cache.remember("catalog:facets:x", 60_000, async () => "stale");
    await importCouponRecords(harness.services, [coupon("a")], "test");
    expect(await cache.remember("catalog:facets:x", 60_000, async () => "fresh")).toBe("fresh");
    await importCouponRecords(harness.services, [coupon("a")], "test");
    expect(await cache.remember("catalog:facets:x", 60_000, async () => "newer")).toBe("fresh");
  });
});

describe("runRecordedImport", () => {
  it("records the run with its counts and every rejection", async () => {
    await importCouponRecords(harness.services, [coupon("existing", { couponCode: "A" })], "test");
    const started = harness.clock.now();
    const summary = await runRecordedImport(harness.services, "fixture-feed", async () => {
      harness.clock.advance(5_000);
      return {
        records: [
          coupon("existing", { couponCode: "B", foundAt: new Date("2024-03-06T01:00:00Z") }),
          coupon("fresh"),
          { ...coupon("bad"), courseUrl: "mailto:someone@example.com" },
        ],
        rejected: ["record 7: missing title"],
      };
    });
    expect(summary).toEqual({
      found: 3,
      added: 1,
      updated: 1,
      unchanged: 0,
      rejected: ["record 7: missing title", 'not a Udemy course URL "mailto:someone@example.com"'],
      rejectedByCheck: 0,
      unverified: 0,
    });
    const runs = await harness.services.db.select().from(ingestRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      source: "fixture-feed",
      found: 3,
      added: 1,
      updated: 1,
      errors: ["record 7: missing title", 'not a Udemy course URL "mailto:someone@example.com"'],
    });
    expect(runs[0]!.startedAt.toISOString()).toBe(started.toISOString());
    expect(runs[0]!.finishedAt?.toISOString()).toBe(
      new Date(started.getTime() + 5_000).toISOString(),
    );
  });

  it("records a failed load as an error instead of throwing", async () => {
    const summary = await runRecordedImport(harness.services, "broken-feed", async () => {
      throw new Error("feed unreachable");
    });
    expect(summary).toEqual({
      found: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      rejected: ["Error: feed unreachable"],
      rejectedByCheck: 0,
      unverified: 0,
    });
    const [run] = await harness.services.db.select().from(ingestRuns);
    expect(run).toMatchObject({
      source: "broken-feed",
      found: 0,
      errors: ["Error: feed unreachable"],
    });
    expect(run!.finishedAt).not.toBeNull();
  });
});

describe("importCouponFile on the real sample", () => {
  it("imports 1254 records as 952 courses, then nothing the second time", async () => {
    const first = await importCouponFile(harness.services, { file: samplePath });
    expect(first).toMatchObject({ found: 1254, added: 952, updated: 0, rejected: [] });

    const stored = await harness.services.db
      .select({
        total: sql<number>`count(*)::int`,
        withCoupon: sql<number>`count(*) filter (where coupon_code is not null and coupon_url like link || '?couponCode=%')::int`,
        sources: sql<string[]>`array_agg(distinct source)`,
      })
      .from(courses);
    expect(stored[0]).toEqual({
      total: 952,
      withCoupon: 952,
      sources: ["file:udemy-coupons-sample.json"],
    });

    const second = await importCouponFile(harness.services, { file: samplePath });
    expect(second).toEqual({
      found: 1254,
      added: 0,
      updated: 0,
      unchanged: 952,
      rejected: [],
      rejectedByCheck: 0,
      unverified: 0,
      uncheckedReason: null,
    });

    const runs = await harness.services.db.select().from(ingestRuns).orderBy(asc(ingestRuns.id));
    expect(runs.map((run) => [run.source, run.found, run.added, run.updated])).toEqual([
      ["file:udemy-coupons-sample.json", 1254, 952, 0],
      ["file:udemy-coupons-sample.json", 1254, 0, 0],
    ]);
  });

  it("refuses to import while another run is in progress", async () => {
    let release!: () => void;
    let started!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const feeds = createFixtureFeeds([
      {
        name: "slow",
        answer: async () => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
          return { records: [], rejected: [] };
        },
      },
    ]);
    const holding = runIngest(toIngestServices(harness.services, { feeds }));
    await loading;
    await expect(importCouponFile(harness.services, { file: samplePath })).rejects.toThrow(
      "An ingest run is already in progress.",
    );
    release();
    await holding;
    // Only the run that held the lock was recorded.
    const runs = await harness.services.db.select().from(ingestRuns);
    expect(runs.map((run) => run.source)).toEqual(["all"]);
  });

  it("records an unreadable file as a failed run", async () => {
    const summary = await importCouponFile(harness.services, {
      file: path.join(repoRoot, "does-not-exist.json"),
      source: "missing",
    });
    expect(summary.found).toBe(0);
    expect(summary.rejected).toHaveLength(1);
    expect(summary.rejected[0]).toContain("ENOENT");
    const [run] = await harness.services.db.select().from(ingestRuns);
    expect(run?.source).toBe("missing");
  });
});
