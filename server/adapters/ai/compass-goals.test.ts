import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { LearningGuidance } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { generateDemoCatalogue } from "../../domain/catalog/demo-catalog";
import { parseUdemyCouponFeed } from "../coupon-feeds/udemy-json";
import { computeCompassLocally } from "./local-compass";
import type { CatalogueCourse } from "./types";

/**
 * What a good teacher would answer: 30 goals of beginners and career changers (15 Indonesian,
 * 15 English), each with the skills expected in learning order and the skills that have nothing
 * to do with it. A skill is read through its name and keywords; the keywords stay the
 * catalogue's English words whatever the page's language, so the stages list those.
 *
 * An answer is a hit when it has at least two skills, every skill belongs to a stage of the
 * goal (nothing unrelated), the stages never go backwards (fundamentals first), and no skill or
 * broader keyword names a forbidden topic.
 */

type Goal = {
  goal: string;
  locale: Locale;
  /** Stages in learning order; each stage lists words of the skills that belong to it. */
  stages: string[][];
  forbidden: string[];
};

const DATA_SCIENCE: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["python", "programming"],
    ["statistics", "sql", "data analysis", "excel", "power bi", "pandas", "numpy", "math"],
    ["machine learning", "deep learning", "neural"],
  ],
  forbidden: ["flutter", "kotlin", "swift", "dart", "japanese", "react native"],
};
const WEB: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["html", "css", "web design"],
    ["javascript", "typescript"],
    ["react", "node.js", "django", "laravel", "php", "sql", "back-end"],
  ],
  forbidden: ["flutter", "japanese", "photoshop", "kotlin", "swift"],
};
const BANKING: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["accounting", "bookkeeping", "excel", "google sheets"],
    ["financial", "finance", "banking", "negotiation", "sales", "investing"],
  ],
  forbidden: ["cryptocurrency", "bitcoin", "flutter", "japanese", "dropshipping"],
};
const GRAPHIC_DESIGN: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["photoshop", "illustrator", "canva", "graphic design"],
    ["logo", "branding"],
    ["figma", "ui/ux", "ux"],
  ],
  forbidden: ["flutter", "python", "japanese"],
};
const MARKETING: Omit<Goal, "goal" | "locale"> = {
  stages: [
    [
      "marketing",
      "copywriting",
      "seo",
      "social media",
      "instagram",
      "tiktok",
      "facebook",
      "google analytics",
      "email",
      "content",
      "ads",
      "youtube",
    ],
  ],
  forbidden: ["flutter", "python", "japanese", "kotlin"],
};
const ACCOUNTING_EXCEL: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["accounting", "bookkeeping", "excel", "google sheets"],
    ["financial", "power bi", "quickbooks"],
  ],
  forbidden: ["cryptocurrency", "stock trading", "flutter", "japanese"],
};
const MOBILE: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["flutter", "dart", "kotlin", "swift", "react native", "android", "ios", "java"],
    ["firebase", "sql", "database", "ui/ux", "figma"],
  ],
  forbidden: ["machine learning", "japanese", "photoshop", "excel"],
};
const CLOUD: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["linux", "network", "aws", "azure", "google cloud", "cloud"],
    ["docker", "kubernetes", "devops", "terraform"],
  ],
  forbidden: ["flutter", "photoshop", "japanese", "marketing"],
};
const SECURITY: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["network", "linux", "comptia", "security+", "security fundamentals"],
    ["ethical hacking", "penetration testing", "hacking", "security"],
  ],
  forbidden: ["flutter", "marketing", "japanese", "photoshop"],
};
const ENGLISH_WORK: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["english", "grammar"],
    [
      "business english",
      "speaking",
      "ielts",
      "toefl",
      "public speaking",
      "communication",
      "writing",
      "presentation",
    ],
  ],
  forbidden: ["japanese", "spanish", "arabic", "flutter"],
};
const PYTHON: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["python", "programming"],
    ["sql", "database", "data", "django", "git", "algorithms", "automation", "flask"],
  ],
  forbidden: ["flutter", "japanese", "photoshop", "kotlin"],
};
const UX: Omit<Goal, "goal" | "locale"> = {
  stages: [["ui/ux", "ux", "ui", "user experience", "figma", "web design", "adobe xd", "design"]],
  forbidden: ["flutter", "python", "japanese", "logo"],
};
const DATA_ANALYST: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["excel", "google sheets", "statistics", "sql", "data analysis"],
    ["power bi", "tableau", "python", "visualization", "pandas"],
  ],
  forbidden: ["flutter", "deep learning", "neural", "japanese", "kotlin"],
};
const VIDEO: Omit<Goal, "goal" | "locale"> = {
  stages: [["video", "premiere", "davinci", "youtube", "capcut", "content", "filmmaking"]],
  forbidden: ["flutter", "python", "japanese", "excel"],
};
const ONLINE_BUSINESS: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["business", "entrepreneurship", "startup", "business plan"],
    [
      "e-commerce",
      "shopify",
      "dropshipping",
      "marketing",
      "social media",
      "sales",
      "instagram",
      "tiktok",
      "facebook",
      "copywriting",
      "negotiation",
    ],
  ],
  forbidden: ["flutter", "japanese", "python", "kotlin"],
};
const PROJECT_MANAGER: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["project management", "pmp", "agile", "scrum", "product management"],
    ["leadership", "communication", "negotiation", "jira", "business analysis", "lean"],
  ],
  forbidden: ["flutter", "python", "japanese", "photoshop"],
};
const OFFICE_EXCEL: Omit<Goal, "goal" | "locale"> = {
  stages: [
    ["excel", "google sheets", "spreadsheet"],
    ["power bi", "word", "powerpoint", "pivot", "data analysis", "vba", "notion"],
  ],
  forbidden: ["flutter", "japanese", "python", "photoshop"],
};

