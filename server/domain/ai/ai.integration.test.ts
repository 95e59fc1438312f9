import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AI_MESSAGES,
  learningGuidanceSchema,
  trendingTopicSchema,
  type LearningGuidance,
} from "../../../core/ai-schemas";
import { DEFAULT_COURSE_FILTERS } from "../../../core/course-filters";
import { addDays, toJakartaDay } from "../../../core/dates";
import { titleMatchesSearch } from "../../../core/search-match";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { createAiProvider } from "../../adapters/ai";
import { neutralClassifier } from "../../../tests/setup/neutral-image-classifier";
import { createLocalAiProvider } from "../../adapters/ai/local-provider";
import type { AiProvider } from "../../adapters/ai/types";
import { courses, visits } from "../../db/schema";
import type { Services } from "../../services";
import { listCourses } from "../catalog/catalog";
import { generateDemoCatalogue } from "../catalog/demo-catalog";
import { importCouponRecords } from "../ingest/import-records";
import { getLearningGuidance } from "./compass";
import { findRelatedCourses, getTrendingTopic } from "./trending";

const NOW = "2026-11-22T10:00:00+07:00";

let harness: TestServices;
let services: Services;

function withProvider(ai: AiProvider): Services {
  return { ...harness.services, ai };
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  services = withProvider(
    createAiProvider(
      { geminiApiKey: undefined, geminiModel: "unused", geminiBaseUrl: undefined, timeoutMs: 1000 },
      { classifier: neutralClassifier },
    ),
  );
  await importCouponRecords(services, generateDemoCatalogue(harness.clock.now()), "demo");
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(visits);
  harness.services.cache.forget();
  harness.clock.set(NOW);
});

async function searchTotal(keyword: string): Promise<number> {
  const page = await listCourses(services, { ...DEFAULT_COURSE_FILTERS, search: keyword });
  return page.total;
}

async function expectUsefulGuidance(guidance: LearningGuidance) {
  expect(learningGuidanceSchema.parse(guidance)).toEqual(guidance);
  expect(guidance.suggestedSkills.length).toBeGreaterThanOrEqual(2);
  expect(guidance.suggestedSkills.length).toBeLessThanOrEqual(3);
  expect(guidance.genericKeywords.length).toBeGreaterThanOrEqual(2);
  expect(guidance.genericKeywords.length).toBeLessThanOrEqual(4);
  for (const skill of guidance.suggestedSkills) {
    expect(skill.searchKeywords.length).toBeGreaterThanOrEqual(1);
    expect(skill.searchKeywords.length).toBeLessThanOrEqual(3);
    expect(guidance.advice).toContain(skill.skillName);
  }
  // Every chip, applied as ?search=, lists at least one course on the home page.
  const keywords = [
    ...guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords),
    ...guidance.genericKeywords,
  ];
  for (const keyword of keywords) {
    expect({ keyword, total: await searchTotal(keyword) }).toEqual({
      keyword,
      total: expect.any(Number),
    });
    expect(await searchTotal(keyword), keyword).toBeGreaterThan(0);
  }
}

