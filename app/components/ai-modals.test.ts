import { describe, expect, it } from "vitest";
import { readGuidance } from "./ai-compass-modal";
import { readTrending } from "./trending-modal";

describe("reading the compass reply", () => {
  it("accepts the full shape, fenced or not", () => {
    const guidance = {
      advice: "Start with Python.",
      suggestedSkills: [
        {
          skillName: "Python",
          searchKeywords: ["Python"],
          courses: [{ id: 1, slug: "python-101", title: "Python 101", language: null }],
        },
      ],
      genericKeywords: ["Data Science"],
    };
    expect(readGuidance(JSON.stringify(guidance))).toEqual(guidance);
    expect(readGuidance(`\`\`\`json\n${JSON.stringify(guidance)}\n\`\`\``)).toEqual(guidance);
  });

  it("keeps what it can when the advice is there, courses under a skill included", () => {
    const sqlCourse = { id: 7, slug: "sql-bootcamp", title: "SQL Bootcamp", language: "English" };
    expect(
      readGuidance(
        JSON.stringify({
          advice: "Learn SQL.",
          suggestedSkills: [
            {
              skillName: "SQL",
              searchKeywords: ["SQL", 3],
              courses: [sqlCourse, { id: "x", title: "SQL?" }],
            },
            { skillName: "" },
          ],
        }),
      ),
    ).toEqual({
      advice: "Learn SQL.",
      suggestedSkills: [{ skillName: "SQL", searchKeywords: ["SQL"], courses: [sqlCourse] }],
      genericKeywords: [],
    });
  });

  it("cannot use a reply without an advice string", () => {
    expect(readGuidance('{"suggestedSkills": []}')).toBeNull();
    expect(readGuidance('{"advice": 42}')).toBeNull();
    expect(readGuidance("not json")).toBeNull();
  });
});

describe("reading the trending reply", () => {
  it("keeps up to 5 related courses whose titles contain a keyword", () => {
    const relatedCourses = [
      { id: 1, title: "Python for Data Science" },
      { id: 2, title: "Excel Basics" },
      { id: 3, title: "Learn python fast" },
      { id: 4, title: "Python A" },
      { id: 5, title: "Python B" },
      { id: 6, title: "Python C" },
      { id: 7, title: "Python D" },
    ];
    const answer = readTrending(
      JSON.stringify({
        topic: "Python",
        explanation: "**5** opens",
        keywords: ["Python"],
        relatedCourses,
      }),
    );
    expect(answer!.relatedCourses.map((course) => course.id)).toEqual([1, 3, 4, 5, 6]);
  });

  it("calls a reply without topic or explanation malformed", () => {
    expect(readTrending('{"topic": "Python"}')).toBeNull();
    expect(readTrending('{"explanation": "x", "keywords": []}')).toBeNull();
    expect(readTrending("[]")).toBeNull();
  });
});
