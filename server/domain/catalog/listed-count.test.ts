import { describe, expect, it } from "vitest";
import { countPassing, COURSE_SEPARATOR, FACT_SEPARATOR, factTableFromText } from "./listed-count";
import type { FactCheck } from "./learner-filters";

const NOW = Date.parse("2026-11-27T12:00:00Z");

/** One course as the database writes it: NULL as "", a boolean "t"/"f", expiry in ms. */
function course(facts: {
  language?: string;
  level?: string;
  rating?: string;
  minutes?: string;
  updated?: string;
  paid?: string;
  date?: string;
  expiresAt?: string;
}): string {
  return [
    "Development",
    facts.language ?? "English",
    facts.level ?? "All Levels",
    facts.rating ?? "4.2",
    "5000",
    facts.minutes ?? "120",
    facts.updated ?? "",
    facts.paid ?? "",
    "",
    facts.date ?? "2026-11-26",
    facts.expiresAt ?? String(NOW + 3_600_000),
  ].join(FACT_SEPARATOR);
}

const table = factTableFromText(
  [
    course({}),
    course({ language: "Indonesian", rating: "4.5", paid: "t", updated: "2026-01-05" }),
    course({ rating: "", minutes: "1020", paid: "f" }),
    course({ date: "2026-11-28" }), // found tomorrow: not listed yet
    course({ expiresAt: String(NOW) }), // its coupon ends now: no longer listed
    course({ expiresAt: "" }), // no known end
  ].join(COURSE_SEPARATOR),
);
const count = (...checks: FactCheck[]) => countPassing(table, checks, "2026-11-27", NOW);

describe("countPassing (the listed courses' facts in memory)", () => {
  it("counts only the listed courses: found by today, coupon not past its end", () => {
    expect(table.size).toBe(6);
    expect(count()).toBe(4);
  });

  it("compares texts, numbers, days and yes/no as SQL does", () => {
    expect(count({ fact: "language", op: "eq", value: "Indonesian" })).toBe(1);
    expect(count({ fact: "udemyRating", op: "gte", value: 4.5 })).toBe(1);
    expect(count({ fact: "udemyRating", op: "gte", value: 4.2 })).toBe(3);
    expect(count({ fact: "durationMinutes", op: "lt", value: 1020 })).toBe(3);
    expect(count({ fact: "durationMinutes", op: "gte", value: 1020 })).toBe(1);
    expect(count({ fact: "lastUpdatedOn", op: "gte", value: "2026-01-05" })).toBe(1);
    expect(count({ fact: "isPaid", op: "eq", value: true })).toBe(1);
    expect(count({ fact: "isPaid", op: "eq", value: false })).toBe(1);
  });

  it("never passes a missing fact, and a text no course has matches none", () => {
    expect(count({ fact: "udemyRating", op: "lt", value: 5 })).toBe(3);
    expect(count({ fact: "lastUpdatedOn", op: "lt", value: "2030-01-01" })).toBe(1);
    expect(count({ fact: "language", op: "eq", value: "Klingon" })).toBe(0);
  });

  it("needs every check", () => {
    expect(
      count(
        { fact: "language", op: "eq", value: "English" },
        { fact: "durationMinutes", op: "lt", value: 1020 },
      ),
    ).toBe(2);
  });

  it("reads an empty catalogue", () => {
    expect(countPassing(factTableFromText(""), [], "2026-11-27", NOW)).toBe(0);
  });
});
