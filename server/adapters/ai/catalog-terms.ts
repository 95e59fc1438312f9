/**
 * Term matching over course titles, shared by the offline compass and trending topics.
 *
 * A keyword "matches" a title exactly as the home page search does (server/domain/catalog/catalog.ts):
 * every word of the keyword appears somewhere in the title, case-insensitively. A keyword the
 * compass suggests therefore always finds courses when applied as `?search=`.
 */

/**
 * Function words of English and Indonesian, and of the French, Spanish, Portuguese and German
 * titles the coupon feeds carry ("Python pour le Deep Learning: A à Z"): never part of a topic.
 */
export const STOPWORDS = new Set(
  `a an and are as at be by for from how i in into is it its me my of on or our so than that the
   their then this to up us we what when where which who why will with you your yours vs versus
   yang di ke dari dengan pada dalam dan atau untuk ini itu juga agar supaya
   à le la les des du pour avec et une au aux sur dans votre vos el los las del para con por una
   com dos das em und für mit der die das`.split(/\s+/),
);

/** Words a learner wraps a goal in ("saya ingin belajar …", "I want to become …"). */
export const GOAL_FILLER = new Set(
  `want wants would like become becoming get getting learn learning study studying improve
   improving better good some more most about also can could should need needs know knowing
   make making start starting career job jobs work working skill skills goal goals way ways do
   doing does please help me interested passionate dream future developer developers engineer
   engineers manager managers designer designers specialist expert professional analyst
   scientist consultant officer staff
   saya aku gue gua kamu anda ingin mau pengen pingin jadi menjadi bisa dapat belajar
   mempelajari pelajari cara bagaimana gimana tentang lebih sudah akan sedang harus perlu kerja
   bekerja pekerjaan karir karier seorang orang buat membuat bikin ahli mahir jago pintar paham
   memahami tahu kuasai menguasai dong deh nih sih ya kah tolong bantu tertarik suka
   beginner beginners scratch newbie change changing switch switching careers move
   build create small shop pemula nol pindah beralih memulai mulai dasar baru`.split(/\s+/),
);

/**
 * Words course titles use as packaging ("The Complete … Bootcamp 2026: From Zero to Hero").
 * They break a title into topic phrases and are never keywords.
 */
export const TITLE_BOILERPLATE = new Set(
  `complete ultimate bootcamp masterclass master class course courses beginner beginners
   beginning zero hero learn mastering master crash busy people days day hours hour minutes
   step-by-step step guide hands-on hands real-world examples example modern build a-z z-a
   works work improve pass passing diploma postgraduate all-time ever inside bundle made make
   making create creating created without within beyond way ways like pros
   your portfolio practice tests test exam exams preparation prep questions question practical
   projects project techniques advanced essentials essential intro introduction basics basic
   fundamentals fundamental full training certification certified part edition new updated
   free online tutorial tutorials everything know need quick quickly easy simple ultimate pro
   professional expert level levels all-in-one one two three first using use via start finish
   great awesome amazing top best secrets tips tricks immersive boost booster jours intermediate
   again never
   kursus kilat lengkap belajar pemula nol sampai mahir praktis studi kasus nyata kuasai hari
   orang sibuk dari untuk dalam dengan
   curso cursos completo completa desde cero principiantes avanzado proyectos reales zero ao
   avançado avancado iniciantes para do`.split(/\s+/),
);

/** Alone they say too little ("Learning", "Development"); inside a phrase they are fine. */
const WEAK_ALONE = new Set(
  `learning development design management data analysis skills training business online
   marketing guide language engineering science systems system programming`.split(/\s+/),
);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.'/-]*/gu) ?? []).map((token) =>
    token.replace(/[.'/-]+$/u, ""),
  );
}

/**
 * A keyword is usable when it names something: not a stopword or packaging word, and a single
 * word has at least three characters (a search for "go" would match "Google" and "Django").
 */
export function isUsableKeyword(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 3) return false;
  if (words.some((word) => STOPWORDS.has(word) || TITLE_BOILERPLATE.has(word))) return false;
  if (words.every((word) => /^\d+$/.test(word))) return false;
  if (words.length === 1) {
    const [word] = words as [string];
    if (word.length < 3 || WEAK_ALONE.has(word) || /^\d/.test(word)) return false;
  }
  return true;
}

/**
 * Topic phrases of a title: runs of words between packaging and function words, and their
 * one-, two- and three-word pieces. "Machine Learning with Python for Beginners" gives
 * "machine", "learning", "machine learning", "python".
 */
