import { describe, expect, it } from "vitest";
import { computeCompassLocally, goalTerms, translateGoal } from "./local-compass";
import type { CatalogueCourse } from "./types";

let nextId = 1;
function course(
  title: string,
  category: string,
  subCategory: string | null = null,
): CatalogueCourse {
  return { id: nextId++, title, category, subCategory, headline: null };
}

const catalogue: CatalogueCourse[] = [
  course("JavaScript for Beginners", "Development", "Web Development"),
  course("React Masterclass: Practical Projects", "Development", "Web Development"),
  course("Node.js Crash Course", "Development", "Web Development"),
  course("Django and Python Bootcamp", "Development", "Web Development"),
  course("Adobe Photoshop Essentials", "Design", "Graphic Design & Illustration"),
  course("Canva for Busy People", "Design", "Graphic Design & Illustration"),
  course("Logo Design Masterclass", "Design", "Graphic Design & Illustration"),
  course("Beekeeping Basics", "Lifestyle", "Animal Care"),
  course("Beekeeping: Your First Hive", "Lifestyle", "Animal Care"),
  course("Honey Harvesting for Beekeeping Hobbyists", "Lifestyle", "Animal Care"),
];

function allKeywords(result: ReturnType<typeof computeCompassLocally>): string[] {
  return [
    ...result.suggestedSkills.flatMap((skill) => skill.searchKeywords),
    ...result.genericKeywords,
  ];
}

describe("the offline compass", () => {
  it("translates Indonesian phrasings onto the words titles use", () => {
    expect(translateGoal("Saya ingin jadi Pengembang Web!")).toBe("saya ingin jadi web developer");
    expect(translateGoal("belajar desain grafis & ilmu data")).toBe(
      "belajar graphic design data science",
    );
    expect(goalTerms(translateGoal("saya mau belajar analisis data"))).toEqual([
      "data",
      "analysis",
      "data analysis",
    ]);
  });

  it("answers an Indonesian goal with skills whose keywords exist in the catalogue", () => {
    const result = computeCompassLocally({ goal: "saya ingin jadi web developer", catalogue });
    expect(result.suggestedSkills[0]).toEqual({
      skillName: "JavaScript",
      searchKeywords: ["JavaScript"],
    });
    expect(result.suggestedSkills[1]).toEqual({
      skillName: "Frameworks and Back-end",
      searchKeywords: ["React", "Node.js", "Django"],
    });
    const titles = catalogue.map((c) => c.title.toLowerCase());
    for (const keyword of allKeywords(result)) {
      expect(
        titles.some((title) => title.includes(keyword.toLowerCase())),
        keyword,
      ).toBe(true);
    }
    expect(result.advice).toMatch(/^Start with JavaScript, then build on it with Frameworks/);
  });

  it("names the skills in the page's language, keeping the catalogue's keywords", () => {
    const result = computeCompassLocally({
      goal: "saya ingin jadi web developer",
      catalogue,
      locale: "id",
    });
    expect(result.suggestedSkills.map((skill) => skill.skillName)).toEqual([
      "JavaScript",
      "Framework dan Back-end",
    ]);
    expect(result.suggestedSkills[1]!.searchKeywords).toEqual(["React", "Node.js", "Django"]);
  });

  it("keeps one relevant skill rather than adding an unrelated one", () => {
    const small = [
      course("Canva for Busy People", "Design", "Graphic Design & Illustration"),
      course("JavaScript for Beginners", "Development", "Web Development"),
    ];
    const result = computeCompassLocally({ goal: "learn Canva", catalogue: small });
    expect(result.suggestedSkills).toEqual([
      { skillName: "Design Tools", searchKeywords: ["Canva"] },
    ]);
  });

  it("finds a topic no track knows from the catalogue's own titles and categories", () => {
    const result = computeCompassLocally({ goal: "I want to learn beekeeping", catalogue });
    expect(result.suggestedSkills[0]).toMatchObject({ skillName: "Animal Care" });
    expect(result.suggestedSkills[0]!.searchKeywords).toContain("Beekeeping");
    expect(result.advice).not.toMatch(/couldn't find/);
  });

  it("says plainly when nothing matches, and offers what there is", () => {
    const result = computeCompassLocally({ goal: "quantum underwater basket weaving", catalogue });
    expect(result.advice).toMatch(
      /^We couldn't find courses about "quantum underwater basket weaving"/,
    );
    expect(result.suggestedSkills.length).toBeGreaterThanOrEqual(2);
  });

  it("has nothing to suggest from an empty catalogue, and says so", () => {
    const result = computeCompassLocally({ goal: "python", catalogue: [] });
    expect(result).toEqual({
      advice: expect.stringMatching(/no free courses listed right now/),
      suggestedSkills: [],
      genericKeywords: [],
    });
  });
});
