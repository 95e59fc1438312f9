import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../adapters/coupon-feeds/fake-feeds";
import { NoUsableCoupons } from "../../adapters/coupon-feeds/finalise-records";
import { createFakeUdemyCheck } from "../../adapters/udemy-check/fake-udemy-check";
import { toIngestServices } from "./ingest-services";
import { runIngest } from "./run-sources";
import { summariseSources } from "./source-health";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: "2024-03-06T10:00:00+07:00" });
});

afterAll(async () => {
  await harness.close();
});

const record = (slug: string) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=C-${slug}`,
    couponCode: `C-${slug}`,
    title: `Course ${slug}`,
    category: "Development",
    usesRemaining: 500,
    expiresAt: new Date("2030-01-01T00:00:00Z"),
    foundAt: new Date("2024-03-06T01:00:00Z"),
  });

describe("summariseSources", () => {
  it("gives each source's last counts and warns about one that found nothing 3 runs in a row", async () => {
    const feeds = createFixtureFeeds([
      { name: "good", answer: [record("a"), record("b"), record("paid")] },
      { name: "echo", answer: [record("a")] },
      {
        name: "broken",
        answer: new NoUsableCoupons(['"A": no course link', '"B": no course link', '"C": x']),
      },
    ]);
    const udemyCheck = createFakeUdemyCheck({
      "C-paid": { status: "invalid", reason: "not 100% off (price 9.99)" },
    });
    const services = toIngestServices(harness.services, { feeds, udemyCheck });

    await runIngest(services);
    let health = await summariseSources(services);
    expect(health.map(({ name, quiet }) => ({ name, quiet }))).toEqual([
      { name: "good", quiet: false },
      { name: "echo", quiet: false },
      { name: "broken", quiet: false },
    ]);
    expect(health[0]!.last).toMatchObject({ found: 3, added: 2, duplicate: 0, rejectedByCheck: 1 });
    expect(health[1]!.last).toMatchObject({ found: 1, added: 0, duplicate: 1 });
    expect(health[2]!.last).toMatchObject({
      ok: false,
      found: 0,
      rejected: 3,
      errors: [
        'failed: no usable coupon among 3 item(s), e.g. "A": no course link (format changed?)',
        '"A": no course link',
        '"B": no course link',
        '"C": x',
      ],
    });

    harness.clock.advance(60_000);
    await runIngest(services);
    harness.clock.advance(60_000);
    await runIngest(services);
    health = await summariseSources(services);
    expect(health.find((source) => source.name === "broken")!.quiet).toBe(true);
    expect(health.find((source) => source.name === "good")!.quiet).toBe(false);
    expect(health[0]!.lastRunAt).toBe(harness.clock.now().toISOString());
  });
});