describe("Learning Compass on the demo catalogue (offline provider)", () => {
  it.each([
    ["I want to become a web developer", ["JavaScript", "React"]],
    ["saya ingin jadi web developer", ["JavaScript", "React"]],
    ["belajar data science", ["Python", "Machine Learning"]],
    ["desain grafis", ["Canva", "Figma"]],
    ["Saya mau belajar digital marketing untuk UMKM", ["SEO"]],
    ["I want to get better at Excel for my office job", ["Excel"]],
    ["pemrograman aplikasi android", ["Kotlin"]],
  ])("%j gives skills whose keywords all find courses", async (goal, expected) => {
    const guidance = await getLearningGuidance(services, goal);
    await expectUsefulGuidance(guidance);
    const keywords = guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords);
    for (const keyword of expected) expect(keywords).toContain(keyword);
  });

  it("shows under each skill the courses free today its keywords find, the learner's language first", async () => {
    const listed = await harness.services.db
      .select({ id: courses.id, slug: courses.slug, language: courses.language })
      .from(courses);
    const byId = new Map(listed.map((row) => [row.id, row]));
    for (const locale of ["id", "en"] as const) {
      const guidance = await getLearningGuidance(
        services,
        "belajar data science untuk pemula",
        locale,
      );
      const [first] = guidance.suggestedSkills;
      expect(first!.searchKeywords).toContain("Python");
      const shown = guidance.suggestedSkills.flatMap((skill) => skill.courses ?? []);
      expect(shown.length).toBeGreaterThanOrEqual(guidance.suggestedSkills.length);
      for (const skill of guidance.suggestedSkills) {
        expect(skill.courses!.length).toBeGreaterThan(0);
        for (const course of skill.courses!) {
          expect(byId.get(course.id)?.slug).toBe(course.slug);
          expect(
            skill.searchKeywords.some((keyword) => titleMatchesSearch(course.title, keyword)),
            `${course.title} under ${skill.skillName}`,
          ).toBe(true);
        }
      }
      expect(new Set(shown.map((course) => course.id)).size).toBe(shown.length);
      // The demo catalogue has Python courses in Indonesian: they lead on /id, not on /.
      const firstLanguage = first!.courses![0]!.language;
      expect(firstLanguage).toBe(locale === "id" ? "Indonesian" : "English");
    }
  });

  it("says so when nothing matches, and still offers popular areas with courses", async () => {
    const guidance = await getLearningGuidance(services, "beekeeping for bees");
    expect(guidance.advice).toMatch(/couldn't find courses about "beekeeping for bees"/);
    await expectUsefulGuidance(guidance);
  });

  it("refuses an empty or overlong goal with SPEC's message", async () => {
    await expect(getLearningGuidance(services, "   ")).rejects.toThrow(AI_MESSAGES.goalRequired);
    await expect(getLearningGuidance(services, "x".repeat(501))).rejects.toThrow(
      AI_MESSAGES.goalTooLong,
    );
  });

  it("drops keywords of another provider that find no listed course, and tops up from ours", async () => {
    const dreamy: AiProvider = {
      ...createLocalAiProvider({ classifier: neutralClassifier }),
      async compass() {
        return {
          ok: true,
          value: {
            advice: "Learn Quantum Basket Weaving, then Python.",
            suggestedSkills: [
              { skillName: "Basket Weaving", searchKeywords: ["Quantum Basket Weaving"] },
              { skillName: "Programming", searchKeywords: ["Python", "Nonexistentium"] },
            ],
            genericKeywords: ["Zzyzx", "Python"],
          },
        };
      },
    };
    const guidance = await getLearningGuidance(withProvider(dreamy), "belajar data science");
    const keywords = [
      ...guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords),
      ...guidance.genericKeywords,
    ];
    expect(keywords).not.toContain("Quantum Basket Weaving");
    expect(keywords).not.toContain("Nonexistentium");
    expect(keywords).not.toContain("Zzyzx");
    expect(guidance.suggestedSkills[0]).toMatchObject({
      skillName: "Programming",
      searchKeywords: ["Python"],
    });
    await expectUsefulGuidance(guidance);
  });
});

async function insertVisits(courseIds: number[], daysAgo: number, perCourse: number) {
  const at = new Date(harness.clock.now().getTime() - daysAgo * 86_400_000);
  const rows = courseIds.flatMap((courseId) =>
    Array.from({ length: perCourse }, (_, index) => ({
      subject: `anon:trend-${daysAgo}-${index}`,
      courseId,
      visitedAt: at,
      day: toJakartaDay(at),
    })),
  );
  if (rows.length > 0) await harness.services.db.insert(visits).values(rows);
}

async function coursesTitled(word: string, category?: string) {
  const rows = await harness.services.db
    .select({ id: courses.id, title: courses.title, category: courses.category })
    .from(courses);
  return rows.filter(
    (row) =>
      row.title.toLowerCase().includes(word.toLowerCase()) &&
      (category === undefined || row.category === category),
  );
}

