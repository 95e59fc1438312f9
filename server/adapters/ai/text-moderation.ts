import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import {
  GAMBLING_CALL_TO_ACTION,
  GAMBLING_PROMO_TERMS,
  GAMBLING_TOPIC_TERMS,
  INDONESIAN_CONTEXT_INSULTS,
  INDONESIAN_OFFENSIVE_TERMS,
  INDONESIAN_PREFIXES,
  INDONESIAN_SUFFIXES,
  INSULT_MARKERS_AFTER,
  INSULT_MARKERS_BEFORE,
  SAFE_PHRASES,
  WHITELISTED_WORDS,
} from "./indonesian-words";
import type { TextModerationKind } from "./types";

/**
 * Offline text moderation: obscenity's English dataset (with its recommended transformers:
 * confusables, leetspeak, repeated letters) plus this project's Indonesian list, and spam
 * signals (many links, shouting, online-gambling promotion). ~0.1 ms a check.
 */

const englishTerms = englishDataset.build();
const englishMatcher = new RegExpMatcher({
  blacklistedTerms: englishTerms.blacklistedTerms,
  whitelistedTerms: [...(englishTerms.whitelistedTerms ?? []), ...WHITELISTED_WORDS],
  ...englishRecommendedTransformers,
});

/** Links in a title are spam; content may cite a few sources. */
const MAX_TITLE_LINKS = 0;
const MAX_CONTENT_LINKS = 5;

/** Letter-for-digit (and symbol) substitutions people use to dodge filters. */
const LEET: Record<string, string> = {
  "4": "a",
  "@": "a",
  "0": "o",
  "3": "e",
  "5": "s",
  $: "s",
  "7": "t",
  "9": "g",
  "6": "g",
  "8": "b",
  "!": "i",
  "|": "i",
};

function collapseRepeats(word: string): string {
  return word.replace(/(.)\1+/gu, "$1");
}

/**
 * Re-joins letters spaced or dotted apart ("k o n t o l", "f.u.c.k", "a-n-j-i-n-g"): a run of
 * three or more single characters separated only by spaces or punctuation becomes one word.
 */
export function joinSpacedLetters(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}@$*])(?:[\p{L}\p{N}@$*][\s.\-_,·•]+){2,}[\p{L}\p{N}@$*](?![\p{L}\p{N}@$*])/gu,
    (run) => run.replace(/[\s.\-_,·•]+/gu, ""),
  );
}

function withoutDiacritics(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "");
}

/**
 * The word streams the Indonesian list is matched against: as written, with leetspeak
 * resolved (1 read as "i", and again as "l"), each word's repeated letters collapsed.
 */
