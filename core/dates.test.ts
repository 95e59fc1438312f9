import { describe, expect, it } from "vitest";
import {
  addDays,
  formatIndonesianDate,
  formatJakartaDayAndTime,
  formatJakartaInstant,
  INDONESIAN_MONTHS,
  isDisplayableDate,
  msUntilNextJakartaMidnight,
  normaliseIncomingDate,
  jakartaHour,
  startOfJakartaDay,
  toJakartaDay,
} from "./dates";

const TODAY = "2024-10-26";

describe("formatIndonesianDate (SPEC §5 display rule)", () => {
  it("shows day, Indonesian month name and year", () => {
    expect(formatIndonesianDate("2024-10-26")).toBe("26 Oktober 2024");
    expect(formatIndonesianDate("2024-01-05")).toBe("5 Januari 2024");
    expect(formatIndonesianDate("2023-12-31")).toBe("31 Desember 2023");
  });

  it("uses every Indonesian month name in order", () => {
    const shown = INDONESIAN_MONTHS.map((_, index) =>
      formatIndonesianDate(`2024-${String(index + 1).padStart(2, "0")}-01`),
    );
    expect(shown).toEqual([
      "1 Januari 2024",
      "1 Februari 2024",
      "1 Maret 2024",
      "1 April 2024",
      "1 Mei 2024",
      "1 Juni 2024",
      "1 Juli 2024",
      "1 Agustus 2024",
      "1 September 2024",
      "1 Oktober 2024",
      "1 November 2024",
      "1 Desember 2024",
    ]);
  });

  it("accepts the year bounds 1000 and 3000", () => {
    expect(formatIndonesianDate("1000-01-01")).toBe("1 Januari 1000");
    expect(formatIndonesianDate("3000-12-31")).toBe("31 Desember 3000");
  });

  it.each([
    ["2024-02-31", "not a calendar date (31 Februari)"],
    ["2023-04-31", "April has 30 days"],
    ["0999-12-31", "year below 1000"],
    ["3001-01-01", "year above 3000"],
    ["2024-13-01", "month 13"],
    ["2024-00-10", "month 0"],
    ["2024-05-00", "day 0"],
    ["2024-05-32", "day 32"],
    ["not a date", "plain text"],
    ["2024-10-26 extra", "a date followed by extra text"],
    ["2024-10-26T10:00:00Z", "a date-time"],
    ["26/10/2024", "another format"],
    ["", "empty"],
  ])("returns the raw text for %s (%s)", (value) => {
    expect(formatIndonesianDate(value)).toBe(value);
  });

  it("handles leap years", () => {
    expect(formatIndonesianDate("2024-02-29")).toBe("29 Februari 2024");
    expect(formatIndonesianDate("2000-02-29")).toBe("29 Februari 2000");
    expect(formatIndonesianDate("2023-02-29")).toBe("2023-02-29");
    expect(formatIndonesianDate("1900-02-29")).toBe("1900-02-29");
  });

  it("formats an instant as its Jakarta day", () => {
    expect(formatJakartaInstant(new Date("2024-10-25T17:00:00Z"))).toBe("26 Oktober 2024");
    expect(formatJakartaInstant(new Date("2024-10-25T16:59:59Z"))).toBe("25 Oktober 2024");
  });
});

describe("isDisplayableDate", () => {
  it("accepts real dates and refuses impossible ones", () => {
    expect(isDisplayableDate(2024, 2, 29)).toBe(true);
    expect(isDisplayableDate(2023, 2, 29)).toBe(false);
    expect(isDisplayableDate(2024, 6, 31)).toBe(false);
    expect(isDisplayableDate(999, 1, 1)).toBe(false);
    expect(isDisplayableDate(3001, 1, 1)).toBe(false);
    expect(isDisplayableDate(2024, 1.5, 1)).toBe(false);
  });
});

