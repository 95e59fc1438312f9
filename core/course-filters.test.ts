import { describe, expect, it } from "vitest";
import {
  courseListHref,
  DEFAULT_COURSE_FILTERS,
  hasActiveCourseFilters,
  invalidCourseFilterParams,
  MAX_SEARCH_LENGTH,
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
      udemyRating: "",
      minStudents: "",
      level: "",
      duration: "",
      updated: "",
      certificate: "",
      hideWords: [],
      hideInstructors: [],
      showClaimed: false,
    });
    expect(parse("")).toEqual(DEFAULT_COURSE_FILTERS);
  });

  it("reads claimed=show only, and writes it back; any other value is the default (hidden)", () => {
    expect(parse("claimed=show").showClaimed).toBe(true);
    expect(parse("claimed=yes").showClaimed).toBe(false);
    expect(courseListHref({ showClaimed: true, page: 2 })).toBe("/?claimed=show&page=2");
    expect(courseListHref({ showClaimed: false })).toBe("/");
  });

  it("reads every field", () => {
    expect(
      parse("search=python+django&type=Development&rating=4&page=3&language=English&sort=rating"),
    ).toEqual({
      ...DEFAULT_COURSE_FILTERS,
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
      ...DEFAULT_COURSE_FILTERS,
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

describe("the learners' filters in the URL", () => {
  const every =
    "language=Indonesian&udemyRating=4.5&minStudents=10000&level=beginner&duration=short&updated=1y&certificate=yes&hideWords=java%2C+crypto&hideInstructors=Jane+Doe";

  it("reads every allowed value", () => {
    expect(parse(every)).toEqual({
      ...DEFAULT_COURSE_FILTERS,
      language: "Indonesian",
      udemyRating: "4.5",
      minStudents: "10000",
      level: "beginner",
      duration: "short",
      updated: "1y",
      certificate: "yes",
      hideWords: ["java", "crypto"],
      hideInstructors: ["Jane Doe"],
    });
  });

  it("round-trips through the URL, defaults left out", () => {
    const filters = parse(every);
    expect(parseCourseFilters(toCourseSearchParams(filters))).toEqual(filters);
    expect(courseListHref({ ...DEFAULT_COURSE_FILTERS, level: "expert" })).toBe("/?level=expert");
    expect(hasActiveCourseFilters(filters)).toBe(true);
    expect(hasActiveCourseFilters({ ...DEFAULT_COURSE_FILTERS, hideWords: ["x"] })).toBe(true);
  });

  it("gives one spelling for equal values (one address each)", () => {
    expect(parse("udemyRating=4").udemyRating).toBe("4.0");
    expect(parse("level=BEGINNER&language=english").language).toBe("English");
    expect(parse("level=BEGINNER").level).toBe("beginner");
    expect(parse("hideWords=Java,java,%20JAVA%20").hideWords).toEqual(["Java"]);
  });

  it.each([
    ["language", "Klingon"],
    ["udemyRating", "3"],
    ["udemyRating", "5"],
    ["minStudents", "123"],
    ["level", "guru"],
    ["duration", "forever"],
    ["updated", "3y"],
    ["certificate", "maybe"],
    ["hideInstructors", "<b>Jane</b>"],
    ["hideWords", Array.from({ length: 500 }, (_, index) => `w${index}`).join(",")],
    ["hideWords", "x".repeat(61)],
  ])("drops %s=%s and names it as invalid", (name, value) => {
    const params = new URLSearchParams({ [name]: value, type: "Design" });
    expect(parseCourseFilters(params)).toEqual({ ...DEFAULT_COURSE_FILTERS, type: "Design" });
    expect(invalidCourseFilterParams(params)).toEqual([name]);
  });

  it("names nothing invalid for allowed values or empty fields", () => {
    expect(invalidCourseFilterParams(new URLSearchParams(every))).toEqual([]);
    expect(invalidCourseFilterParams(new URLSearchParams("level=&hideWords=+"))).toEqual([]);
  });
});