export function normalisedWordStreams(text: string): string[][] {
  let prepared = withoutDiacritics(text).toLowerCase();
  for (const phrase of SAFE_PHRASES) prepared = prepared.replace(phrase, " ");
  prepared = joinSpacedLetters(prepared);
  // Hyphens separate words (Indonesian reduplication: "kelas-kelas"); dots, underscores and
  // apostrophes inside a word are obfuscation ("kon.tol") and are dropped.
  const rawWords = prepared
    .split(/[^\p{L}\p{N}@$!|*._']+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}@$]+|[^\p{L}\p{N}]+$/gu, ""))
    .map((word) => word.replace(/[._']/g, ""))
    .filter((word) => word !== "");
  const leet = (word: string, one: string) =>
    /\p{L}/u.test(word)
      ? word.replace(/[0-9@$!|]/g, (c) => (c === "1" ? one : (LEET[c] ?? c)))
      : word;
  const streams = [
    rawWords,
    rawWords.map((word) => leet(word, "i")),
    rawWords.map((word) => leet(word, "l")),
  ];
  return streams.map((words) => words.map(collapseRepeats));
}

function affixedForms(roots: readonly string[]): Map<string, string> {
  const forms = new Map<string, string>();
  for (const root of roots) {
    if (root.includes(" ")) continue;
    for (const prefix of INDONESIAN_PREFIXES) {
      for (const suffix of INDONESIAN_SUFFIXES) {
        forms.set(collapseRepeats(`${prefix}${root}${suffix}`), root);
      }
    }
  }
  return forms;
}

const offensiveForms = affixedForms(INDONESIAN_OFFENSIVE_TERMS);
const offensivePhrases = INDONESIAN_OFFENSIVE_TERMS.filter((term) => term.includes(" "));
const contextInsults = new Map(INDONESIAN_CONTEXT_INSULTS.map((w) => [collapseRepeats(w), w]));
const markersBefore = new Set(INSULT_MARKERS_BEFORE);
const markersAfter = new Set(INSULT_MARKERS_AFTER);

/** "*" stands for a hidden letter ("k*nt*l"). */
function matchesWildcard(word: string): string | null {
  if (!word.includes("*")) return null;
  const pattern = new RegExp(`^${word.replace(/\*/g, "\\p{L}")}$`, "u");
  for (const [form, root] of offensiveForms) if (pattern.test(form)) return root;
  return null;
}

function containsPhrase(words: string[], phrase: string): boolean {
  const joined = ` ${words.join(" ")} `;
  return joined.includes(` ${collapseRepeats(phrase)} `) || joined.includes(` ${phrase} `);
}

export function findIndonesianOffence(
  streams: string[][],
): { term: string; kind: "offensive" | "insult" } | null {
  for (const words of streams) {
    for (const word of words) {
      const root = offensiveForms.get(word) ?? matchesWildcard(word);
      if (root) return { term: root, kind: "offensive" };
    }
    for (const phrase of offensivePhrases) {
      if (containsPhrase(words, phrase)) return { term: phrase, kind: "offensive" };
    }
    for (let index = 0; index < words.length; index += 1) {
      const insult = contextInsults.get(words[index]!);
      if (!insult) continue;
      const before = words[index - 1];
      const after = words[index + 1];
      if ((before && markersBefore.has(before)) || (after && markersAfter.has(after))) {
        return { term: insult, kind: "insult" };
      }
    }
  }
  return null;
}

export function findEnglishProfanity(text: string): string | null {
  for (const candidate of [text, joinSpacedLetters(text)]) {
    const matches = englishMatcher.getAllMatches(candidate, true);
    const first = matches[0];
    if (!first) continue;
    const { phraseMetadata } = englishDataset.getPayloadWithPhraseMetadata(first);
    return phraseMetadata?.originalWord ?? candidate.slice(first.startIndex, first.endIndex + 1);
  }
  return null;
}

export function findGamblingPromotion(streams: string[][], linkCount: number): string | null {
  for (const words of streams) {
    for (const term of GAMBLING_PROMO_TERMS) {
      if (containsPhrase(words, term)) return term;
    }
  }
  for (const words of streams) {
    const topic = GAMBLING_TOPIC_TERMS.find((term) => containsPhrase(words, term));
    if (!topic) continue;
    const callToAction = GAMBLING_CALL_TO_ACTION.some((term) => containsPhrase(words, term));
    if (callToAction || linkCount > 0) return topic;
  }
  return null;
}

export function countLinks(text: string): number {
  return (text.match(/\bhttps?:\/\/|\bwww\.[\p{L}\p{N}-]+\./giu) ?? []).length;
}

/**
 * Shouting: most longer words written in capitals. Short all-caps words are acronyms
 * ("AWS EC2 S3") and code is not prose, so both are left out.
 */
export function isShouting(text: string, kind: TextModerationKind): boolean {
  const prose = text.replace(/```[\s\S]*?(```|$)/g, " ").replace(/`[^`]*`/g, " ");
  const words = prose.match(/\p{L}{4,}/gu) ?? [];
  const capitals = words.filter(
    (word) => word === word.toUpperCase() && word !== word.toLowerCase(),
  );
  const minimum = kind === "title" ? 3 : 8;
  const ratio = kind === "title" ? 0.8 : 0.7;
  return capitals.length >= minimum && capitals.length / words.length >= ratio;
}

/** "fuck" → "f**k": the reason names the word without repeating it. */
export function maskWord(word: string): string {
  return word
    .split(" ")
    .map((part) =>
      part.length <= 2
        ? `${part[0] ?? ""}*`
        : `${part[0]}${"*".repeat(part.length - 2)}${part.at(-1)}`,
    )
    .join(" ");
}

/** Each refusal's reason, for a title and for an article's text. */
const REASONS = {
  title: {
    offensive: m.server_moderation_title_offensive,
    offensiveIndonesian: m.server_moderation_title_offensive_id,
    insultIndonesian: m.server_moderation_title_insult_id,
    gambling: m.server_moderation_title_gambling,
    shouting: m.server_moderation_title_shouting,
  },
  content: {
    offensive: m.server_moderation_text_offensive,
    offensiveIndonesian: m.server_moderation_text_offensive_id,
    insultIndonesian: m.server_moderation_text_insult_id,
    gambling: m.server_moderation_text_gambling,
    shouting: m.server_moderation_text_shouting,
  },
} as const;

/** The verdict, its reason written in `locale` (the writer's page language). */
export function moderateTextLocally(
  kind: TextModerationKind,
  text: string,
  locale: Locale = "en",
): ModerationVerdict {
  const reasons = REASONS[kind];
  const refuse = (reason: string): ModerationVerdict => ({ isSafe: false, reason });
  const english = findEnglishProfanity(text);
  if (english) return refuse(reasons.offensive({ word: maskWord(english) }, { locale }));
  const streams = normalisedWordStreams(text);
  const indonesian = findIndonesianOffence(streams);
  if (indonesian) {
    const reason =
      indonesian.kind === "insult" ? reasons.insultIndonesian : reasons.offensiveIndonesian;
    return refuse(reason({ word: maskWord(indonesian.term) }, { locale }));
  }
  const links = countLinks(text);
  const gambling = findGamblingPromotion(streams, links);
  if (gambling) return refuse(reasons.gambling({ term: gambling }, { locale }));
  if (kind === "title" && links > MAX_TITLE_LINKS) {
    return refuse(m.server_moderation_title_links({}, { locale }));
  }
  if (kind === "content" && links > MAX_CONTENT_LINKS) {
    return refuse(m.server_moderation_too_many_links({ count: links }, { locale }));
  }
  if (isShouting(text, kind)) return refuse(reasons.shouting({}, { locale }));
  return { isSafe: true, reason: m.server_moderation_text_safe({}, { locale }) };
}
