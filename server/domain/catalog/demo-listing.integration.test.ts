import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import * as m from "../../../core/paraglide/messages";
import {
  couponRecord,
  signInUser,
  startApiTestServer,
  type ApiTestServer,
} from "../../../tests/setup/api-test-server";
import { courses, favourites, reviews, users, visits } from "../../db/schema";
import type { Services } from "../../services";
import { listHistory, openCourse, quoteCourseOpening } from "../accounts/credits";
import { ExampleCourse } from "../common/errors";
import { importCouponRecords } from "../ingest/import-records";
import { listCourses } from "./catalog";
import { generateDemoCatalogue } from "./demo-catalog";
import { isDemoCatalogueListed } from "./demo-listing";
import { listFavourites, setFavourite } from "./favourites";
import { addReview } from "./reviews";
import { seedDemoCatalogueIfEmpty } from "./seed";

const NOW = "2026-11-22T10:00:00+07:00";

let api: ApiTestServer;
let emails = 0;

beforeAll(async () => {
  api = await startApiTestServer({ now: NOW, env: { SEED: "demo" } });
}, 180_000);

afterAll(async () => {
  await api.close();
});

beforeEach(async () => {
  await api.services.db.delete(courses);
  api.services.cache.forget();
  await api.resetRouter();
});

const withSeed = (seed: "demo" | "test"): Services => ({
  ...api.services,
  config: { ...api.services.config, seed },
});

/** A small demo catalogue, as seeding imports it. */
async function seedSmallDemo(): Promise<number[]> {
  await importCouponRecords(
    api.services,
    generateDemoCatalogue(api.clock.now(), { count: 12 }),
    "demo",
    {
      demo: true,
    },
  );
  const rows = await api.services.db.select({ id: courses.id }).from(courses);
  return rows.map((row) => row.id);
}

const listed = async () => listCourses(api.services, { ...DEFAULT_COURSE_FILTERS, page: 1 });

async function newUser() {
  emails += 1;
  return signInUser(api.services, `demo-${emails}@example.com`);
}

