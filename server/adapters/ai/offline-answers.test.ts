import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays, toJakartaDay } from "../../../core/dates";
import { generateDemoCatalogue } from "../../domain/catalog/demo-catalog";
import { parseUdemyCouponFeed } from "../coupon-feeds/udemy-json";
import { titleMatchesSearch } from "../../../core/search-match";
import { findWholeWords, repeatsKeyword } from "./catalog-terms";
import { computeCompassLocally } from "./local-compass";
import { computeTrendingLocally } from "./local-trending";
import type { CatalogueCourse, TrendingCategory, TrendingCourse, TrendingFacts } from "./types";

/**
 * The offline AI over whole catalogues: the demo catalogue a fresh install shows and the real
 * coupon sample. Its answers are read by learners, so they must not repeat themselves, name a
 * topic its courses do not share, or describe a rise from an empty week.
 */

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const samplePath = path.resolve(repoRoot, "../shared/data/udemy-coupons-sample.json");
const NOW = new Date("2026-11-22T03:00:00Z");
const TODAY = toJakartaDay(NOW);

type Listed = CatalogueCourse & { day: string };

function toListed(records: ReturnType<typeof generateDemoCatalogue>, today = TODAY): Listed[] {
  return records.map((record, index) => ({
    id: index + 1,
    title: record.title,
    category: record.category ?? "Other",
    subCategory: record.subCategory,
    headline: record.headline,
    day: toJakartaDay(record.foundAt) > today ? today : toJakartaDay(record.foundAt),
  }));
}

const catalogues: Array<[string, Listed[]]> = [
  ["demo catalogue", toListed(generateDemoCatalogue(NOW))],
  [
    "real sample",
    toListed(
      parseUdemyCouponFeed(JSON.parse(readFileSync(samplePath, "utf8")), { fallbackFoundAt: NOW })
        .records,
    ),
  ],
];

const GOALS = [
  "machine learning",
  "belajar machine learning",
  "data science",
  "AI",
  "belajar python",
  "desain grafis",
  "saya ingin jadi web developer",
  "digital marketing",
  "excel",
  "belajar bahasa inggris",
  "fotografi",
  "public speaking",
  "cyber security",
  "kotlin",
  "investasi saham",
  "akuntansi",
  "qwzx blorp",
];

describe.each(catalogues)("the offline compass on the %s", (_name, catalogue) => {
  it.each(GOALS)("%j never repeats a skill or a suggestion", (goal) => {
    const guidance = computeCompassLocally({ goal, catalogue });
    const names = guidance.suggestedSkills.map((skill) => skill.skillName.toLowerCase());
    expect(new Set(names).size, names.join(" | ")).toBe(names.length);

    const chips = [
      ...guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords),
      ...guidance.genericKeywords,
    ];
    chips.forEach((chip, index) => {
      const others = chips.filter((_, at) => at !== index).map((other) => other.toLowerCase());
      expect(repeatsKeyword(chip, others), `${chip} in ${chips.join(" | ")}`).toBe(false);
      expect(
        catalogue.some((course) => titleMatchesSearch(course.title, chip)),
        chip,
      ).toBe(true);
    });

    for (const skill of guidance.suggestedSkills) {
      expect(guidance.advice).toContain(skill.skillName);
      expect(guidance.advice).not.toContain(`${skill.skillName} (${skill.skillName}`);
    }
    expect(guidance.suggestedSkills.length).toBeGreaterThanOrEqual(2);
    expect(guidance.genericKeywords.length).toBeGreaterThanOrEqual(2);
  });
});

