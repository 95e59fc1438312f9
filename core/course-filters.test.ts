import { describe, expect, it } from "vitest";
import {
  courseListHref,
  DEFAULT_COURSE_FILTERS,
  hasActiveCourseFilters,
  MAX_SEARCH_LENGTH,
  paginationSlots,
  parseCourseFilters,
  toCourseSearchParams,
  type CourseFilters,
} from "./course-filters";

const parse = (query: string) => parseCourseFilters(new URLSearchParams(query));

describe("parseCourseFilters", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      search: "",
      type: "",
      rating: 0,
      page: 1,
      language: "",
      sort: "newest",
    });
    expect(parse("")).toEqual(DEFAULT_COURSE_FILTERS);
  });

  it("reads every field", () => {
    expect(
      parse("search=python+django&type=Development&rating=4&page=3&language=English&sort=rating"),
    ).toEqual({
      search: "python django",
      type: "Development",
      rating: 4,
      page: 3,
      language: "English",
      sort: "rating",
    });
  });

  it("trims search and caps it at the maximum length", () => {
    expect(parse("search=%20%20react%20%20").search).toBe("react");
    expect(parse(`search=${"a".repeat(150)}`).search).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it('treats type "All" (any case) as no type', () => {
    expect(parse("type=All").type).toBe("");
    expect(parse("type=all").type).toBe("");
    expect(parse("type=ALL").type).toBe("");
    expect(parse("type=Allied").type).toBe("Allied");
  });

  it.each(["abc", "0", "-2", "1.5", "", "100001"])("falls back to page 1 for page=%s", (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it.each(["abc", "6", "-1", "2.5", "4stars"])("falls back to rating 0 for rating=%s", (rating) => {
    expect(parse(`rating=${rating}`).rating).toBe(0);
  });

  it("accepts ratings 0 to 5", () => {
    for (const rating of [0, 1, 2, 3, 4, 5]) expect(parse(`rating=${rating}`).rating).toBe(rating);
  });

  it.each(["popular", "NEWEST", ""])("falls back to newest for sort=%s", (sort) => {
    expect(parse(`sort=${sort}`).sort).toBe("newest");
  });

  it("keeps the other fields when one is bad", () => {
    const filters = parse("search=go&page=zzz&rating=9&sort=bogus&type=Design");
    expect(filters).toEqual({ ...DEFAULT_COURSE_FILTERS, search: "go", type: "Design" });
  });
});

describe("toCourseSearchParams and courseListHref", () => {
  it("omits every default value", () => {
    expect(toCourseSearchParams(DEFAULT_COURSE_FILTERS).toString()).toBe("");
    expect(
      toCourseSearchParams({
        page: 1,
        type: "",
        rating: 0,
        sort: "newest",
        search: "   ",
      }).toString(),
    ).toBe("");
  });

  it("keeps non-default values, trimmed", () => {
    const params = toCourseSearchParams({
      search: "  python  ",
      type: "Development",
      rating: 4,
      page: 2,
      language: "English",
      sort: "students",
    });
    expect(params.get("search")).toBe("python");
    expect(params.get("type")).toBe("Development");
    expect(params.get("rating")).toBe("4");
    expect(params.get("page")).toBe("2");
    expect(params.get("language")).toBe("English");
    expect(params.get("sort")).toBe("students");
  });

  it("round-trips through parseCourseFilters", () => {
    const filters: CourseFilters = {
      search: "100% free",
      type: "IT & Software",
      rating: 3,
      page: 7,
      language: "Indonesian",
      sort: "expiring",
    };
    expect(parseCourseFilters(toCourseSearchParams(filters))).toEqual(filters);
  });

  it('links to "/" when nothing is set', () => {
    expect(courseListHref({})).toBe("/");
    expect(courseListHref({ page: 1, sort: "newest", rating: 0 })).toBe("/");
  });

  it("links to a query string otherwise", () => {
    expect(courseListHref({ page: 2 })).toBe("/?page=2");
    expect(courseListHref({ search: "ai tools", rating: 5 })).toBe("/?search=ai+tools&rating=5");
  });
});

describe("hasActiveCourseFilters", () => {
  it("is false for the defaults and for sort alone", () => {
    expect(hasActiveCourseFilters(DEFAULT_COURSE_FILTERS)).toBe(false);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, sort: "rating" })).toBe(false);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, page: 4 })).toBe(false);
  });

  it("is false for a blank search (active only when non-empty after trimming)", () => {
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, search: "   " })).toBe(false);
  });

  it("is true for search, type, rating or language", () => {
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, search: "x" })).toBe(true);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, type: "Music" })).toBe(true);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, rating: 1 })).toBe(true);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, language: "French" })).toBe(true);
  });
});

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

describe("control characters in the query", () => {
  it("drops NUL and other control characters from text filters", () => {
    const filters = parseCourseFilters(
      new URLSearchParams("search=a%00b&type=%00&language=En%0Aglish"),
    );
    expect(filters.search).toBe("ab");
    expect(filters.type).toBe("");
    expect(filters.language).toBe("English");
  });
});
