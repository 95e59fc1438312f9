import { describe, expect, it } from "vitest";
import { UDEMY_CATEGORIES, OTHER_CATEGORY } from "./course-categories";
import { taxonomyName } from "./taxonomy-names";

describe("taxonomyName", () => {
  it("names categories, subcategories and languages in Indonesian on /id", () => {
    expect(taxonomyName("Business", "id")).toBe("Bisnis");
    expect(taxonomyName("Web Development", "id")).toBe("Pengembangan Web");
    expect(taxonomyName("English", "id")).toBe("Bahasa Inggris");
    expect(taxonomyName(OTHER_CATEGORY, "id")).toBe("Lainnya");
  });

  it("has an Indonesian name for every one of Udemy's categories", () => {
    for (const category of UDEMY_CATEGORIES) {
      expect(taxonomyName(category, "id"), category).not.toBe(category);
    }
  });

  it("keeps English as it is, and a name it does not know as it came", () => {
    expect(taxonomyName("Business", "en")).toBe("Business");
    expect(taxonomyName("Underwater Basket Weaving", "id")).toBe("Underwater Basket Weaving");
    expect(taxonomyName("constructor", "id")).toBe("constructor");
  });
});