/** As server/domain/ai/trending.ts gathers them: opens by week, new courses this week. */
function trendingFacts(
  catalogue: Listed[],
  opens: Map<number, { thisWeek: number; lastWeek: number }>,
): TrendingFacts {
  const firstNewDay = addDays(TODAY, -6);
  const categories = new Map<string, TrendingCategory>();
  const courses: TrendingCourse[] = [];
  for (const course of catalogue) {
    const entry = categories.get(course.category) ?? {
      category: course.category,
      opensThisWeek: 0,
      opensLastWeek: 0,
      newCourses: 0,
      listedCourses: 0,
    };
    const opened = opens.get(course.id) ?? { thisWeek: 0, lastWeek: 0 };
    const isNew = course.day >= firstNewDay;
    entry.listedCourses += 1;
    entry.newCourses += isNew ? 1 : 0;
    entry.opensThisWeek += opened.thisWeek;
    entry.opensLastWeek += opened.lastWeek;
    categories.set(course.category, entry);
    if (isNew || opened.thisWeek + opened.lastWeek > 0) {
      courses.push({
        id: course.id,
        title: course.title,
        category: course.category,
        opensThisWeek: opened.thisWeek,
        opensLastWeek: opened.lastWeek,
        isNew,
      });
    }
  }
  if (courses.length === 0) {
    // Nothing opened and nothing new: the newest listed courses stand in.
    const newest = [...catalogue].sort((a, b) => b.day.localeCompare(a.day) || b.id - a.id);
    for (const course of newest.slice(0, 200)) {
      const { id, title, category } = course;
      courses.push({ id, title, category, opensThisWeek: 0, opensLastWeek: 0, isNew: false });
    }
  }
  const list = [...categories.values()];
  const sum = (pick: (c: TrendingCategory) => number) => list.reduce((s, c) => s + pick(c), 0);
  return {
    today: TODAY,
    windowDays: 7,
    totals: {
      opensThisWeek: sum((c) => c.opensThisWeek),
      opensLastWeek: sum((c) => c.opensLastWeek),
      newCoursesThisWeek: sum((c) => c.newCourses),
      listedCourses: sum((c) => c.listedCourses),
    },
    categories: list,
    courses: courses.sort((a, b) => b.opensThisWeek - a.opensThisWeek || b.id - a.id).slice(0, 500),
  };
}

/** The modal's list: titles holding a keyword as whole words, most opened first, 5 at most. */
function relatedCourses(facts: TrendingFacts, catalogue: Listed[], keywords: string[]): string[] {
  const opened = new Map(facts.courses.map((course) => [course.id, course.opensThisWeek]));
  const seen = new Set<string>();
  return catalogue
    .filter((course) =>
      keywords.some((k) => findWholeWords(course.title.toLowerCase(), k.toLowerCase()) !== -1),
    )
    .sort((a, b) => (opened.get(b.id) ?? 0) - (opened.get(a.id) ?? 0) || b.id - a.id)
    .map((course) => course.title)
    .filter((title) => !seen.has(title.toLowerCase()) && seen.add(title.toLowerCase()))
    .slice(0, 5);
}

/** Opens spread over courses of different subjects: some titles share words, most do not. */
function scenarios(catalogue: Listed[]) {
  const pick = (words: string[], thisWeek: number, lastWeek: number) =>
    words.flatMap((word) =>
      catalogue
        .filter((course) => findWholeWords(course.title.toLowerCase(), word) !== -1)
        .slice(0, 3)
        .map((course) => [course.id, { thisWeek, lastWeek }] as const),
    );
  const everyNth = (step: number, thisWeek: number, lastWeek: number) =>
    catalogue
      .filter((_, index) => index % step === 0)
      .slice(0, 12)
      .map((course, index) => [course.id, { thisWeek: thisWeek + (index % 3), lastWeek }] as const);
  return [
    ["no opens at all", new Map()],
    [
      "a first week of opens (nothing the week before)",
      new Map(pick(["kotlin", "rust", "laravel", "python", "excel", "chatgpt"], 4, 0)),
    ],
    ["opens in both weeks", new Map([...pick(["figma", "java"], 3, 1), ...pick(["python"], 2, 5)])],
    ["scattered opens, unrelated titles, first week", new Map(everyNth(37, 2, 0))],
    ["scattered opens, unrelated titles, both weeks", new Map(everyNth(53, 3, 1))],
  ] as const;
}

describe.each(catalogues)("offline trending on the %s", (_name, catalogue) => {
  it.each(scenarios(catalogue))(
    "%s: the topic matches its courses and its numbers",
    (_s, opens) => {
      const facts = trendingFacts(catalogue, opens);
      const topic = computeTrendingLocally(facts);

      expect(topic.keywords.length).toBeGreaterThan(0);
      for (const keyword of topic.keywords) {
        expect(topic.topic.toLowerCase(), keyword).toContain(keyword.toLowerCase());
      }
      const related = relatedCourses(facts, catalogue, topic.keywords);
      expect(related.length).toBeGreaterThan(0);
      for (const title of related) {
        const shared = topic.keywords.some(
          (k) =>
            findWholeWords(title.toLowerCase(), k.toLowerCase()) !== -1 &&
            topic.topic.toLowerCase().includes(k.toLowerCase()),
        );
        expect(shared, `${title} under ${topic.topic}`).toBe(true);
      }

      // No rise or fall measured against an empty week.
      expect(topic.explanation).not.toMatch(/from none|from \*\*0\*\*|Infinity|NaN/);
      const listed = topic.explanation.split("\n").filter((line) => line.startsWith("- "));
      expect(new Set(listed).size).toBe(listed.length);
    },
  );
});
