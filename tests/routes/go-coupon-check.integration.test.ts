import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  newCouponRecord,
  type CouponRecord,
} from "../../server/adapters/coupon-feeds/coupon-record";
import { courses, dailyCounters, visits } from "../../server/db/schema";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { fakeIdForSlug, startFakeUdemy, type FakeUdemy } from "../setup/fake-udemy";
import {
  clickViewCourse,
  BROWSER_UA,
  startWebTestServer,
  type WebTestServer,
} from "../setup/web-test-server";

let udemy: FakeUdemy;
let site: WebTestServer;

function coupon(slug: string, category = "Development"): CouponRecord {
  return newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${slug.toUpperCase()}`,
    couponCode: slug.toUpperCase(),
    title: `Course ${slug}`,
    category,
    language: "English",
    usesRemaining: 500,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    foundAt: new Date("2024-03-06T01:00:00Z"),
  });
}

async function courseId(slug: string): Promise<number> {
  const [row] = await site.services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.slug, slug));
  return row!.id;
}

const open = (id: number, cookie?: string) => clickViewCourse(site.baseUrl, id, cookie);

beforeAll(async () => {
  udemy = await startFakeUdemy();
  site = await startWebTestServer({
    now: "2024-03-06T10:00:00+07:00",
    env: { UDEMY_CHECK: "true", UDEMY_BASE_URL: udemy.baseUrl },
  });
});

afterAll(async () => {
  await site.stop();
  await udemy.close();
});

beforeEach(async () => {
  const { db } = site.services;
  await db.delete(visits);
  await db.delete(dailyCounters);
  await db.delete(courses);
  await importCouponRecords(
    site.services,
    ["dead", "live", "other-a", "other-b", "hanging"].map((slug) => coupon(slug)),
    "test",
  );
  await importCouponRecords(site.services, [coupon("design-a", "Design")], "test");
});

describe("/go asks Udemy at the moment of opening", () => {
  it("spends nothing on a coupon Udemy now calls expired, delists it and offers live courses of its category", async () => {
    udemy.set("dead", { kind: "expired" });
    const deadId = await courseId("dead");
    const response = await open(deadId);
    expect(response.status).toBe(410);
    expect(response.headers.get("location")).toBeNull();
    const page = await response.text();
    expect(page).toContain("This coupon has just run out");
    expect(page).toContain("No credit was used.");
    for (const slug of ["live", "other-a", "other-b", "hanging"]) {
      expect(page).toContain(`/go/${await courseId(slug)}`);
    }
    expect(page).not.toContain(`/go/${await courseId("design-a")}`);
    expect(page).not.toContain("couponCode=DEAD");

    expect(await site.services.db.select().from(visits)).toEqual([]);
    expect(await site.services.db.select().from(dailyCounters)).toEqual([]);
    const [row] = await site.services.db.select().from(courses).where(eq(courses.id, deadId));
    expect(row!.active).toBe(false);
    const home = await (
      await fetch(`${site.baseUrl}/`, { headers: { "user-agent": BROWSER_UA } })
    ).text();
    expect(home).not.toContain("Course dead");
    expect(home).toContain("Course live");
  });

  it("opens a live coupon, storing what Udemy said, and trusts that answer for 10 minutes", async () => {
    udemy.set("live", { kind: "free", endTime: "2024-03-07T00:00:00Z", usesRemaining: 42 });
    const liveId = await courseId("live");
    const first = await open(liveId);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(
      "https://www.udemy.com/course/live/?couponCode=LIVE",
    );
    const [row] = await site.services.db.select().from(courses).where(eq(courses.id, liveId));
    expect(row).toMatchObject({ usesRemaining: 42 });
    expect(row!.expiresAt?.toISOString()).toBe("2024-03-07T00:00:00.000Z");
    expect(row!.checkedAt?.toISOString()).toBe(site.clock.now().toISOString());
    expect(udemy.questions("live")).toBe(1);

    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    site.clock.advance(9 * 60_000);
    expect((await open(liveId, cookie)).status).toBe(302);
    expect(udemy.questions("live")).toBe(1);
    site.clock.advance(2 * 60_000);
    expect((await open(liveId, cookie)).status).toBe(302);
    expect(udemy.questions("live")).toBe(2);
  });

  it("opens the course within about 2 seconds when Udemy hangs, and when Udemy refuses", async () => {
    udemy.set("hanging", { kind: "hang" });
    const started = Date.now();
    const response = await open(await courseId("hanging"));
    const waited = Date.now() - started;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("couponCode=HANGING");
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(4_000);

    udemy.set("other-a", { kind: "status", status: 429 });
    expect((await open(await courseId("other-a"))).status).toBe(302);
    const [row] = await site.services.db.select().from(courses).where(eq(courses.slug, "other-a"));
    expect(row).toMatchObject({ active: true, checkedAt: null });
  });

  it("asks Udemy once for concurrent opens of the same coupon", async () => {
    udemy.set("other-b", { kind: "free" });
    const id = await courseId("other-b");
    const answers = await Promise.all(Array.from({ length: 5 }, () => open(id)));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    expect(udemy.questions(fakeIdForSlug("other-b"))).toBe(1);
  });
});
