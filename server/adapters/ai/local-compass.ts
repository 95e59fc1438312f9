import type { LearningGuidance, SuggestedSkill } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { taxonomyName } from "../../../core/taxonomy-names";
import { titleMatchesSearch } from "../../../core/search-match";
import {
  displayCasing,
  findWholeWords,
  GOAL_FILLER,
  isUsableKeyword,
  pickDistinct,
  rankPhrases,
  repeatsKeyword,
  STOPWORDS,
  tokenize,
} from "./catalog-terms";
import { writeAdvice } from "./compass-advice";
import { COMPASS_TRACKS, type CompassTrack } from "./compass-tracks";
import { GOAL_SYNONYMS } from "./goal-synonyms";
import type { CatalogueCourse, CompassInput } from "./types";

/**
 * The offline AI Learning Compass: the goal (English or Indonesian) is translated onto the
 * English words of course titles, matched against skill tracks and against the catalogue's
 * titles, categories and headlines, and every keyword it suggests finds courses today.
 */

const MAX_SKILLS = 3;
const MAX_SKILL_KEYWORDS = 3;
const MAX_GENERIC = 4;
const MIN_SKILLS = 2;
const MIN_GENERIC = 2;

const synonymEntries = Object.entries(GOAL_SYNONYMS)
  .map(([from, to]) => [from.split(" "), to.split(" ")] as const)
  .sort(([a], [b]) => b.length - a.length);

/** The phrase occurs as whole words in a space-separated word string. */
function hasPhrase(words: string, phrase: string): boolean {
  return ` ${words} `.includes(` ${phrase} `);
}

/**
 * Lower case, no accents, one space between words, Indonesian phrasings replaced by the
 * English words titles use ("saya ingin jadi pengembang web" → "saya ingin jadi web developer").
 */
export function translateGoal(goal: string): string {
  const words = goal
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#./-]+/gu, " ")
    .split(" ")
    .map((word) => word.replace(/^[./-]+|[./-]+$/g, ""))
    .filter((word) => word !== "");
  const translated: string[] = [];
  for (let index = 0; index < words.length;) {
    const match = synonymEntries.find(([from]) =>
      from.every((word, offset) => words[index + offset] === word),
    );
    if (match) {
      translated.push(...match[1]);
      index += match[0].length;
    } else {
      translated.push(words[index]!);
      index += 1;
    }
  }
  return translated.join(" ");
}

/** The goal's own topic words ("python", "data science"): fillers and function words removed. */
export function goalTerms(translated: string): string[] {
  const words = tokenize(translated).filter(
    (word) => !GOAL_FILLER.has(word) && !STOPWORDS.has(word) && !/^\d+$/.test(word),
  );
  const terms = new Set<string>(words.filter((word) => word.length >= 2));
  for (let index = 0; index + 1 < words.length; index += 1) {
    terms.add(`${words[index]} ${words[index + 1]}`);
  }
  return [...terms];
}

/**
 * Tracks the goal names, strongest first: each trigger counts its words; a track whose skills
 * name one of the learner's own words exactly ("accounting") wins a tie.
 */
function scoreTracks(
  translated: string,
  terms: string[],
): Array<{ track: CompassTrack; score: number }> {
  const scored = COMPASS_TRACKS.map((track) => {
    const hits = track.triggers.reduce(
      (sum, trigger) => sum + (hasPhrase(translated, trigger) ? trigger.split(" ").length : 0),
      0,
    );
    const named = track.skills.some((skill) =>
      skill.keywords.some((keyword) => terms.includes(keyword.toLowerCase())),
    );
    return { track, score: hits > 0 ? hits + (named ? 0.5 : 0) : 0 };
  });
  return scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
}

/**
 * "data science" as the learner wrote it, rather than "data" and "science" (which would also
 * find "Sleep Science"): a two-word term that finds courses replaces its single words.
 */
function withoutCoveredWords(terms: string[], catalogue: CatalogueIndex): string[] {
  const phrases = terms.filter((term) => term.includes(" ") && catalogue.hasCourses(term));
  const covered = new Set(phrases.flatMap((term) => term.split(" ")));
  return [
    ...phrases,
    ...terms.filter((term) => !term.includes(" ") && !covered.has(term)),
    ...terms.filter((term) => term.includes(" ") && !phrases.includes(term)),
  ];
}

type CatalogueIndex = {
  courses: CatalogueCourse[];
  hasCourses(keyword: string): boolean;
  countMatching(keywords: string[]): number;
};