async function balanceOf(userId: string) {
  const [row] = await api.services.db
    .select({ balance: users.creditBalance, clicks: users.clickCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

describe("seeding an empty database", () => {
  it("SEED=demo flags every seeded course as a demo course, and the site says a demo is listed", async () => {
    const summary = await seedDemoCatalogueIfEmpty(withSeed("demo"));
    expect(summary?.added).toBe(600);
    const [flagged] = await api.services.db
      .select({ n: count() })
      .from(courses)
      .where(eq(courses.isDemo, true));
    expect(flagged!.n).toBe(600);
    expect(await isDemoCatalogueListed(api.services)).toBe(true);
    expect((await listed()).courses.every((course) => course.demo === true)).toBe(true);
  });

  it("SEED=test seeds the same catalogue as ordinary courses: no demo flag, no banner", async () => {
    await seedDemoCatalogueIfEmpty(withSeed("test"));
    const [flagged] = await api.services.db
      .select({ n: count() })
      .from(courses)
      .where(eq(courses.isDemo, true));
    expect(flagged!.n).toBe(0);
    expect(await isDemoCatalogueListed(api.services)).toBe(false);
    expect((await listed()).courses.some((course) => "demo" in course)).toBe(false);
  });
});

describe("the API", () => {
  it("getCourses says demo: true on a demo course, and nothing of the kind on a real one", async () => {
    await seedSmallDemo();
    await importCouponRecords(api.services, [couponRecord({ slug: "real-one" })], "test");
    // The real course retired the demo ones; bring one back as if no real run had happened yet.
    await api.services.db.update(courses).set({ active: true }).where(eq(courses.isDemo, true));
    api.services.cache.forget();
    const answer = await api.get({ action: "getCourses" });
    expect(answer.status).toBe(200);
    const items = answer.body as Array<Record<string, unknown>>;
    const real = items.filter((item) => item.slug === "real-one");
    expect(real).toHaveLength(1);
    expect(real[0]).not.toHaveProperty("demo");
    const demo = items.filter((item) => item.slug !== "real-one");
    expect(demo.length).toBeGreaterThan(0);
    for (const item of demo) expect(item.demo).toBe(true);
  });

  it("trackCourseClick of a demo course answers 409, reveals no coupon and spends nothing", async () => {
    const [demoId] = await seedSmallDemo();
    const user = await newUser();
    const before = await balanceOf(user.userId);
    const answer = await api.post(
      { action: "trackCourseClick", courseId: demoId },
      { headers: { cookie: user.cookie } },
    );
    expect(answer.status, answer.text).toBe(409);
    expect(answer.text).toContain(m.server_example_course({}, { locale: "en" }));
    expect(answer.text).not.toMatch(/couponCode=|couponUrl/);
    expect(await balanceOf(user.userId)).toEqual(before);
  });
});

describe("opening a demo course", () => {
  it("spends nothing and records no visit, for a member and for a visitor", async () => {
    const [demoId] = await seedSmallDemo();
    const user = await newUser();
    const before = await balanceOf(user.userId);
    const member = { kind: "user", userId: user.userId } as const;
    await expect(openCourse(api.services, member, demoId!)).rejects.toBeInstanceOf(ExampleCourse);
    const visitor = { kind: "anonymous", anonymousId: "demo-visitor", ip: "10.0.0.9" } as const;
    await expect(openCourse(api.services, visitor, demoId!)).rejects.toBeInstanceOf(ExampleCourse);
    expect(await quoteCourseOpening(api.services, visitor, demoId!)).toMatchObject({ cost: 0 });
    expect(await balanceOf(user.userId)).toEqual(before);
    const [recorded] = await api.services.db
      .select({ n: count() })
      .from(visits)
      .where(eq(visits.courseId, demoId!));
    expect(recorded!.n).toBe(0);
  });
});

describe("a real run that lists courses", () => {
  it("takes the demo courses off the list at once, keeping a learner's favourites, history and reviews of them", async () => {
    const [demoId] = await seedSmallDemo();
    const user = await newUser();
    await setFavourite(api.services, user.userId, demoId!, true);
    await addReview(api.services, user.userId, { courseId: demoId!, rating: 4, text: "Neat" });
    // History kept from before (a demo course records no new visit).
    await api.services.db.insert(visits).values({
      subject: user.userId,
      courseId: demoId!,
      visitedAt: api.clock.now(),
      day: api.clock.today(),
    });
    expect(await isDemoCatalogueListed(api.services)).toBe(true);

    const summary = await importCouponRecords(
      api.services,
      [couponRecord({ slug: "first-real-course" })],
      "real-discount",
    );
    expect(summary.added).toBe(1);

    const page = await listed();
    expect(page.courses.map((course) => course.slug)).toEqual(["first-real-course"]);
    expect(await isDemoCatalogueListed(api.services)).toBe(false);
    const [demoRow] = await api.services.db
      .select({ active: courses.active, isDemo: courses.isDemo })
      .from(courses)
      .where(eq(courses.id, demoId!));
    expect(demoRow).toEqual({ active: false, isDemo: true });

    const kept = await listFavourites(api.services, user.userId);
    expect(kept).toEqual([expect.objectContaining({ courseId: demoId, demo: true })]);
    const history = await listHistory(api.services, user.userId);
    expect(history).toEqual([expect.objectContaining({ courseId: demoId, demo: true })]);
    const [review] = await api.services.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.courseId, demoId!), eq(reviews.userId, user.userId)));
    expect(review!.n).toBe(1);
    const [favourite] = await api.services.db
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.courseId, demoId!));
    expect(favourite!.n).toBe(1);
  });

  it("leaves the demo listed when the run lists nothing (no source reached)", async () => {
    await seedSmallDemo();
    const summary = await importCouponRecords(api.services, [], "real-discount");
    expect(summary.added + summary.updated).toBe(0);
    expect(await isDemoCatalogueListed(api.services)).toBe(true);
    expect((await listed()).total).toBe(12);
  });
});
