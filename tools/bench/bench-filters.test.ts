import { describe, expect, it } from "vitest";
import { DEFAULT_COURSE_FILTERS, parseCourseFilters } from "../../core/course-filters";
import { FILTER_COMBINATIONS, percentileOf, THREE_FILTERS_PATH } from "./bench-filters";

describe("percentileOf", () => {
  it("takes the nearest rank, whatever the order", () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentileOf(values, 0.5)).toBe(30);
    expect(percentileOf(values, 0.95)).toBe(50);
    expect(percentileOf(values, 0)).toBe(10);
    expect(percentileOf([7], 0.95)).toBe(7);
    expect(percentileOf([], 0.5)).toBeNaN();
  });
});

describe("the bench's filtered page", () => {
  it("asks for exactly the first combination the server time is measured on", () => {
    const filters = parseCourseFilters(new URL(THREE_FILTERS_PATH, "http://x").searchParams);
    expect(filters).toEqual({ ...DEFAULT_COURSE_FILTERS, ...FILTER_COMBINATIONS[0]!.filters });
  });
});
