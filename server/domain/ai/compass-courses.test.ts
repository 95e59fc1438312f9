import { describe, expect, it } from "vitest";
import { attachCourses, type ListedCourse } from "./compass-courses";

let nextId = 1;
function listed(title: string, language: string | null = "English"): ListedCourse {
  const id = nextId++;
  return {
    id,
    slug: `course-${id}`,
    title,
    language,
    category: "Development",
    subCategory: null,
    headline: null,
  };
}

const catalogue = [
  listed("Statistics for Data Science"),
  listed("SQL Bootcamp"),
  listed("Statistics Crash Course"),
  listed("Belajar SQL untuk Pemula", "Indonesian"),
  listed("Belajar Statistics dari Nol", "Indonesian"),
  listed("Python for Data Analysis"),
  listed("Excel: Pivot Tables"),
];

describe("the courses under each compass skill", () => {
  it("finds courses as the home search does, in the learner's language first", () => {
    const [skill] = attachCourses(
      [{ skillName: "Statistik dan SQL", searchKeywords: ["Statistics", "SQL"] }],
      catalogue,
      "id",
    );
    expect(skill!.courses!.map((course) => course.title)).toEqual([
      "Belajar Statistics dari Nol",
      "Belajar SQL untuk Pemula",
      "Statistics for Data Science",
    ]);
    expect(skill!.courses![0]).toEqual({
      id: 5,
      slug: "course-5",
      title: "Belajar Statistics dari Nol",
      language: "Indonesian",
    });
  });

  it("takes each keyword in turn on an English page, and never shows a course twice", () => {
    const skills = attachCourses(
      [
        { skillName: "Statistics and SQL", searchKeywords: ["Statistics", "SQL"] },
        { skillName: "SQL again", searchKeywords: ["SQL", "Pivot Tables"] },
      ],
      catalogue,
      "en",
    );
    expect(skills[0]!.courses!.map((course) => course.title)).toEqual([
      "Statistics for Data Science",
      "SQL Bootcamp",
      "Statistics Crash Course",
    ]);
    expect(skills[1]!.courses!.map((course) => course.title)).toEqual([
      "Excel: Pivot Tables",
      "Belajar SQL untuk Pemula",
    ]);
  });

  it("keeps a skill whose keywords find nothing, with no courses", () => {
    const [skill] = attachCourses(
      [{ skillName: "Piano", searchKeywords: ["Piano"] }],
      catalogue,
      "en",
    );
    expect(skill).toEqual({ skillName: "Piano", searchKeywords: ["Piano"], courses: [] });
  });
});
