import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatRating } from "./numbers";

describe("formatCount", () => {
  it("groups thousands with commas", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(100_000)).toBe("100,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-4321)).toBe("-4,321");
  });

  it("writes every whole number as Intl's en-US format does", () => {
    const intl = new Intl.NumberFormat("en-US");
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => {
          expect(formatCount(n)).toBe(intl.format(n));
        },
      ),
    );
  });

  it("rounds a fraction and leaves what is not a number as it is", () => {
    expect(formatCount(1234.6)).toBe("1,235");
    expect(formatCount(Number.NaN)).toBe("NaN");
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe("Infinity");
  });
});

describe("in Indonesian", () => {
  it("groups thousands with dots and writes decimals with a comma", () => {
    expect(formatCount(2378, "id")).toBe("2.378");
    expect(formatCount(1_234_567, "id")).toBe("1.234.567");
    expect(formatCount(-4321, "id")).toBe("-4.321");
    expect(formatRating(4.44, "id")).toBe("4,4");
    expect(formatRating(4.44, "en")).toBe("4.4");
    expect(formatCount(12345.678, "id", 2)).toBe("12.345,68");
  });
});