describe("normaliseIncomingDate (SPEC §5 incoming rule)", () => {
  it("reads D Month YYYY with an Indonesian month, case-insensitively", () => {
    expect(normaliseIncomingDate("5 Maret 2024", TODAY)).toBe("2024-03-05");
    expect(normaliseIncomingDate("5 maret 2024", TODAY)).toBe("2024-03-05");
    expect(normaliseIncomingDate("17 AGUSTUS 1945", TODAY)).toBe("1945-08-17");
    expect(normaliseIncomingDate("  29 Februari 2024  ", TODAY)).toBe("2024-02-29");
  });

  it("falls back to today for an impossible Indonesian date or unknown month", () => {
    expect(normaliseIncomingDate("31 Februari 2024", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("29 Februari 2023", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("5 Maretz 2024", TODAY)).toBe(TODAY);
  });

  it("keeps a valid YYYY-MM-DD as it is", () => {
    expect(normaliseIncomingDate("2024-03-05", TODAY)).toBe("2024-03-05");
    expect(normaliseIncomingDate("2024-02-29", TODAY)).toBe("2024-02-29");
  });

  it("falls back to today for an invalid YYYY-MM-DD", () => {
    expect(normaliseIncomingDate("2024-02-31", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("2024-13-01", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("0999-01-01", TODAY)).toBe(TODAY);
  });

  it("takes a parseable date-time as its Jakarta day", () => {
    expect(normaliseIncomingDate("2024-03-05T20:00:00Z", TODAY)).toBe("2024-03-06");
    expect(normaliseIncomingDate("2024-03-05T16:59:59Z", TODAY)).toBe("2024-03-05");
    expect(normaliseIncomingDate("2024-03-05T17:00:00Z", TODAY)).toBe("2024-03-06");
    expect(normaliseIncomingDate("2024-03-05T23:30:00+07:00", TODAY)).toBe("2024-03-05");
  });

  it("falls back to today for garbage, empty and missing values", () => {
    expect(normaliseIncomingDate("garbage", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate("   ", TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate(null, TODAY)).toBe(TODAY);
    expect(normaliseIncomingDate(undefined, TODAY)).toBe(TODAY);
  });

  it("falls back to today for a parseable date outside the displayable years", () => {
    expect(normaliseIncomingDate("3500-01-01T00:00:00Z", TODAY)).toBe(TODAY);
  });
});

describe("toJakartaDay (day boundary = midnight UTC+7)", () => {
  it("switches day at 17:00 UTC", () => {
    expect(toJakartaDay(new Date("2024-03-05T16:59:59Z"))).toBe("2024-03-05");
    expect(toJakartaDay(new Date("2024-03-05T16:59:59.999Z"))).toBe("2024-03-05");
    expect(toJakartaDay(new Date("2024-03-05T17:00:00Z"))).toBe("2024-03-06");
  });

  it("crosses month and year boundaries", () => {
    expect(toJakartaDay(new Date("2024-12-31T17:00:00Z"))).toBe("2025-01-01");
    expect(toJakartaDay(new Date("2024-02-28T18:00:00Z"))).toBe("2024-02-29");
    expect(toJakartaDay(new Date("2024-01-01T00:00:00+07:00"))).toBe("2024-01-01");
  });
});

describe("startOfJakartaDay", () => {
  it("is 00:00 Jakarta time, i.e. 17:00 UTC the day before", () => {
    expect(startOfJakartaDay("2024-03-06").toISOString()).toBe("2024-03-05T17:00:00.000Z");
    expect(startOfJakartaDay("2025-01-01").toISOString()).toBe("2024-12-31T17:00:00.000Z");
  });

  it("round-trips with toJakartaDay", () => {
    const start = startOfJakartaDay("2024-03-06");
    expect(toJakartaDay(start)).toBe("2024-03-06");
    expect(toJakartaDay(new Date(start.getTime() - 1))).toBe("2024-03-05");
  });
});

describe("addDays", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2024-01-31", 1)).toBe("2024-02-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-10-26", 0)).toBe("2024-10-26");
    expect(addDays("2024-10-26", 14)).toBe("2024-11-09");
  });
});

describe("formatJakartaDayAndTime and msUntilNextJakartaMidnight", () => {
  it("reads the Jakarta wall clock, across the UTC day boundary", () => {
    expect(formatJakartaDayAndTime(new Date("2026-11-28T07:05:00Z"), "en")).toBe(
      "28 Nov 14.05 WIB",
    );
    expect(formatJakartaDayAndTime(new Date("2026-12-31T17:30:00Z"), "id")).toBe("1 Jan 00.30 WIB");
    expect(formatJakartaDayAndTime(new Date("2026-05-04T01:00:00Z"), "id")).toBe("4 Mei 08.00 WIB");
  });

  it("counts to the next Jakarta midnight", () => {
    expect(msUntilNextJakartaMidnight(new Date("2026-11-24T16:30:00Z"))).toBe(30 * 60_000);
    expect(msUntilNextJakartaMidnight(new Date("2026-11-24T17:00:00Z"))).toBe(24 * 3_600_000);
  });
});

describe("jakartaHour", () => {
  it("is the hour on a Jakarta clock, whatever the UTC day", () => {
    expect(jakartaHour(new Date("2024-03-06T16:59:59Z"))).toBe(23);
    expect(jakartaHour(new Date("2024-03-06T17:00:00Z"))).toBe(0);
    expect(jakartaHour(new Date("2024-03-06T00:30:00Z"))).toBe(7);
  });
});
