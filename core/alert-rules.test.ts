import { describe, expect, it } from "vitest";
import { savedSearchInputSchema } from "./alert-rules";
import { searchWordsOf } from "./search-match";

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