export const COMPASS_GOALS: Goal[] = [
  { goal: "belajar data science untuk pemula", locale: "id", ...DATA_SCIENCE },
  { goal: "saya ingin jadi web developer", locale: "id", ...WEB },
  { goal: "saya mau kerja di bank", locale: "id", ...BANKING },
  { goal: "belajar desain grafis dari nol", locale: "id", ...GRAPHIC_DESIGN },
  { goal: "ingin jadi digital marketer", locale: "id", ...MARKETING },
  { goal: "belajar akuntansi dengan excel", locale: "id", ...ACCOUNTING_EXCEL },
  { goal: "membuat aplikasi android", locale: "id", ...MOBILE },
  { goal: "belajar komputasi awan untuk pemula", locale: "id", ...CLOUD },
  { goal: "keamanan siber untuk pemula", locale: "id", ...SECURITY },
  { goal: "belajar bahasa inggris untuk kerja", locale: "id", ...ENGLISH_WORK },
  { goal: "belajar python dari nol", locale: "id", ...PYTHON },
  { goal: "saya ingin jadi desainer UI/UX", locale: "id", ...UX },
  { goal: "pindah karier jadi analis data", locale: "id", ...DATA_ANALYST },
  { goal: "belajar edit video untuk youtube", locale: "id", ...VIDEO },
  { goal: "saya ingin memulai bisnis online", locale: "id", ...ONLINE_BUSINESS },
  { goal: "data science for beginners", locale: "en", ...DATA_SCIENCE },
  { goal: "English for work", locale: "en", ...ENGLISH_WORK },
  { goal: "I want to become a web developer", locale: "en", ...WEB },
  { goal: "career change into banking", locale: "en", ...BANKING },
  { goal: "learn graphic design from scratch", locale: "en", ...GRAPHIC_DESIGN },
  { goal: "digital marketing for my small shop", locale: "en", ...MARKETING },
  { goal: "accounting with Excel", locale: "en", ...ACCOUNTING_EXCEL },
  { goal: "build mobile apps", locale: "en", ...MOBILE },
  { goal: "become a cloud engineer", locale: "en", ...CLOUD },
  { goal: "cyber security for beginners", locale: "en", ...SECURITY },
  { goal: "switch careers to data analyst", locale: "en", ...DATA_ANALYST },
  { goal: "learn Python programming from scratch", locale: "en", ...PYTHON },
  { goal: "become a project manager", locale: "en", ...PROJECT_MANAGER },
  { goal: "improve my Excel skills for office work", locale: "en", ...OFFICE_EXCEL },
  { goal: "UX designer career", locale: "en", ...UX },
];

