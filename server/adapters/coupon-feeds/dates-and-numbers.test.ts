import { describe, expect, it } from "vitest";
import {
  parseExpiresAt,
  parseFoundAt,
  parseLooseInteger,
  parseLooseNumber,
} from "./dates-and-numbers";

describe("dates and numbers", () => {
  const now = new Date("2024-03-06T03:00:00Z"); // 10:00 in Jakarta

  it("reads a found-at time: instants, SPEC §5 dates at the start of their Jakarta day", () => {
    expect(parseFoundAt("Tue, 05 Mar 2024 10:00:00 +0000", now).toISOString()).toBe(
      "2024-03-05T10:00:00.000Z",
    );
    expect(parseFoundAt("2024-03-05 10:00:00", now).toISOString()).toBe("2024-03-05T10:00:00.000Z");
    expect(parseFoundAt("2024-03-04", now).toISOString()).toBe("2024-03-03T17:00:00.000Z");
    expect(parseFoundAt("4 Maret 2024", now).toISOString()).toBe("2024-03-03T17:00:00.000Z");
    expect(parseFoundAt("1709607600", now).toISOString()).toBe("2024-03-05T03:00:00.000Z");
  });

  it("falls back to now for nothing, nonsense, today, or the future", () => {
    expect(parseFoundAt(null, now)).toEqual(now);
    expect(parseFoundAt("sometime", now)).toEqual(now);
    expect(parseFoundAt("2024-03-06", now)).toEqual(now);
    expect(parseFoundAt("2030-01-01T00:00:00Z", now)).toEqual(now);
  });

  it("reads an expiry: a date alone lasts to the end of that Jakarta day", () => {
    expect(parseExpiresAt("2024-03-10T12:00:00+07:00")?.toISOString()).toBe(
      "2024-03-10T05:00:00.000Z",
    );
    expect(parseExpiresAt("2024-03-10")?.toISOString()).toBe("2024-03-10T17:00:00.000Z");
    expect(parseExpiresAt("never")).toBeNull();
    expect(parseExpiresAt("")).toBeNull();
  });

  it("reads loose numbers", () => {
    expect(parseLooseNumber("4.5")).toBe(4.5);
    expect(parseLooseNumber(4.5)).toBe(4.5);
    expect(parseLooseNumber("1,234")).toBe(1234);
    expect(parseLooseNumber("12 students")).toBe(12);
    expect(parseLooseNumber("n/a")).toBeNull();
    expect(parseLooseNumber(Number.NaN)).toBeNull();
    expect(parseLooseNumber({})).toBeNull();
    expect(parseLooseInteger("12.6")).toBe(13);
  });
});
