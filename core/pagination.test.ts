import { describe, expect, it } from "vitest";
import { paginationSlots } from "./pagination";

describe("paginationSlots", () => {
  it.each([1, 2, 3, 4, 5])("lists every page when there are %i", (pageCount) => {
    const all = Array.from({ length: pageCount }, (_, index) => index + 1);
    for (let current = 1; current <= pageCount; current += 1) {
      expect(paginationSlots(current, pageCount)).toEqual(all);
    }
  });

  it.each([
    [1, 10, [1, 2, 3, 4, "ellipsis", 10]],
    [2, 10, [1, 2, 3, 4, "ellipsis", 10]],
    [3, 10, [1, 2, 3, 4, "ellipsis", 10]],
    [4, 10, [1, "ellipsis", 3, 4, 5, "ellipsis", 10]],
    [5, 10, [1, "ellipsis", 4, 5, 6, "ellipsis", 10]],
    [8, 10, [1, "ellipsis", 7, 8, 9, 10]],
    [10, 10, [1, "ellipsis", 7, 8, 9, 10]],
    [1, 6, [1, 2, 3, 4, "ellipsis", 6]],
    [4, 6, [1, "ellipsis", 3, 4, 5, 6]],
  ] as const)("(%i, %i) → %j", (current, pageCount, expected) => {
    expect(paginationSlots(current, pageCount)).toEqual(expected);
  });

  it("clamps an out-of-range current page", () => {
    expect(paginationSlots(0, 10)).toEqual(paginationSlots(1, 10));
    expect(paginationSlots(99, 10)).toEqual(paginationSlots(10, 10));
  });

  it("never shows more than 5 numbers, always the first, last and current page", () => {
    for (let pageCount = 1; pageCount <= 40; pageCount += 1) {
      for (let current = 1; current <= pageCount; current += 1) {
        const slots = paginationSlots(current, pageCount);
        const numbers = slots.filter((slot): slot is number => slot !== "ellipsis");
        expect(numbers.length).toBeLessThanOrEqual(5);
        expect(slots[0]).toBe(1);
        expect(slots.at(-1)).toBe(pageCount);
        expect(numbers).toContain(current);
        // Strictly increasing, and an ellipsis only where pages are skipped.
        for (let index = 1; index < slots.length; index += 1) {
          const previous = slots[index - 1];
          const slot = slots[index];
          if (slot === "ellipsis") {
            expect(previous).not.toBe("ellipsis");
            const next = slots[index + 1] as number;
            expect(next - (previous as number)).toBeGreaterThan(1);
          } else if (previous !== "ellipsis") {
            expect(slot).toBe((previous as number) + 1);
          }
        }
      }
    }
  });
});
