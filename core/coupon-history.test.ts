import { describe, expect, it } from "vitest";
import {
  couponHistorySentence,
  summariseCouponHistory,
  type CouponHistoryEntry,
} from "./coupon-history";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** A coupon found at `found` (ISO) that lasted `lifeMs` (null: still free). */
function coupon(found: string, lifeMs: number | null): CouponHistoryEntry {
  const foundAt = new Date(found);
  return {
    foundAt: foundAt.toISOString(),
    endedAt: lifeMs === null ? null : new Date(foundAt.getTime() + lifeMs).toISOString(),
    sources: ["blog-a"],
  };
}

function sentence(entries: CouponHistoryEntry[], locale: "en" | "id") {
  return couponHistorySentence(summariseCouponHistory(entries)!, locale);
}

describe("the coupon history sentence", () => {
  const four = [
    coupon("2025-03-02T10:00:00+07:00", 2 * DAY),
    coupon("2025-05-10T10:00:00+07:00", 3 * DAY),
    coupon("2025-08-01T10:00:00+07:00", 30 * DAY),
    coupon("2025-11-20T10:00:00+07:00", null),
  ];

  it("says how many times, since which Jakarta month, and the median life of ended coupons", () => {
    // Ended lives 2, 3 and 30 days: the median is 3 (a mean would say 12).
    expect(sentence(four, "en")).toBe(
      "Free 4 times since March 2025; a coupon usually lasts 3 days",
    );
    expect(sentence(four, "id")).toBe(
      "Gratis 4 kali sejak Maret 2025; kuponnya biasanya berlaku 3 hari",
    );
  });

  it("says once, and leaves out how long a coupon lasts until one has ended", () => {
    const one = [coupon("2025-03-31T20:00:00Z", null)]; // 1 April in Jakarta
    expect(sentence(one, "en")).toBe("Free once since April 2025");
    expect(sentence(one, "id")).toBe("Gratis 1 kali sejak April 2025");
  });

  it("counts a coupon shorter than a day in hours, and one day in the singular", () => {
    expect(sentence([coupon("2025-03-02T10:00:00Z", 5 * HOUR)], "en")).toBe(
      "Free once since March 2025; a coupon usually lasts 5 hours",
    );
    expect(sentence([coupon("2025-03-02T10:00:00Z", 20 * 60 * 1000)], "en")).toBe(
      "Free once since March 2025; a coupon usually lasts 1 hour",
    );
    expect(
      sentence(
        [coupon("2025-03-02T10:00:00Z", 22 * HOUR), coupon("2025-04-02T10:00:00Z", 27 * HOUR)],
        "en",
      ),
    ).toBe("Free 2 times since March 2025; a coupon usually lasts 1 day");
    expect(sentence([coupon("2025-03-02T10:00:00Z", 5 * HOUR)], "id")).toBe(
      "Gratis 1 kali sejak Maret 2025; kuponnya biasanya berlaku 5 jam",
    );
  });

  it("has nothing to say without a coupon", () => {
    expect(summariseCouponHistory([])).toBeNull();
  });
});
