import { CATEGORY_ALIASES } from "./course-category-aliases";
import { CATEGORY_KEYWORDS, WEAK_KEYWORDS } from "./course-category-words";

/**
 * The catalogue's categories: Udemy's 13 top categories, plus "Other" for a course nothing
 * points anywhere. Feeds name categories their own way; normaliseCategory maps them to these.
 */
export const UDEMY_CATEGORIES = [
  "Development",
  "Business",
  "Finance & Accounting",
  "IT & Software",
  "Office Productivity",
  "Personal Development",
  "Design",
  "Marketing",
  "Lifestyle",
  "Photography & Video",
  "Health & Fitness",
  "Music",
  "Teaching & Academics",
] as const;

export type UdemyCategory = (typeof UDEMY_CATEGORIES)[number];
export const OTHER_CATEGORY = "Other";

function categoryKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const CATEGORY_BY_KEY = new Map<string, UdemyCategory>();
for (const category of UDEMY_CATEGORIES) {
  CATEGORY_BY_KEY.set(categoryKey(category), category);
  for (const alias of CATEGORY_ALIASES[category]) CATEGORY_BY_KEY.set(categoryKey(alias), category);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const KEYWORD_PATTERNS: Array<[UdemyCategory, RegExp, RegExp | null]> = UDEMY_CATEGORIES.map(
  (category) => {
    const words = CATEGORY_KEYWORDS[category];
    const pattern = (list: string[]) =>
      list.length === 0
        ? null
        : new RegExp(
            String.raw`(?<![a-z0-9+#.])(?:${list.map(escapeRegExp).join("|")})(?![a-z0-9+#])`,
            "g",
          );
    return [
      category,
      pattern(words.filter((word) => !WEAK_KEYWORDS.has(word)))!,
      pattern(words.filter((word) => WEAK_KEYWORDS.has(word))),
    ];
  },
);

function keywordScore(text: string, strong: RegExp, weak: RegExp | null): number {
  const lower = text.toLowerCase();
  return (lower.match(strong)?.length ?? 0) + 0.5 * (weak ? (lower.match(weak)?.length ?? 0) : 0);
}

/** One of Udemy's 13 categories by name (or a known alias), else null. */
export function matchUdemyCategory(name: string | null | undefined): UdemyCategory | null {
  if (!name) return null;
  const whole = CATEGORY_BY_KEY.get(categoryKey(name));
  if (whole) return whole;
  // "Development > Web Development", "IT & Software / Network & Security"
  for (const part of name.split(/[>/|,;»]/)) {
    const match = CATEGORY_BY_KEY.get(categoryKey(part));
    if (match) return match;
  }
  return null;
}

/**
 * Maps a feed's category to Udemy's: by name or alias of the category, then of the
 * subcategory, then by the best keyword match over category, subcategory (counted three times)
 * and title; "Other" when nothing points anywhere.
 */
export function normaliseCategory(input: {
  category: string | null;
  subCategory: string | null;
  title: string;
}): string {
  const named = matchUdemyCategory(input.category) ?? matchUdemyCategory(input.subCategory);
  if (named) return named;
  const labels = [input.category, input.subCategory].filter(Boolean).join(" ");
  let best: UdemyCategory | null = null;
  let bestScore = 0;
  for (const [category, strong, weak] of KEYWORD_PATTERNS) {
    const score = 3 * keywordScore(labels, strong, weak) + keywordScore(input.title, strong, weak);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best ?? OTHER_CATEGORY;
}