describe("Trending topics from our own data", () => {
  it("with no visits at all, is about new courses and cites their number", async () => {
    const topic = await getTrendingTopic(services);
    expect(trendingTopicSchema.parse(topic)).toEqual(topic);
    expect(topic.topic).toMatch(/^New in /);
    expect(topic.explanation).toMatch(/No course opens have been recorded in the last 14 days/);
    expect(topic.explanation).toMatch(/\*\*\d+\*\* new .+ courses? arrived in the last 7 days/);
    expect(topic.keywords.length).toBeGreaterThan(0);
    expect(topic.relatedCourses!.length).toBeGreaterThan(0);
    expect(topic.relatedCourses!.length).toBeLessThanOrEqual(5);
    for (const course of topic.relatedCourses!) {
      expect(Object.keys(course).sort()).toEqual(["id", "title"]);
      const title = course.title.toLowerCase();
      expect(topic.keywords.some((keyword) => title.includes(keyword.toLowerCase()))).toBe(true);
    }
  });

  it("follows opens: the category opened more this week than last wins, with the numbers", async () => {
    const design = (await coursesTitled("Figma", "Design")).slice(0, 3);
    const development = (await coursesTitled("Python", "Development")).slice(0, 3);
    expect(design.length).toBeGreaterThan(0);
    expect(development.length).toBeGreaterThan(0);
    await insertVisits(
      design.map((course) => course.id),
      2,
      4,
    );
    await insertVisits(
      development.map((course) => course.id),
      10,
      5,
    );
    await insertVisits([development[0]!.id], 1, 1);

    const topic = await getTrendingTopic(services);
    const designOpens = design.length * 4;
    expect(topic.topic).toMatch(/^Design: /);
    expect(topic.keywords).toContain("Figma");
    expect(topic.explanation).toContain(
      `**Design** is drawing new interest: **${designOpens}** course opens in the last 7 days, where the week before had none in this category.`,
    );
    expect(topic.explanation).toMatch(
      new RegExp(
        `Across the site: \\*\\*${designOpens + 1}\\*\\* opens this week, down from \\*\\*${development.length * 5}\\*\\* the week before`,
      ),
    );
    // Most opened first.
    expect(design.map((course) => course.id)).toContain(topic.relatedCourses![0]!.id);
  });

  it("is cached for an hour", async () => {
    const first = await getTrendingTopic(services);
    const python = await coursesTitled("Python", "Development");
    await insertVisits(
      python.map((course) => course.id),
      1,
      3,
    );
    expect(await getTrendingTopic(services)).toEqual(first);
    harness.services.cache.forget("ai:trending");
    expect((await getTrendingTopic(services)).topic).toMatch(/^Development: /);
  });
});

describe("catalogue days", () => {
  it("uses the clock's day: courses found after today are not suggested", async () => {
    harness.clock.set(`${addDays("2026-11-22", -13)}T10:00:00+07:00`);
    const guidance = await getLearningGuidance(services, "belajar data science");
    for (const keyword of guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords)) {
      expect(await searchTotal(keyword)).toBeGreaterThan(0);
    }
  });
});

describe("courses under a trending topic", () => {
  it("hold a keyword as whole words, each title once", async () => {
    const [template] = generateDemoCatalogue(harness.clock.now(), { count: 1 });
    await importCouponRecords(
      services,
      ["Building Trust in Remote Teams", "Rust for Beginners: From Zero to Hero"].map(
        (title, index) => ({
          ...template!,
          title,
          courseUrl: `https://www.udemy.com/course/related-${index}/?couponCode=REL${index}`,
          couponCode: `REL${index}`,
        }),
      ),
      "demo",
    );
    const related = await findRelatedCourses(services, ["Rust"]);
    const titles = related.map((course) => course.title);
    expect(titles).toContain("Rust for Beginners: From Zero to Hero");
    expect(titles).not.toContain("Building Trust in Remote Teams");
    expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(titles.length);
  });
});
