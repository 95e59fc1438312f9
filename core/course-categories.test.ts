import { describe, expect, it } from "vitest";
import { matchUdemyCategory, normaliseCategory, UDEMY_CATEGORIES } from "./course-categories";

describe("normaliseCategory", () => {
  it("keeps Udemy's 13 categories as they are", () => {
    for (const category of UDEMY_CATEGORIES) {
      expect(normaliseCategory({ category, subCategory: null, title: "x" })).toBe(category);
    }
  });

  it.each([
    ["IT and Software", "IT & Software"],
    ["it-software", "IT & Software"],
    ["health & fitness", "Health & Fitness"],
    ["Web Development", "Development"],
    ["Finance", "Finance & Accounting"],
    ["Development > Web Development", "Development"],
    ["SEO", "Marketing"],
    ["Photography", "Photography & Video"],
  ])("maps the name %j to %j", (category, expected) => {
    expect(normaliseCategory({ category, subCategory: null, title: "Something" })).toBe(expected);
  });

  it("falls back to the subcategory's name", () => {
    expect(
      normaliseCategory({ category: "Free Courses", subCategory: "Graphic Design", title: "x" }),
    ).toBe("Design");
  });

  it.each([
    ["Complete Python Bootcamp", "Development"],
    ["Microsoft Excel from Beginner to Advanced", "Office Productivity"],
    ["AWS Certified Solutions Architect", "IT & Software"],
    ["Forex Trading Masterclass", "Finance & Accounting"],
    ["Guitar for Beginners", "Music"],
    ["Yoga for Back Pain", "Health & Fitness"],
    ["Adobe Photoshop Essentials", "Design"],
    ["Facebook Ads and Instagram Marketing", "Marketing"],
    ["Lightroom Photo Editing", "Photography & Video"],
    ["IELTS Preparation", "Teaching & Academics"],
    ["Public Speaking Confidence", "Personal Development"],
    ["Cooking Italian Pasta", "Lifestyle"],
    ["Project Management with Agile and Scrum", "Business"],
  ])("guesses %j as %j from the title", (title, expected) => {
    expect(normaliseCategory({ category: null, subCategory: null, title })).toBe(expected);
  });

  it('says "Other" when nothing points anywhere', () => {
    expect(normaliseCategory({ category: "Misc", subCategory: null, title: "Untitled" })).toBe(
      "Other",
    );
    expect(normaliseCategory({ category: null, subCategory: null, title: "Learn fast" })).toBe(
      "Other",
    );
  });

  it("lets a label outweigh the title", () => {
    expect(
      normaliseCategory({ category: "Marketing stuff", subCategory: null, title: "Python for X" }),
    ).toBe("Marketing");
  });

  it("matches only whole words", () => {
    expect(matchUdemyCategory("Musical")).toBeNull();
    expect(normaliseCategory({ category: null, subCategory: null, title: "Javanese Batik" })).toBe(
      "Other",
    );
  });
});
