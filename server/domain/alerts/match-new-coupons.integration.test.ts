import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { alertDeliveries, alertWatches, courses, pushSubscriptions } from "../../db/schema";
import { addUser, couponRecord, ingestRecords } from "../../../tests/setup/alert-fixtures";
import { chooseAlertChannels } from "./alert-channel-choice";
import { MAX_COURSES_PER_SEARCH_PER_RUN, queueAlertsForNewCoupons } from "./match-new-coupons";
import { saveSearch } from "./saved-searches";
import { watchCourse } from "./watches";

let harness: TestServices;
/** What the fixture source serves on the next run. */
let served: CouponRecord[] = [];

beforeEach(async () => {
  // The site sends e-mail (no message is sent here): e-mail reaches users whose digest is on.
  harness = await createTestServices({
    now: "2026-11-23T05:00:00+07:00",
    env: { SMTP_URL: "smtp://127.0.0.1:2525" },
  });
  served = [];
});
afterEach(() => harness.close());

function ingest() {
  return ingestRecords(harness.services, served);
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

  it("starts a new alert on the channels that reach its user now, and refuses one that cannot", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await services.db.insert(pushSubscriptions).values({
      userId: "ana",
      endpoint: "https://push.example/ana",
      p256dh: "key",
      auth: "secret",
    });
    await addUser(services, "budi", { enabled: false });
    served = [couponRecord(services, "rust-basics", "Rust Basics", "RUST0")];
    await ingest();
    const [rust] = await services.db.select({ id: courses.id }).from(courses);
    await watchCourse(services, "ana", { courseId: rust!.id });
    await watchCourse(services, "budi", { courseId: rust!.id });
    const watched = await services.db
      .select({ userId: alertWatches.userId, channels: alertWatches.channels })
      .from(alertWatches)
      .orderBy(asc(alertWatches.userId));
    // No Telegram bot here; budi has the digest off and no browser taking pushes.
    expect(watched).toEqual([
      { userId: "ana", channels: ["email", "push"] },
      { userId: "budi", channels: [] },
    ]);
    expect((await saveSearch(services, "budi", search("rust"))).channels).toEqual([]);
    await expect(
      chooseAlertChannels(services, "budi", { watchedCourseId: rust!.id }, ["email"]),
    ).rejects.toThrow("To be told by e-mail, turn on the e-mail digest below.");
    await expect(
      chooseAlertChannels(services, "budi", { watchedCourseId: rust!.id }, ["push"]),
    ).rejects.toThrow("To be told by push, turn on notifications in this browser below.");
  });

  it("tells each alert only on the channels it names, of those the user has on", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await services.db.insert(pushSubscriptions).values({
      userId: "ana",
      endpoint: "https://push.example/ana",
      p256dh: "key",
      auth: "secret",
    });
    served = [couponRecord(services, "rust-basics", "Rust Basics", "RUST0")];
    await ingest();
    const [rust] = await services.db.select({ id: courses.id }).from(courses);
    await watchCourse(services, "ana", { courseId: rust!.id });
    await chooseAlertChannels(services, "ana", { watchedCourseId: rust!.id }, ["push"]);
    const byEmail = await saveSearch(services, "ana", search("python"));
    await chooseAlertChannels(services, "ana", { savedSearchId: byEmail.id }, ["email"]);
    const byPush = await saveSearch(services, "ana", search("data"));
    // A channel that cannot reach ana (this site has no Telegram bot) is refused, nothing changes.
    await expect(
      chooseAlertChannels(services, "ana", { savedSearchId: byPush.id }, ["push", "telegram"]),
    ).rejects.toThrow("Telegram alerts are not available on this site.");
    await chooseAlertChannels(services, "ana", { savedSearchId: byPush.id }, ["push"]);

    harness.clock.advance(86_400_000);
    served = [
      couponRecord(services, "rust-basics", "Rust Basics", "RUST1"),
      couponRecord(services, "python-data-analysis", "Python Data Analysis", "PY1"),
      couponRecord(services, "python-web", "Python Web", "PY2"),
    ];
    await ingest();
    const told = (await deliveries()).map((row) => [row.slug, row.channel, row.reason]);
    expect(told.sort((a, b) => a.join().localeCompare(b.join()))).toEqual([
      ["python-data-analysis", "email", "search"],
      ["python-data-analysis", "push", "search"],
      ["python-web", "email", "search"],
      ["rust-basics", "push", "watch"],
    ]);
    // Another user's alert cannot be changed: refused, nothing changes.
    await addUser(services, "budi");
    await expect(
      chooseAlertChannels(services, "budi", { savedSearchId: byEmail.id }, ["push"]),
    ).rejects.toThrow("Unknown saved search.");
  });

  it(`tells a broad search of its ${MAX_COURSES_PER_SEARCH_PER_RUN} newest courses of a run, not a flood`, async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await addUser(services, "budi");
    await saveSearch(services, "ana", search("", { type: "Lifestyle" }));
    const count = MAX_COURSES_PER_SEARCH_PER_RUN + 4;
    served = Array.from({ length: count }, (_, index) =>
      couponRecord(services, `cooking-${index}`, `Cooking ${index}`, `COOK${index}`, {
        category: "Lifestyle",
      }),
    );
    // A watch is not capped: budi hears of the one course he watches, whatever its rank.
    await watchCourse(services, "budi", {
      link: "https://www.udemy.com/course/cooking-0/",
    });
    await ingest();
    const rows = await deliveries();
    const anas = rows.filter((row) => row.userId === "ana");
    expect(anas).toHaveLength(MAX_COURSES_PER_SEARCH_PER_RUN);
    const newest = (
      await services.db.select({ slug: courses.slug }).from(courses).orderBy(asc(courses.id))
    )
      .map((row) => row.slug)
      .slice(-MAX_COURSES_PER_SEARCH_PER_RUN)
      .sort();
    expect(anas.map((row) => row.slug).sort()).toEqual(newest);
    expect(rows.filter((row) => row.userId === "budi").map((row) => row.slug)).toEqual([
      "cooking-0",
    ]);
  });
});
