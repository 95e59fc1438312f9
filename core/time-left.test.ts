import { describe, expect, it } from "vitest";
import { formatCouponTimeLeft, formatTimeLeft } from "./time-left";

const now = new Date("2026-11-23T10:00:00Z");
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("formatTimeLeft", () => {
  it("says the time left in English as it always did", () => {
    expect(formatTimeLeft(after(30_000), now, "en")).toBe("Expires in 1 minute");
    expect(formatTimeLeft(after(45 * MINUTE), now, "en")).toBe("Expires in 45 minutes");
    expect(formatTimeLeft(after(HOUR), now, "en")).toBe("Expires in 1 hour");
    expect(formatTimeLeft(after(47 * HOUR), now, "en")).toBe("Expires in 47 hours");
    expect(formatTimeLeft(after(72 * HOUR), now, "en")).toBe("Expires in 3 days");
  });

  it("says it in Indonesian", () => {
    expect(formatTimeLeft(after(MINUTE), now, "id")).toBe("Berakhir dalam 1 menit");
    expect(formatTimeLeft(after(5 * HOUR), now, "id")).toBe("Berakhir dalam 5 jam");
    expect(formatTimeLeft(after(72 * HOUR), now, "id")).toBe("Berakhir dalam 3 hari");
  });

  it("says nothing of an end unknown or past", () => {
    expect(formatTimeLeft(null, now, "en")).toBeNull();
    expect(formatTimeLeft(after(0), now, "id")).toBeNull();
    expect(formatTimeLeft("soon", now, "en")).toBeNull();
  });
});

describe("formatCouponTimeLeft", () => {
  // 2026-11-23T10:00Z is 17.00 WIB.
  it("says hours and minutes left, not a clock time, and the end in Jakarta time", () => {
    const left = after(19 * HOUR + 33 * MINUTE + 10_000);
    expect(formatCouponTimeLeft(left, now, "en")).toEqual({
      left: "19 h 33 min left",
      until: "until 24 Nov 12.33 WIB",
    });
    expect(formatCouponTimeLeft(left, now, "id")).toEqual({
      left: "19 jam 33 menit lagi",
      until: "sampai 24 Nov 12.33 WIB",
    });
  });

  it("says days and hours from 48 hours, minutes under an hour, never less than 1 minute", () => {
    expect(formatCouponTimeLeft(after(30 * HOUR + 5 * MINUTE), now, "en")?.left).toBe(
      "30 h 5 min left",
    );
    expect(formatCouponTimeLeft(after(50 * HOUR + 5 * MINUTE), now, "en")?.left).toBe(
      "2 d 2 h left",
    );
    expect(formatCouponTimeLeft(after(50 * HOUR), now, "id")?.left).toBe("2 hari 2 jam lagi");
    expect(formatCouponTimeLeft(after(3 * HOUR), now, "en")?.left).toBe("3 h left");
    expect(formatCouponTimeLeft(after(12 * MINUTE + 59_000), now, "en")?.left).toBe("12 min left");
    expect(formatCouponTimeLeft(after(20_000), now, "id")?.left).toBe("1 menit lagi");
  });

  it("names the month in the page's language", () => {
    const august = "2026-08-03T02:30:00Z";
    const before = new Date("2026-08-01T00:00:00Z");
    expect(formatCouponTimeLeft(august, before, "en")?.until).toBe("until 3 Aug 09.30 WIB");
    expect(formatCouponTimeLeft(august, before, "id")?.until).toBe("sampai 3 Agu 09.30 WIB");
  });

  it("says nothing of an end unknown or past", () => {
    expect(formatCouponTimeLeft(null, now, "en")).toBeNull();
    expect(formatCouponTimeLeft(after(0), now, "en")).toBeNull();
    expect(formatCouponTimeLeft("soon", now, "id")).toBeNull();
  });
});
