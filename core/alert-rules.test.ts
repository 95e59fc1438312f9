import { describe, expect, it } from "vitest";
import { parseUdemyCourseUrl, savedSearchInputSchema } from "./alert-rules";
import { searchWordsOf } from "./search-match";

describe("parseUdemyCourseUrl", () => {
  it("gives the canonical address of a Udemy course page", () => {
    expect(parseUdemyCourseUrl(" https://www.udemy.com/course/Learn-Python_3/ ")).toBe(
      "https://www.udemy.com/course/learn-python_3/",
    );
    expect(parseUdemyCourseUrl("https://udemy.com/course/learn-python?couponCode=FREE")).toBe(
      "https://www.udemy.com/course/learn-python/",
    );
  });

  it("refuses every other address", () => {
    for (const text of [
      "",
      "learn-python",
      "http://www.udemy.com/course/learn-python/",
      "https://www.udemy.com/course/learn-python/learn/lecture/1",
      "https://www.udemy.com/user/someone/",
      "https://www.udemy.com:8443/course/learn-python/",
      "https://a:b@www.udemy.com/course/learn-python/",
      "https://www.udemy.com.evil.example/course/learn-python/",
      "https://evil.example/?u=https://www.udemy.com/course/learn-python/",
      "https://www.udemy.com/course/%2e%2e/",
      `https://www.udemy.com/course/${"a".repeat(121)}/`,
    ]) {
      expect(parseUdemyCourseUrl(text), text).toBeNull();
    }
  });
});

describe("saved search input", () => {
  it("reads the home filters and refuses a search longer than the home search box", () => {
    expect(savedSearchInputSchema.parse({ search: "  Python  Django ", type: "All" })).toEqual({
      search: "Python  Django",
      type: "",
      language: "",
      rating: 0,
    });
    expect(savedSearchInputSchema.safeParse({ search: "x".repeat(101) }).success).toBe(false);
    expect(savedSearchInputSchema.safeParse({ search: "x", rating: "6" }).success).toBe(false);
    expect(searchWordsOf("A b C d e f g h i j")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });
});
