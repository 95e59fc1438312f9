import { describe, expect, it } from "vitest";
import { computeTrendingLocally } from "./local-trending";
import type { TrendingFacts } from "./types";

function facts(overrides: Partial<TrendingFacts> = {}): TrendingFacts {
  return {
    today: "2026-11-22",
    windowDays: 7,
    totals: { opensThisWeek: 0, opensLastWeek: 0, newCoursesThisWeek: 0, listedCourses: 0 },
    categories: [],
    courses: [],
    ...overrides,
  };
}

/** A week in which Design grew most, led by two Figma courses. */
const DESIGN_WEEK: TrendingFacts["categories"][number] = {
  category: "Design",
  opensThisWeek: 18,
  opensLastWeek: 2,
  newCourses: 1,
  listedCourses: 20,
};
const FIGMA_COURSES: TrendingFacts["courses"] = [
  {
    id: 1,
    title: "Figma UI Design Masterclass",
    category: "Design",
    opensThisWeek: 10,
    opensLastWeek: 1,
    isNew: false,
  },
  {
    id: 2,
    title: "Figma for Beginners",
    category: "Design",
    opensThisWeek: 8,
    opensLastWeek: 1,
    isNew: true,
  },
];

describe("offline trending topics", () => {
  it("picks the category whose opens grew most, and cites the numbers", () => {
    const topic = computeTrendingLocally(
      facts({
        totals: { opensThisWeek: 30, opensLastWeek: 20, newCoursesThisWeek: 2, listedCourses: 50 },
        categories: [
          {
            category: "Development",
            opensThisWeek: 12,
            opensLastWeek: 18,
            newCourses: 1,
            listedCourses: 30,
          },
          DESIGN_WEEK,
        ],
        courses: [
          ...FIGMA_COURSES,
          {
            id: 3,
            title: "Learn Python in 30 Days",
            category: "Development",
            opensThisWeek: 12,
            opensLastWeek: 18,
            isNew: false,
          },
        ],
      }),
    );
    expect(topic.topic).toBe("Design: Figma");
    expect(topic.keywords[0]).toBe("Figma");
    expect(topic.explanation).toContain(
      "**Design** is where learners are heading: **18** course opens in the last 7 days, up from **2** the week before (+800%).",
    );
    expect(topic.explanation).toContain("- Figma UI Design Masterclass (**10** opens)");
    expect(topic.explanation).toContain(
      "Across the site: **30** opens this week, up from **20** the week before (+50%).",
    );
  });

  it("explains in Indonesian for an Indonesian page, with the same numbers", () => {
    const topic = computeTrendingLocally(
      facts({
        totals: { opensThisWeek: 30, opensLastWeek: 20, newCoursesThisWeek: 1, listedCourses: 50 },
        categories: [DESIGN_WEEK],
        courses: [...FIGMA_COURSES],
      }),
      "id",
    );
    expect(topic.topic).toBe("Design: Figma");
    expect(topic.explanation).toBe(
      [
        "**Design** sedang banyak diminati: **18** kali kursus dibuka dalam 7 hari terakhir, naik dari **2** pada minggu sebelumnya (+800%).",
        "",
        "Paling sering dibuka minggu ini:",
        "- Figma UI Design Masterclass (**10** kali dibuka)",
        "- Figma for Beginners (**8** kali dibuka)",
        "",
        "**1** kursus Design baru hadir minggu ini, jadi ada banyak pilihan.",
        "",
        "Di seluruh situs: **30** kali dibuka minggu ini, naik dari **20** pada minggu sebelumnya (+50%).",
      ].join("\n"),
    );
  });

  it("without any opens, is about new courses", () => {
    const topic = computeTrendingLocally(
      facts({
        totals: { opensThisWeek: 0, opensLastWeek: 0, newCoursesThisWeek: 5, listedCourses: 40 },
        categories: [
          {
            category: "Marketing",
            opensThisWeek: 0,
            opensLastWeek: 0,
            newCourses: 3,
            listedCourses: 10,
          },
          {
            category: "Music",
            opensThisWeek: 0,
            opensLastWeek: 0,
            newCourses: 2,
            listedCourses: 30,
          },
        ],
        courses: [
          {
            id: 1,
            title: "SEO Crash Course",
            category: "Marketing",
            opensThisWeek: 0,
            opensLastWeek: 0,
            isNew: true,
          },
          {
            id: 2,
            title: "SEO for Busy People",
            category: "Marketing",
            opensThisWeek: 0,
            opensLastWeek: 0,
            isNew: true,
          },
          {
            id: 3,
            title: "TikTok Marketing Masterclass",
            category: "Marketing",
            opensThisWeek: 0,
            opensLastWeek: 0,
            isNew: true,
          },
        ],
      }),
    );
    expect(topic.topic).toMatch(/^New in Marketing: SEO/);
    expect(topic.keywords).toContain("SEO");
    expect(topic.explanation).toMatch(
      /^No course opens have been recorded in the last 14 days, so this is based on what is new: \*\*3\*\* new Marketing courses arrived in the last 7 days, the most of any category \(\*\*5\*\* new courses overall\)\./,
    );
  });

  it("has a sensible answer for an empty catalogue", () => {
    expect(computeTrendingLocally(facts())).toEqual({
      topic: "No trending topics yet",
      explanation: expect.stringMatching(/no free courses listed right now/),
      keywords: [],
    });
  });

  it("names every keyword in the topic, and measures no change against an empty week", () => {
    const opened = (id: number, title: string, opensThisWeek: number) => ({
      id,
      title,
      category: "Development",
      opensThisWeek,
      opensLastWeek: 0,
      isNew: false,
    });
    const topic = computeTrendingLocally(
      facts({
        totals: { opensThisWeek: 20, opensLastWeek: 0, newCoursesThisWeek: 0, listedCourses: 9 },
        categories: [
          {
            category: "Development",
            opensThisWeek: 20,
            opensLastWeek: 0,
            newCourses: 0,
            listedCourses: 9,
          },
        ],
        courses: [
          opened(1, "Laravel Essentials: A Step-by-Step Guide", 6),
          opened(2, "Hands-On Laravel with Real-World Examples", 6),
          opened(3, "Kotlin Crash Course for Busy People", 4),
          opened(4, "Learn Kotlin in 30 Days", 2),
          opened(5, "Favicon Grabber Using JavaScript", 2),
        ],
      }),
    );
    expect(topic.topic).toBe("Development: Laravel & Kotlin");
    expect(topic.keywords).toEqual(["Laravel", "Kotlin"]);
    expect(topic.explanation).toContain(
      "**Development** is where learners are heading: **20** course opens in the last 7 days, the most of any category.",
    );
    expect(topic.explanation).toContain(
      "Across the site: **20** opens this week. Nothing was opened the week before, so there is no earlier week to compare with yet.",
    );
    expect(topic.explanation).not.toMatch(/from none/);
  });
});
