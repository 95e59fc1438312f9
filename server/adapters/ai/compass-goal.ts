import { GOAL_FILLER, STOPWORDS, tokenize } from "./catalog-terms";
import { COMPASS_TRACKS, type CompassTrack } from "./compass-tracks";
import { GOAL_SYNONYMS } from "./goal-synonyms";

/** Reading a learner's goal: their words put into the English of course titles, and the tracks they name. */

const synonymEntries = Object.entries(GOAL_SYNONYMS)
  .map(([from, to]) => [from.split(" "), to.split(" ")] as const)
  .sort(([a], [b]) => b.length - a.length);

/** The phrase occurs as whole words in a space-separated word string. */
export function hasPhrase(words: string, phrase: string): boolean {
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
export function scoreTracks(
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
