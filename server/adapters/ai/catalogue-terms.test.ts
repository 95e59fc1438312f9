import { describe, expect, it } from "vitest";
import {
  displayCasing,
  findWholeWords,
  isUsableKeyword,
  pickDistinct,
  rankPhrases,
  repeatsKeyword,
  titlePhrases,
} from "./catalog-terms";

describe("catalogue terms", () => {
  it("finds whole words only", () => {
    expect(findWholeWords("learn java today", "java")).toBe(6);
    expect(findWholeWords("javascript basics", "java")).toBe(-1);
    expect(findWholeWords("java/javascript", "javascript")).toBe(5);
  });

  it("cuts titles into topic phrases, dropping packaging and function words", () => {
    expect(titlePhrases("Machine Learning with Python for Beginners").sort()).toEqual(
      ["machine", "machine learning", "python"].sort(),
    );
    expect(titlePhrases("The Complete React Bootcamp 2026: From Zero to Hero")).toEqual(["react"]);
    // Punctuation ends a phrase.
    expect(titlePhrases("Facebook Ads & Copywriting")).toContain("copywriting");
    expect(titlePhrases("Facebook Ads & Copywriting")).not.toContain("ads copywriting");
  });

  it("refuses keywords that would find everything or nothing useful", () => {
    expect(isUsableKeyword("go")).toBe(false);
    expect(isUsableKeyword("learning")).toBe(false);
    expect(isUsableKeyword("the")).toBe(false);
    expect(isUsableKeyword("2026")).toBe(false);
    expect(isUsableKeyword("machine learning")).toBe(true);
    expect(isUsableKeyword("sql")).toBe(true);
  });

  it("ranks the phrase shared by several titles above one title's wording", () => {
    const ranked = rankPhrases([
      { title: "Machine Learning with Python", weight: 1 },
      { title: "Machine Learning A-Z", weight: 1 },
      { title: "Deep Neural Nets in Python", weight: 1 },
    ]);
    const picked = pickDistinct(ranked, 3);
    expect(picked).toContain("machine learning");
    expect(picked).toContain("python");
    expect(picked).not.toContain("machine");
    expect(ranked.map((entry) => entry.phrase)).not.toContain("deep neural nets");
  });

  it("shows a phrase in the casing titles use", () => {
    expect(
      displayCasing("javascript", ["Modern JavaScript", "JavaScript for Kids", "javascript"]),
    ).toBe("JavaScript");
    expect(displayCasing("ui/ux design", ["Figma UI/UX Design Essentials"])).toBe("UI/UX Design");
    expect(displayCasing("rust", [])).toBe("Rust");
  });

  it("calls a keyword a repeat when its words equal, or sit inside, a keyword already shown", () => {
    expect(repeatsKeyword("Machine Learning", ["machine learning"])).toBe(true);
    expect(repeatsKeyword("Machine", ["machine learning"])).toBe(true);
    expect(repeatsKeyword("Python for Data Science", ["python"])).toBe(true);
    expect(repeatsKeyword("Deep Learning", ["machine learning"])).toBe(false);
    expect(repeatsKeyword("JavaScript", ["java"])).toBe(false);
  });
});