export function titlePhrases(title: string): string[] {
  const runs: string[][] = [[]];
  // Punctuation between words ends a phrase: "Facebook Ads & Copywriting" is two topics.
  const segments = title.split(/\s[-–—|]\s|[&,:;()[\]!?|–—]+/u);
  const tokens = segments.flatMap((segment) => [...tokenize(segment), "|"]);
  for (const token of tokens) {
    const plain = token.replace(/[^\p{L}\p{N}+#]/gu, "");
    const isBreak =
      token === "|" ||
      STOPWORDS.has(plain) ||
      TITLE_BOILERPLATE.has(plain) ||
      TITLE_BOILERPLATE.has(token) ||
      /^\d+$/.test(plain) ||
      // Non-Latin scripts: phrases from them cannot be typed back by most users.
      !/^[\p{Script=Latin}\p{N}+#.'/-]+$/u.test(token);
    if (isBreak) runs.push([]);
    else runs.at(-1)!.push(token);
  }
  const phrases = new Set<string>();
  for (const run of runs) {
    for (let size = 1; size <= 3; size += 1) {
      for (let start = 0; start + size <= run.length; start += 1) {
        const phrase = run.slice(start, start + size).join(" ");
        if (isUsableKeyword(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

/** The casing a phrase most often has in the titles it came from ("javascript" → "JavaScript"). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Where `needle` (lower case) occurs in `lowerText` as whole words, or -1. Cheaper than a
 * Unicode regular expression per phrase, which matters over thousands of titles.
 */
export function findWholeWords(lowerText: string, needle: string): number {
  for (let at = lowerText.indexOf(needle); at !== -1; at = lowerText.indexOf(needle, at + 1)) {
    const before = at > 0 ? lowerText[at - 1]! : "";
    const after = lowerText[at + needle.length] ?? "";
    if (!(before && WORD_CHARACTER.test(before)) && !(after && WORD_CHARACTER.test(after))) {
      return at;
    }
  }
  return -1;
}

/** The casing a phrase most often has in the titles it came from ("javascript" → "JavaScript"). */
export function displayCasing(phrase: string, titles: Iterable<string>): string {
  const needle = phrase.toLowerCase();
  const counts = new Map<string, number>();
  let seen = 0;
  for (const title of titles) {
    const lower = title.toLowerCase();
    // Some letters change length when lower-cased; their offsets would not line up.
    if (lower.length !== title.length) continue;
    const at = findWholeWords(lower, needle);
    if (at === -1) continue;
    const form = title.slice(at, at + needle.length);
    counts.set(form, (counts.get(form) ?? 0) + 1);
    if (++seen >= 50) break;
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [form, count] of counts) {
    if (count > bestCount) [best, bestCount] = [form, count];
  }
  return best ?? phrase.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
}

export type ScoredPhrase = { phrase: string; score: number; courses: number };

/**
 * Ranks the topic phrases of a set of titles (each title weighted), preferring the longest
 * phrase that is as common as its parts: "machine learning" wins over "machine" and "learning".
 */
export function rankPhrases(
  titles: Array<{ title: string; weight: number }>,
  options: { boost?: (phrase: string) => number; minCourses?: number } = {},
): ScoredPhrase[] {
  const stats = new Map<string, { score: number; courses: number }>();
  for (const { title, weight } of titles) {
    for (const phrase of titlePhrases(title)) {
      const entry = stats.get(phrase) ?? { score: 0, courses: 0 };
      entry.score += weight;
      entry.courses += 1;
      stats.set(phrase, entry);
    }
  }
  const ranked: ScoredPhrase[] = [];
  for (const [phrase, entry] of stats) {
    const words = phrase.split(" ");
    // A multi-word phrase seen once is just one title's wording.
    if (words.length > 1 && entry.courses < 2) continue;
    if (entry.courses < (options.minCourses ?? 1)) continue;
    const boost = options.boost?.(phrase) ?? 1;
    ranked.push({
      phrase,
      score: entry.score * boost * (1 + 0.15 * (words.length - 1)),
      courses: entry.courses,
    });
  }
  ranked.sort(
    (a, b) => b.score - a.score || b.courses - a.courses || a.phrase.localeCompare(b.phrase),
  );
  return ranked;
}

/** Picks up to `count` phrases, skipping ones that repeat words of a phrase already picked. */
export function pickDistinct(
  ranked: ScoredPhrase[],
  count: number,
  taken: Set<string> = new Set(),
): string[] {
  const picked: string[] = [];
  for (const { phrase } of ranked) {
    if (picked.length >= count) break;
    const words = phrase.split(" ");
    if (words.some((word) => taken.has(word))) continue;
    picked.push(phrase);
    for (const word of words) taken.add(word);
  }
  return picked;
}

/**
 * Whether `keyword` would repeat a suggestion already shown: the same words, or all its words
 * inside another's ("Machine" beside "Machine Learning", "Python for Data Science" beside
 * "Python"). Either search lists courses the other chip already leads to, so a learner sees
 * the same suggestion twice. `shown` holds lower-cased keywords.
 */
export function repeatsKeyword(keyword: string, shown: Iterable<string>): boolean {
  const words = new Set(keyword.toLowerCase().split(/\s+/).filter(Boolean));
  for (const other of shown) {
    const otherWords = new Set(other.split(/\s+/).filter(Boolean));
    const inside = [...words].every((word) => otherWords.has(word));
    const around = [...otherWords].every((word) => words.has(word));
    if (inside || around) return true;
  }
  return false;
}
