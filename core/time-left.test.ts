import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "./time-left";

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
