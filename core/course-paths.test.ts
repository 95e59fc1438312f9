import { describe, expect, it } from "vitest";
import { coursePath, MAX_COURSE_SLUG_LENGTH, parseCourseSlug } from "./course-paths";

describe("parseCourseSlug", () => {
  it("accepts the slugs ingestion stores, Udemy's underscores and a uniqueness suffix included", () => {
    expect(parseCourseSlug("emotionalnavigation")).toBe("emotionalnavigation");
    expect(parseCourseSlug("learn_german")).toBe("learn_german");
    expect(parseCourseSlug("python-for-beginners-2")).toBe("python-for-beginners-2");
    expect(parseCourseSlug("a".repeat(MAX_COURSE_SLUG_LENGTH))).toHaveLength(
      MAX_COURSE_SLUG_LENGTH,
    );
  });

  it("gives the canonical lower-case spelling of a slug typed in capitals", () => {
    expect(parseCourseSlug("Python-For-Beginners")).toBe("python-for-beginners");
  });

  it.each([
    ["empty", ""],
    ["dot-dot", ".."],
    ["dot", "."],
    ["NUL byte", "python\u0000"],
    ["control character", "py\nthon"],
    ["space", "python basics"],
    ["slash", "a/b"],
    ["backslash", "a\\b"],
    ["non-ASCII", "café"],
    ["angle brackets", "<script>"],
    ["10 000 characters", "a".repeat(10_000)],
    ["one over the limit", "a".repeat(MAX_COURSE_SLUG_LENGTH + 1)],
  ])("refuses a slug that names no course: %s", (_name, value) => {
    expect(parseCourseSlug(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(parseCourseSlug(undefined)).toBeNull();
    expect(parseCourseSlug(null)).toBeNull();
  });
});

describe("coursePath", () => {
  it("keeps a slug with URL-special characters in one encoded segment", () => {
    expect(coursePath("python-basics")).toBe("/course/python-basics");
    expect(coursePath("c++&more")).toBe("/course/c%2B%2B%26more");
    expect(coursePath("100%-off")).toBe("/course/100%25-off");
  });
});
