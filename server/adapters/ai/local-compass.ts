import type { LearningGuidance, SuggestedSkill } from "../../../core/ai-schemas";
import { titleMatchesSearch } from "../../../core/search-match";
import { displayCasing, isUsableKeyword, pickDistinct, rankPhrases } from "./catalog-terms";
import { writeAdvice } from "./compass-advice";
import {
  indexCatalogue,
  MAX_SKILL_KEYWORDS,
  scoreCourses,
  skillsFromCourses,
  usableKeywords,
  withoutCoveredWords,
  type CatalogueIndex,
  type ScoredCourse,
} from "./compass-catalogue-match";
import { goalTerms, hasPhrase, scoreTracks, translateGoal } from "./compass-goal";
import type { CompassTrack } from "./compass-tracks";
import type { CatalogueCourse, CompassInput } from "./types";

export { goalTerms, translateGoal } from "./compass-goal";

/**
 * The offline AI Learning Compass: the goal (English or Indonesian) is translated onto the
 * English words of course titles, matched against skill tracks and against the catalogue's
 * titles, categories and headlines, and every keyword it suggests finds courses today.
 */

const MAX_SKILLS = 3;
const MAX_GENERIC = 4;
const MIN_SKILLS = 2;
const MIN_GENERIC = 2;

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
