import { describe, expect, it } from "vitest";
import { MAX_SEARCH_WORDS, searchWordsOf, titleMatchesSearch } from "./search-match";

describe("matching like the home search", () => {
  it("reads at most MAX_SEARCH_WORDS lower-cased words", () => {
    expect(MAX_SEARCH_WORDS).toBe(8);
    expect(searchWordsOf("  A b\tC d e f g h i j ")).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
    ]);
    expect(searchWordsOf("   ")).toEqual([]);
  });

  it("needs every counted word somewhere in the title, in any order and case", () => {
    expect(titleMatchesSearch("Django with Python for Beginners", "python django")).toBe(true);
    expect(titleMatchesSearch("Learn Node.js in 30 Days", "Node.js")).toBe(true);
    expect(titleMatchesSearch("Django with Python", "python flask")).toBe(false);
    expect(titleMatchesSearch("Anything", "")).toBe(true);
  });

  it("ignores words past the cap, as the home search does", () => {
    const eightWords = "a b c d e f g h";
    expect(titleMatchesSearch("a b c d e f g h", `${eightWords} missing`)).toBe(true);
  });
});