function indexCatalogue(courses: CatalogueCourse[]): CatalogueIndex {
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
function usableKeywords(
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

type ScoredCourse = { course: CatalogueCourse; score: number; inTitle: boolean };

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
function scoreCourses(courses: CatalogueCourse[], terms: string[]): ScoredCourse[] {
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
function skillsFromCourses(
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

/**
 * 2–4 broader keywords, from the most to the least specific source: the goal's own words, the
 * track's broader topics, phrases of titles that matched the goal; then, only to reach two,
 * the skills' keywords again, phrases of courses whose category matched, and popular phrases.
 */
function pickGenericKeywords(
  courses: CatalogueCourse[],
  catalogue: CatalogueIndex,
  terms: string[],
  tracks: CompassTrack[],
  scored: ScoredCourse[],
  skills: SuggestedSkill[],
  used: Set<string>,
): string[] {
  const phrasesOf = (entries: ScoredCourse[], count: number) => {
    const titles = entries.map((entry) => entry.course.title);
    return pickDistinct(
      // A phrase from a single title is that title's wording, not a topic.
      rankPhrases(
        entries.map((entry) => ({ title: entry.course.title, weight: entry.score })),
        { minCourses: 2 },
      ),
      count,
    ).map((phrase) => displayCasing(phrase, titles));
  };
  // "public speaking" as the learner wrote it, rather than "public" and "speaking".
  const phrases = terms.filter(
    (term) => term.includes(" ") && isUsableKeyword(term) && catalogue.hasCourses(term),
  );
  const covered = new Set(phrases.flatMap((term) => term.split(" ")));
  const ownWords = [
    ...phrases,
    ...terms.filter((term) => !term.includes(" ") && !covered.has(term)),
  ]
    .filter(isUsableKeyword)
    .map((term) =>
      displayCasing(
        term,
        scored.slice(0, 50).map((entry) => entry.course.title),
      ),
    );
  const titleMatched = scored.filter((entry) => entry.inTitle).slice(0, 100);

  const picked = usableKeywords(
    [...ownWords, ...tracks.flatMap((track) => track.generic), ...phrasesOf(titleMatched, 8)],
    catalogue,
    used,
    MAX_GENERIC,
  );
  // A chip already shown among the skills is never offered again as a broader keyword.
  const topUp = (candidates: () => string[]) => {
    if (picked.length >= MIN_GENERIC) return;
    picked.push(...usableKeywords(candidates(), catalogue, used, MIN_GENERIC - picked.length));
  };
  topUp(() => phrasesOf(scored.slice(0, 100), 12));
  // Then the neighbourhood of the skills: phrases of the categories their keywords lead to.
  topUp(() => {
    const skillKeywords = skills.flatMap((skill) => skill.searchKeywords);
    const categories = new Set(
      courses
        .filter((course) => skillKeywords.some((k) => titleMatchesSearch(course.title, k)))
        .map((course) => course.category),
    );
    const nearby = courses
      .filter((course) => categories.has(course.category))
      .slice(0, 2000)
      .map((course) => ({ course, score: 1, inTitle: false }));
    return phrasesOf(nearby, 24);
  });
  const popular = courses.slice(0, 2000).map((course) => ({ course, score: 1, inTitle: false }));
  topUp(() => phrasesOf(popular, 24));
  return picked;
}

export function computeCompassLocally(input: CompassInput): LearningGuidance {
  const locale = input.locale ?? "en";
  const catalogue = indexCatalogue(input.catalogue);
  const translated = translateGoal(input.goal);
  const terms = withoutCoveredWords(goalTerms(translated), catalogue);
  const tracks = scoreTracks(translated, terms);
  const used = new Set<string>();

  // 1. Skill tracks the goal names, keeping only keywords with courses today.
  const skills: SuggestedSkill[] = [];
  const contributing: CompassTrack[] = [];
  for (const { track } of tracks) {
    const before = skills.length;
    // In the track's own order: the fundamentals before what builds on them.
    for (const skill of track.skills) {
      if (skills.length >= MAX_SKILLS) break;
      const skillName = skill.name(locale);
      if (skills.some((s) => s.skillName.toLowerCase() === skillName.toLowerCase())) continue;
      const keywords = usableKeywords(skill.keywords, catalogue, used, MAX_SKILL_KEYWORDS);
      if (keywords.length > 0) skills.push({ skillName, searchKeywords: keywords });
    }
    if (skills.length > before) contributing.push(track);
    if (skills.length >= MIN_SKILLS) break;
  }

  // 2. The catalogue's own titles, categories and headlines.
  const trackWords = contributing
    .flatMap((track) => track.triggers)
    .filter((trigger) => hasPhrase(translated, trigger));
  const scored = scoreCourses(
    input.catalogue,
    withoutCoveredWords([...new Set([...terms, ...trackWords])], catalogue),
  );
  if (skills.length < MIN_SKILLS) {
    skills.push(
      ...skillsFromCourses(
        scored,
        terms,
        catalogue,
        used,
        MAX_SKILLS - skills.length,
        skills,
        locale,
      ),
    );
  }
  const matchedGoal = skills.length > 0;

  // 3. Nothing matched: popular areas of today's catalogue, said plainly. A goal that did match
  // keeps its one skill rather than gaining an unrelated one.
  if (!matchedGoal) {
    const everything = input.catalogue.map((course) => ({ course, score: 1, inTitle: false }));
    skills.push(
      ...skillsFromCourses(
        everything,
        [],
        catalogue,
        used,
        MIN_SKILLS - skills.length,
        skills,
        locale,
      ),
    );
  }

  const genericKeywords = pickGenericKeywords(
    input.catalogue,
    catalogue,
    terms,
    contributing,
    scored,
    skills,
    used,
  );

  const allKeywords = [...skills.flatMap((skill) => skill.searchKeywords), ...genericKeywords];
  const matching = catalogue.countMatching(allKeywords);
  return {
    advice: writeAdvice(
      input.goal,
      skills,
      matching,
      matchedGoal,
      input.catalogue.length,
      input.locale,
    ),
    suggestedSkills: skills.slice(0, MAX_SKILLS),
    genericKeywords: genericKeywords.slice(0, MAX_GENERIC),
  };
}
