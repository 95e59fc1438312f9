import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { alertDeliveries, courses } from "../../db/schema";
import { toIngestServices } from "../ingest/ingest-services";
import { runIngest } from "../ingest/run-sources";
import { addUser, couponRecord } from "../../../tests/setup/alert-fixtures";
import { queueAlertsForNewCoupons } from "./match-new-coupons";
import { saveSearch } from "./saved-searches";
import { watchCourse } from "./watches";

let harness: TestServices;
/** What the fixture source serves on the next run. */
let served: CouponRecord[] = [];

beforeEach(async () => {
  harness = await createTestServices({ now: "2026-11-23T05:00:00+07:00" });
  served = [];
});
afterEach(() => harness.close());

function ingest() {
  const services = toIngestServices(harness.services, {
    feeds: createFixtureFeeds([
      { name: "fixture", answer: () => Promise.resolve({ records: served, rejected: [] }) },
    ]),
  });
  return runIngest(services);
}

async function deliveries() {
  return harness.services.db
    .select({
      userId: alertDeliveries.userId,
      slug: courses.slug,
      couponCode: alertDeliveries.couponCode,
      channel: alertDeliveries.channel,
      reason: alertDeliveries.reason,
      status: alertDeliveries.status,
    })
    .from(alertDeliveries)
    .innerJoin(courses, eq(courses.id, alertDeliveries.courseId))
    .orderBy(asc(alertDeliveries.userId), asc(courses.slug), asc(alertDeliveries.couponCode));
}

const search = (
  words: string,
  fields: Partial<{ type: string; language: string; rating: number }> = {},
) => ({
  search: words,
  type: fields.type ?? "",
  language: fields.language ?? "",
  rating: fields.rating ?? 0,
});

describe("alert matching after an ingest run", () => {
  it("queues one delivery per user and channel for a watched course and a matching search, once", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await addUser(services, "budi");
    await addUser(services, "citra");
    await addUser(services, "dewi", { enabled: false });
    await addUser(services, "eko");
    // Watched before any source lists it: an unlisted stub course.
    const stub = await watchCourse(services, "ana", {
      link: "https://www.udemy.com/course/rust-for-everyone/",
    });
    expect(stub.listed).toBe(false);
    await watchCourse(services, "citra", { courseId: stub.courseId });
    await saveSearch(services, "citra", search("rust"));
    await saveSearch(services, "budi", search("PYTHON data", { type: "Development" }));
    await saveSearch(services, "budi", search("analysis"));
    await saveSearch(services, "dewi", search("python"));
    await saveSearch(services, "eko", search("python", { type: "Music" }));
    await saveSearch(services, "eko", search("django"));

    served = [
      couponRecord(services, "rust-for-everyone", "Rust for Everyone", "RUST1"),
      couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1"),
      couponRecord(services, "cooking-basics", "Cooking Basics", "COOK1", {
        category: "Lifestyle",
      }),
    ];
    const first = await ingest();
    expect(first.alerts).toEqual({ coupons: 3, queued: 3 });
    expect(await deliveries()).toEqual([
      {
        userId: "ana",
        slug: "rust-for-everyone",
        couponCode: "RUST1",
        channel: "email",
        reason: "watch",
        status: "pending",
      },
      {
        userId: "budi",
        slug: "python-data-analysis",
        couponCode: "PY1",
        channel: "email",
        reason: "search",
        status: "pending",
      },
      {
        userId: "citra",
        slug: "rust-for-everyone",
        couponCode: "RUST1",
        channel: "email",
        reason: "watch",
        status: "pending",
      },
    ]);
    // The stub became the listed course (same row), with the source's facts.
    const [listed] = await services.db.select().from(courses).where(eq(courses.id, stub.courseId));
    expect(listed).toMatchObject({ active: true, title: "Rust for Everyone", couponCode: "RUST1" });

    const again = await ingest();
    expect(again.alerts).toEqual({ coupons: 0, queued: 0 });
    expect(await deliveries()).toHaveLength(3);
  });

  it("tells watchers of every new coupon, and a saved search never of the same course twice", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await addUser(services, "budi");
    served = [couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1")];
    await ingest();
    const [course] = await services.db.select({ id: courses.id }).from(courses);
    await watchCourse(services, "ana", { courseId: course!.id });
    await saveSearch(services, "budi", search("python"));

    harness.clock.advance(86_400_000);
    served = [couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY2")];
    expect((await ingest()).alerts).toEqual({ coupons: 1, queued: 2 });
    harness.clock.advance(86_400_000);
    served = [couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY3")];
    expect((await ingest()).alerts).toEqual({ coupons: 1, queued: 1 });
    expect((await deliveries()).map((row) => [row.userId, row.couponCode, row.reason])).toEqual([
      ["ana", "PY2", "watch"],
      ["ana", "PY3", "watch"],
      ["budi", "PY2", "search"],
    ]);
  });

  it("matches words anywhere in the title, short words, filters alone, and our minimum rating", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await addUser(services, "budi");
    await addUser(services, "citra");
    await saveSearch(services, "ana", search("go"));
    await saveSearch(services, "ana", search("script java"));
    await saveSearch(services, "budi", search("", { language: "Indonesian" }));
    await saveSearch(services, "citra", search("", { rating: 4 }));
    served = [
      couponRecord(services, "javascript-basics", "JavaScript Basics", "JS1"),
      couponRecord(services, "golang-web", "Golang Web", "GO1", { language: "Indonesian" }),
      couponRecord(services, "excel-pro", "Excel Pro", "XL1"),
    ];
    await ingest();
    expect((await deliveries()).map((row) => [row.userId, row.slug])).toEqual([
      ["ana", "golang-web"],
      ["ana", "javascript-basics"],
      ["budi", "golang-web"],
    ]);
  });

  it("catches up coupons an earlier run listed but never matched", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await saveSearch(services, "ana", search("python"));
    const { importCouponRecords } = await import("../ingest/import-records");
    // Listed, but the process died before matching ran.
    await importCouponRecords(
      services,
      [couponRecord(services, "python-one", "Python One", "P1")],
      "fixture",
    );
    expect(await queueAlertsForNewCoupons(services)).toEqual({ coupons: 1, queued: 1 });
    expect(await queueAlertsForNewCoupons(services)).toEqual({ coupons: 0, queued: 0 });
  });
});
