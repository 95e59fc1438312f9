import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  harness = await createTestServices({ now: "2024-03-06T10:00:00+07:00" });
  udemy = await startFakeUdemy();
});

afterAll(async () => {
  await udemy.close();
  await harness.close();
});

const found = (slug: string) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${slug.toUpperCase()}`,
    couponCode: slug.toUpperCase(),
    title: `Course ${slug}`,
    category: "Development",
    foundAt: new Date("2024-03-06T01:00:00Z"),
  });

describe("verified before listed, against Udemy's own answer format", () => {
  it("keeps out what Udemy says is not free and lists the rest with Udemy's end and uses left", async () => {
    udemy.set("paid-course", { kind: "paid" });
    udemy.set("expired-course", { kind: "expired" });
    udemy.set("free-course", {
      kind: "free",
      endTime: "2024-03-08T12:00:00Z",
      usesRemaining: 321,
    });
    const udemyCheck = createUdemyCheck({
      baseUrl: udemy.baseUrl,
      policy: { timeoutMs: 2_000, maxBytes: 1_000_000, retries: 0, backoffMs: 1, userAgent: "t" },
    });
    const feeds = createFixtureFeeds([
      { name: "blog", answer: ["paid-course", "expired-course", "free-course"].map(found) },
    ]);
    const summary = await runIngest(toIngestServices(harness.services, { feeds, udemyCheck }));
    expect(summary.sources[0]).toMatchObject({ found: 3, added: 1, rejectedByCheck: 2 });
    const rows = await harness.services.db.select().from(courses);
    expect(rows.map((row) => row.slug)).toEqual(["free-course"]);
    expect(rows[0]).toMatchObject({ usesRemaining: 321 });
    expect(rows[0]!.expiresAt?.toISOString()).toBe("2024-03-08T12:00:00.000Z");
    expect(udemy.questions("paid-course")).toBe(1);
  });
});