/** Whether `word` occurs in `text` as whole words ("java" is not in "javascript"). */
function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9+])`).test(text);
}

/** Why the answer misses the goal, or null when it is a hit. */
export function judgeAnswer(goal: Goal, answer: LearningGuidance): string | null {
  const skills = answer.suggestedSkills;
  if (skills.length < 2) return `only ${skills.length} skill(s)`;
  const textOf = (skill: (typeof skills)[number]) =>
    [skill.skillName, ...skill.searchKeywords].join(" | ").toLowerCase();
  const everything = [...skills.map(textOf), ...answer.genericKeywords.map((k) => k.toLowerCase())];
  for (const word of goal.forbidden) {
    const where = everything.find((text) => mentions(text, word));
    if (where) return `unrelated "${word}" in ${where}`;
  }
  let previous = 0;
  // The keywords say where a skill belongs (its name may be translated, or name the goal's
  // subject as "Python Projects" does); the name only when no keyword says it.
  const stageOf = (text: string) =>
    goal.stages.findIndex((words) => words.some((word) => mentions(text, word)));
  for (const skill of skills) {
    const text = textOf(skill);
    const byKeywords = stageOf(skill.searchKeywords.join(" | ").toLowerCase());
    const stage = byKeywords === -1 ? stageOf(text) : byKeywords;
    if (stage === -1) return `unrelated skill ${text}`;
    if (stage < previous) return `out of order: ${text} after stage ${previous + 1}`;
    previous = stage;
  }
  return null;
}

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const samplePath = path.resolve(repoRoot, "../shared/data/udemy-coupons-sample.json");
const NOW = new Date("2026-11-22T03:00:00Z");

function toCatalogue(records: ReturnType<typeof generateDemoCatalogue>): CatalogueCourse[] {
  return records.map((record, index) => ({
    id: index + 1,
    title: record.title,
    category: record.category ?? "Other",
    subCategory: record.subCategory,
    headline: record.headline,
  }));
}

const catalogues: Array<[string, CatalogueCourse[]]> = [
  ["demo catalogue", toCatalogue(generateDemoCatalogue(NOW))],
  [
    "real sample",
    toCatalogue(
      parseUdemyCouponFeed(JSON.parse(readFileSync(samplePath, "utf8")), { fallbackFoundAt: NOW })
        .records,
    ),
  ],
];

describe.each(catalogues)("the offline compass's 30 goals on the %s", (name, catalogue) => {
  const verdicts = COMPASS_GOALS.map((goal) => ({
    goal,
    answer: computeCompassLocally({ goal: goal.goal, catalogue, locale: goal.locale }),
  })).map((entry) => ({ ...entry, miss: judgeAnswer(entry.goal, entry.answer) }));

  it("reports the hit rate", () => {
    const hits = verdicts.filter((verdict) => verdict.miss === null).length;
    console.info(`compass hit rate on the ${name}: ${hits}/${verdicts.length}`);
    for (const { goal, miss } of verdicts) if (miss) console.info(`  miss ${goal.goal}: ${miss}`);
    expect(verdicts).toHaveLength(30);
  });

  it.each(COMPASS_GOALS.map((goal, index) => [goal.goal, index] as const))(
    "answers %j as a teacher would",
    (_goal, index) => {
      expect(verdicts[index]!.miss).toBeNull();
    },
  );
});
