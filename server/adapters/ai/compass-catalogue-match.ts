import type { SuggestedSkill } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { taxonomyName } from "../../../core/taxonomy-names";
import {
  displayCasing,
  findWholeWords,
  pickDistinct,
  rankPhrases,
  repeatsKeyword,
} from "./catalog-terms";
import type { CatalogueCourse } from "./types";

/** Matching a goal's terms against the catalogue: which keywords find courses, which courses fit. */

export const MAX_SKILL_KEYWORDS = 3;

/**
 * "data science" as the learner wrote it, rather than "data" and "science" (which would also
 * find "Sleep Science"): a two-word term that finds courses replaces its single words.
 */
export function withoutCoveredWords(terms: string[], catalogue: CatalogueIndex): string[] {
  const phrases = terms.filter((term) => term.includes(" ") && catalogue.hasCourses(term));
  const covered = new Set(phrases.flatMap((term) => term.split(" ")));
  return [
    ...phrases,
    ...terms.filter((term) => !term.includes(" ") && !covered.has(term)),
    ...terms.filter((term) => term.includes(" ") && !phrases.includes(term)),
  ];
}

export type CatalogueIndex = {
  courses: CatalogueCourse[];
  hasCourses(keyword: string): boolean;
  countMatching(keywords: string[]): number;
};

export function indexCatalogue(courses: CatalogueCourse[]): CatalogueIndex {
  const memo = new Map<string, boolean>();
  const titles = courses.map((course) => course.title.toLowerCase());
  const matches = (keyword: string, title: string) =>
    keyword
      .toLowerCase()
      .split(/\s+/)
      .every((word) => title.includes(word));
  return {
    courses,
    hasCourses(keyword) {
      const key = keyword.toLowerCase();
      let found = memo.get(key);
      if (found === undefined) {
        found = titles.some((title) => matches(key, title));
        memo.set(key, found);
      }
      return found;
    },
    countMatching(keywords) {
      return titles.filter((title) => keywords.some((k) => matches(k, title))).length;
    },
  };
}

/** Keeps keywords that find courses, dropping ones that repeat a keyword already used. */
export function usableKeywords(
  keywords: string[],
  catalogue: CatalogueIndex,
  used: Set<string>,
  limit: number,
): string[] {
  const picked: string[] = [];
  for (const keyword of keywords) {
    if (picked.length >= limit) break;
    const key = keyword.toLowerCase();
    if (repeatsKeyword(key, used) || !catalogue.hasCourses(key)) continue;
    picked.push(keyword);
    used.add(key);
  }
  return picked;
}

export type ScoredCourse = { course: CatalogueCourse; score: number; inTitle: boolean };

/** Term matching over titles (×3), categories (×2) and headlines (×1). */
type PreparedCourse = { title: string; category: string; headline: string };
const preparedCatalogues = new WeakMap<CatalogueCourse[], PreparedCourse[]>();

/** Lower-cased fields, computed once per (cached) catalogue snapshot. */
function prepare(courses: CatalogueCourse[]): PreparedCourse[] {
  let prepared = preparedCatalogues.get(courses);
  if (!prepared) {
    prepared = courses.map((course) => ({
      title: course.title.toLowerCase(),
      category: `${course.category} ${course.subCategory ?? ""}`.toLowerCase(),
      headline: (course.headline ?? "").toLowerCase(),
    }));
    preparedCatalogues.set(courses, prepared);
  }
  return prepared;
}

/** Term matching over titles (×3), categories (×2) and headlines (×1). */
export function scoreCourses(courses: CatalogueCourse[], terms: string[]): ScoredCourse[] {
  if (terms.length === 0) return [];
  const weighted = terms.map((term) => ({ term, weight: term.includes(" ") ? 2 : 1 }));
  const prepared = prepare(courses);
  const scored: ScoredCourse[] = [];
  courses.forEach((course, index) => {
    const fields = prepared[index]!;
    let score = 0;
    let inTitle = false;
    for (const { term, weight } of weighted) {
      if (findWholeWords(fields.title, term) !== -1) {
        score += 3 * weight;
        inTitle = true;
      }
      if (findWholeWords(fields.category, term) !== -1) score += 2 * weight;
      if (findWholeWords(fields.headline, term) !== -1) score += weight;
    }
    if (score > 0) scored.push({ course, score, inTitle });
  });
  return scored.sort((a, b) => b.score - a.score);
}

/** Skills from the catalogue itself: matched courses grouped by sub-category. */
export function skillsFromCourses(
  scored: ScoredCourse[],
  terms: string[],
  catalogue: CatalogueIndex,
  used: Set<string>,
  wanted: number,
  named: SuggestedSkill[],
  locale: Locale,
): SuggestedSkill[] {
  const groups = new Map<string, ScoredCourse[]>();
  for (const entry of scored.slice(0, 200)) {
    const name = entry.course.subCategory || entry.course.category;
    groups.set(name, [...(groups.get(name) ?? []), entry]);
  }
  const ordered = [...groups.entries()].sort(
    ([, a], [, b]) => b.reduce((s, e) => s + e.score, 0) - a.reduce((s, e) => s + e.score, 0),
  );
  const termWords = new Set(terms.flatMap((term) => term.split(" ")));
  const skills: SuggestedSkill[] = [];
  // A skill named twice reads as one suggestion shown twice.
  const names = new Set(named.map((skill) => skill.skillName.toLowerCase()));
  for (const [name, entries] of ordered) {
    if (skills.length >= wanted) break;
    const shownName = taxonomyName(name, locale);
    if (names.has(shownName.toLowerCase())) continue;
    const titles = entries.map((entry) => entry.course.title);
    const ranked = rankPhrases(
      entries.map((entry) => ({ title: entry.course.title, weight: entry.score })),
      { boost: (phrase) => (phrase.split(" ").some((word) => termWords.has(word)) ? 2 : 1) },
    );
    const taken = new Set([...used].flatMap((keyword) => keyword.split(" ")));
    const keywords = usableKeywords(
      pickDistinct(ranked, MAX_SKILL_KEYWORDS, taken).map((phrase) =>
        displayCasing(phrase, titles),
      ),
      catalogue,
      used,
      MAX_SKILL_KEYWORDS,
    );
    if (keywords.length > 0) {
      skills.push({ skillName: shownName, searchKeywords: keywords });
      names.add(shownName.toLowerCase());
    }
  }
  return skills;
}
