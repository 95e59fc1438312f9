import {
  normaliseIncomingDate,
  startOfJakartaDay,
  addDays,
  toJakartaDay,
} from "../../../core/dates";

/**
 * Turning what coupon aggregators publish into our vocabulary: Udemy's 13 top categories,
 * English language names, clean titles, course URLs freed from affiliate redirects, and dates
 * read by SPEC §5's rules. Every function is pure and total: bad input gives null or a fallback.
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

// ---------------------------------------------------------------------------------------------
// HTML entities and titles

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  deg: "°",
  middot: "·",
  bull: "•",
  times: "×",
  divide: "÷",
  plusmn: "±",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup2: "²",
  sup3: "³",
  iexcl: "¡",
  iquest: "¿",
  aacute: "á",
  eacute: "é",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  agrave: "à",
  egrave: "è",
  ccedil: "ç",
  ntilde: "ñ",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  szlig: "ß",
  Aacute: "Á",
  Eacute: "É",
  Ntilde: "Ñ",
  Ouml: "Ö",
  Uuml: "Ü",
  zwnj: "",
  zwj: "",
  shy: "",
};

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;
const HAS_ENTITY = new RegExp(ENTITY.source);

/** Decodes named (common HTML ones) and numeric entities; unknown names stay as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(ENTITY, (match, body: string) => {
    if (body.startsWith("#")) {
      const hex = body[1] === "x" || body[1] === "X";
      const codePoint = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid =
        codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
      return valid ? String.fromCodePoint(codePoint) : "\uFFFD";
    }
    return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

const MAX_TITLE_LENGTH = 300;

/** Phrases aggregators stick onto course titles to advertise the coupon. */
const NOISE = String.raw`(?:100\s*%\s*(?:off|free|discount)(?:\s+coupons?)?(?:\s+codes?)?|free(?:\s+udemy)?(?:\s+(?:courses?|coupons?))?(?:\s+codes?)?|udemy(?:\s+free)?(?:\s+(?:courses?|coupons?))?(?:\s+codes?)?|coupons?(?:\s+codes?)?|limited\s+time(?:\s+(?:offer|only|free))?|new|hot|expired)`;
const NOISE_LIST = String.raw`${NOISE}(?:\s*[-,|/!+&]?\s*${NOISE})*\s*!*`;
const OPEN = String.raw`[\[(【{]`;
const CLOSE = String.raw`[\])】}]`;
/** Free-standing phrases that are noise even without brackets or a separator before them. */
const BARE_NOISE = String.raw`(?:100\s*%\s*off(?:\s+coupons?)?(?:\s+codes?)?|free\s+udemy\s+(?:courses?|coupons?)|udemy(?:\s+free)?\s+coupons?(?:\s+codes?)?|free\s+coupons?(?:\s+codes?)?|coupon\s+codes?)`;

const TITLE_NOISE: RegExp[] = [
  new RegExp(String.raw`\s*${OPEN}\s*${NOISE_LIST}\s*${CLOSE}[\s!]*$`, "i"),
  new RegExp(String.raw`^\s*${OPEN}\s*${NOISE_LIST}\s*${CLOSE}\s*`, "i"),
  new RegExp(String.raw`\s*[-–—|:~]\s*${NOISE_LIST}$`, "i"),
  new RegExp(String.raw`\s+${BARE_NOISE}\s*!*$`, "i"),
  new RegExp(String.raw`^\s*100\s*%\s*off\s*[-–—|:~]\s*`, "i"),
  /\s*[-–—|:~,]+\s*$/,
];

/**
 * Decodes entities (twice: feeds often escape them twice), drops tags, collapses whitespace and
 * strips advertising noise such as "[Free]", "(100% OFF)" or "- Udemy Coupon" at either end. A
 * title that is nothing but noise is kept as it was rather than emptied.
 */
export function cleanCourseTitle(raw: string): string {
  let text = decodeHtmlEntities(raw);
  if (HAS_ENTITY.test(text)) text = decodeHtmlEntities(text);
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/[\s\u00a0\u200b\ufeff]+/g, " ")
    .trim();
  let title = plain;
  for (let pass = 0; pass < 6; pass += 1) {
    const next = TITLE_NOISE.reduce((current, pattern) => current.replace(pattern, ""), title);
    if (next === title) break;
    title = next.trim();
  }
  return (title === "" ? plain : title).slice(0, MAX_TITLE_LENGTH);
}

// ---------------------------------------------------------------------------------------------
// Categories

/** Names aggregators and other marketplaces use for Udemy's categories and subcategories. */
const CATEGORY_ALIASES: Record<UdemyCategory, string[]> = {
  Development: [
    "programming",
    "software development",
    "web development",
    "mobile development",
    "mobile apps",
    "programming languages",
    "game development",
    "data science",
    "software engineering",
    "software testing",
    "development tools",
    "databases",
    "database design and development",
    "no code development",
    "coding",
    "web dev",
    "app development",
  ],
  Business: [
    "entrepreneurship",
    "management",
    "sales",
    "business strategy",
    "project management",
    "human resources",
    "operations",
    "business analytics and intelligence",
    "business law",
    "industry",
    "e commerce",
    "ecommerce",
    "real estate",
    "media",
    "communication",
    "other business",
  ],
  "Finance & Accounting": [
    "finance",
    "accounting",
    "accounting and bookkeeping",
    "investing and trading",
    "cryptocurrency and blockchain",
    "economics",
    "taxes",
    "personal finance",
    "money management tools",
    "finance cert and exam prep",
    "compliance",
    "financial modeling and analysis",
  ],
  "IT & Software": [
    "it",
    "it software",
    "it certifications",
    "it certification",
    "network and security",
    "operating systems and servers",
    "hardware",
    "cyber security",
    "cybersecurity",
    "cloud computing",
    "other it and software",
  ],
  "Office Productivity": [
    "office",
    "microsoft",
    "microsoft office",
    "apple",
    "google",
    "sap",
    "oracle",
    "other office productivity",
  ],
  "Personal Development": [
    "personal transformation",
    "personal productivity",
    "leadership",
    "career development",
    "parenting and relationships",
    "happiness",
    "esoteric practices",
    "religion and spirituality",
    "personal brand building",
    "creativity",
    "influence",
    "self esteem and confidence",
    "stress management",
    "memory and study skills",
    "motivation",
    "self improvement",
    "self development",
    "other personal development",
  ],
  Design: [
    "web design",
    "graphic design",
    "graphic design and illustration",
    "design tools",
    "user experience design",
    "ux design",
    "ui ux",
    "game design",
    "3d and animation",
    "fashion design",
    "architectural design",
    "interior design",
    "other design",
  ],
  Marketing: [
    "digital marketing",
    "search engine optimization",
    "seo",
    "social media marketing",
    "branding",
    "marketing fundamentals",
    "marketing analytics and automation",
    "public relations",
    "paid advertising",
    "advertising",
    "video and mobile marketing",
    "content marketing",
    "growth hacking",
    "affiliate marketing",
    "product marketing",
    "other marketing",
  ],
  Lifestyle: [
    "arts and crafts",
    "beauty and makeup",
    "food and beverage",
    "cooking",
    "gaming",
    "home improvement and gardening",
    "pet care and training",
    "travel",
    "other lifestyle",
  ],
  "Photography & Video": [
    "photography",
    "video",
    "digital photography",
    "photography tools",
    "portrait photography",
    "photography fundamentals",
    "commercial photography",
    "video design",
    "other photography and video",
  ],
  "Health & Fitness": [
    "health",
    "fitness",
    "general health",
    "sports",
    "nutrition and diet",
    "nutrition",
    "yoga",
    "mental health",
    "martial arts and self defense",
    "safety and first aid",
    "dance",
    "meditation",
    "other health and fitness",
  ],
  Music: [
    "instruments",
    "music production",
    "music fundamentals",
    "vocal",
    "music techniques",
    "music software",
    "other music",
  ],
  "Teaching & Academics": [
    "teaching",
    "academics",
    "education",
    "engineering",
    "humanities",
    "math",
    "mathematics",
    "science",
    "online education",
    "social science",
    "language",
    "language learning",
    "languages",
    "teacher training",
    "test prep",
    "other teaching and academics",
  ],
};

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

/** Words that point to a category when no name matches. Weak ones ("ai") count half. */
const CATEGORY_KEYWORDS: Record<UdemyCategory, string[]> = {
  Development: [
    "python",
    "javascript",
    "java",
    "typescript",
    "react",
    "angular",
    "vue",
    "node.js",
    "nodejs",
    "html",
    "css",
    "php",
    "laravel",
    "django",
    "flask",
    "flutter",
    "dart",
    "kotlin",
    "swift",
    "android",
    "ios",
    "c#",
    "c++",
    "golang",
    "rust",
    "sql",
    "mysql",
    "mongodb",
    "postgresql",
    "programming",
    "coding",
    "developer",
    "web development",
    "machine learning",
    "deep learning",
    "data science",
    "data analysis",
    "pandas",
    "selenium",
    "unity",
    "unreal",
    "game development",
    "algorithms",
    "data structures",
    "api",
    "git",
    "wordpress",
    "spring boot",
    ".net",
    "blockchain development",
    "artificial intelligence",
    "ai",
    "chatgpt",
  ],
  Business: [
    "business",
    "management",
    "entrepreneur",
    "entrepreneurship",
    "startup",
    "sales",
    "project management",
    "pmp",
    "agile",
    "scrum",
    "strategy",
    "human resources",
    "ecommerce",
    "e-commerce",
    "amazon fba",
    "dropshipping",
    "negotiation",
    "consulting",
    "six sigma",
    "supply chain",
    "business analysis",
    "real estate",
  ],
  "Finance & Accounting": [
    "finance",
    "financial",
    "accounting",
    "bookkeeping",
    "trading",
    "forex",
    "stock",
    "stocks",
    "crypto",
    "cryptocurrency",
    "bitcoin",
    "investing",
    "investment",
    "tax",
    "taxes",
    "quickbooks",
    "budgeting",
    "cfa",
    "valuation",
  ],
  "IT & Software": [
    "aws",
    "azure",
    "google cloud",
    "gcp",
    "linux",
    "windows server",
    "network",
    "networking",
    "cisco",
    "ccna",
    "comptia",
    "security+",
    "cybersecurity",
    "cyber security",
    "ethical hacking",
    "hacking",
    "penetration testing",
    "docker",
    "kubernetes",
    "devops",
    "cloud",
    "terraform",
    "ansible",
    "it support",
    "servicenow",
    "salesforce",
  ],
  "Office Productivity": [
    "excel",
    "microsoft word",
    "powerpoint",
    "outlook",
    "microsoft office",
    "office 365",
    "microsoft 365",
    "google sheets",
    "google docs",
    "notion",
    "vba",
    "power bi",
    "sap",
    "ms access",
    "microsoft teams",
  ],
  "Personal Development": [
    "personal development",
    "productivity",
    "confidence",
    "motivation",
    "mindset",
    "public speaking",
    "communication skills",
    "time management",
    "habits",
    "life coaching",
    "coaching",
    "career",
    "happiness",
    "emotional intelligence",
    "memory",
    "speed reading",
    "leadership",
    "self-improvement",
    "neuro-linguistic programming",
    "nlp",
  ],
  Design: [
    "design",
    "photoshop",
    "illustrator",
    "figma",
    "canva",
    "ui",
    "ux",
    "graphic design",
    "logo",
    "blender",
    "3d",
    "autocad",
    "indesign",
    "drawing",
    "sketch",
    "animation",
    "interior design",
    "fashion",
  ],
  Marketing: [
    "marketing",
    "seo",
    "social media",
    "facebook ads",
    "google ads",
    "instagram",
    "tiktok",
    "copywriting",
    "email marketing",
    "affiliate",
    "branding",
    "advertising",
    "content marketing",
    "sales funnel",
    "youtube marketing",
    "google analytics",
  ],
  Lifestyle: [
    "cooking",
    "baking",
    "travel",
    "pet",
    "dog",
    "cat",
    "beauty",
    "makeup",
    "gaming",
    "crafts",
    "knitting",
    "tarot",
    "astrology",
    "gardening",
    "feng shui",
    "wine",
  ],
  "Photography & Video": [
    "photography",
    "photo",
    "camera",
    "lightroom",
    "video editing",
    "premiere pro",
    "final cut",
    "davinci resolve",
    "filmmaking",
    "videography",
    "drone",
    "after effects",
    "video production",
  ],
  "Health & Fitness": [
    "fitness",
    "yoga",
    "nutrition",
    "diet",
    "health",
    "workout",
    "meditation",
    "weight loss",
    "pilates",
    "mental health",
    "massage",
    "herbal",
    "sleep",
    "first aid",
    "martial arts",
  ],
  Music: [
    "music",
    "guitar",
    "piano",
    "singing",
    "vocal",
    "drums",
    "ukulele",
    "music production",
    "ableton",
    "fl studio",
    "logic pro",
    "songwriting",
    "music theory",
  ],
  "Teaching & Academics": [
    "teaching",
    "teacher",
    "math",
    "mathematics",
    "physics",
    "chemistry",
    "biology",
    "english language",
    "learn english",
    "ielts",
    "toefl",
    "grammar",
    "language",
    "exam",
    "statistics",
    "engineering",
    "calculus",
    "history",
    "learn spanish",
    "learn german",
    "learn french",
  ],
};

const WEAK_KEYWORDS = new Set(["ai", "chatgpt", "api", "cloud", "design", "photo", "ui", "exam"]);

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

// ---------------------------------------------------------------------------------------------
// Languages

const LANGUAGE_ALIASES: Record<string, string> = {
  "bahasa indonesia": "Indonesian",
  indonesia: "Indonesian",
  "bahasa melayu": "Malay",
  español: "Spanish",
  espanol: "Spanish",
  castellano: "Spanish",
  português: "Portuguese",
  portugues: "Portuguese",
  deutsch: "German",
  français: "French",
  francais: "French",
  italiano: "Italian",
  türkçe: "Turkish",
  turkce: "Turkish",
  nederlands: "Dutch",
  polski: "Polish",
  русский: "Russian",
  العربية: "Arabic",
  हिन्दी: "Hindi",
  日本語: "Japanese",
  中文: "Chinese",
  한국어: "Korean",
  "tiếng việt": "Vietnamese",
  ไทย: "Thai",
};

const LANGUAGE_CODE = /^([a-z]{2,3})(?:[_-][a-z0-9]{2,8})*$/i;
let languageNames: Intl.DisplayNames | null | undefined;

function languageNameOf(code: string): string | null {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    } catch {
      languageNames = null;
    }
  }
  try {
    return languageNames?.of(code) ?? null;
  } catch {
    return null;
  }
}

/** "en_US" → "English", "bahasa indonesia" → "Indonesian", "English (US)" → "English". */
export function normaliseLanguage(raw: string | null | undefined): string | null {
  const text = (raw ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const code = LANGUAGE_CODE.exec(text);
  if (code) {
    const name = languageNameOf(code[1]!.toLowerCase());
    if (name) return name;
  }
  const alias = LANGUAGE_ALIASES[text.toLowerCase()];
  if (alias) return alias;
  const withoutRegion = text.replace(/\s*\([^)]*\)\s*$/, "").trim() || text;
  const named = LANGUAGE_ALIASES[withoutRegion.toLowerCase()];
  if (named) return named;
  const titled =
    withoutRegion === withoutRegion.toLowerCase()
      ? withoutRegion.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase())
      : withoutRegion;
  return titled.slice(0, 40);
}

// ---------------------------------------------------------------------------------------------
// Course URLs and coupon codes

export function isUdemyHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "udemy.com" || host === "www.udemy.com";
}

/** https://www.udemy.com/course/<slug>/…, whatever the query. */
export function isUdemyCourseUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      isUdemyHost(url.hostname) &&
      /^\/course\/[^/]+/.test(url.pathname)
    );
  } catch {
    return false;
  }
}

/** Query parameters in which affiliate networks and link shorteners carry the real target. */
const REDIRECT_PARAMETERS = [
  "murl",
  "u",
  "url",
  "RD_PARM1",
  "redirect",
  "redirect_url",
  "redirectUrl",
  "dest",
  "destination",
  "target",
  "to",
  "link",
  "r",
];

/**
 * The Udemy course URL inside an affiliate or tracking link (linksynergy's `murl`, trk.udemy's
 * `u`, …), or the URL itself. Only a Udemy course URL is ever taken out of a wrapper.
 */
export function unwrapCourseUrl(raw: string): string {
  let current = raw.trim();
  for (let depth = 0; depth < 3; depth += 1) {
    if (isUdemyCourseUrl(current)) return current;
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return current;
    }
    const inner = REDIRECT_PARAMETERS.map((name) => url.searchParams.get(name)).find(
      (value): value is string => value !== null && /^https?:\/\//i.test(value.trim()),
    );
    if (!inner || !isUdemyCourseUrl(unwrapCourseUrl(inner))) return current;
    current = inner.trim();
  }
  return current;
}

/** The `couponCode` query parameter (any letter case), trimmed; null when absent or blank. */
export function couponCodeFromUrl(raw: string): string | null {
  try {
    const url = new URL(unwrapCourseUrl(raw));
    for (const [name, value] of url.searchParams) {
      if (name.toLowerCase() === "couponcode" && value.trim() !== "") return value.trim();
    }
    return null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates and numbers

const NAIVE_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

function parseInstant(text: string): Date | null {
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return new Date(Number(text));
  // A date-time without a zone is read as UTC, never in the server's own zone.
  const naive = NAIVE_DATE_TIME.exec(text);
  const time = Date.parse(naive ? `${naive[1]}T${naive[2]}Z` : text);
  return Number.isNaN(time) ? null : new Date(time);
}

const hasTimeOfDay = (text: string) => /\d{1,2}:\d{2}/.test(text) || /^\d{10}(\d{3})?$/.test(text);

/**
 * When a feed says it found a coupon. A date-time is an instant; a date alone follows SPEC §5
 * ("D Month YYYY" with an Indonesian month, YYYY-MM-DD, or anything parseable; unreadable →
 * today) and means the start of that Jakarta day. Never later than `now`.
 */
export function parseFoundAt(value: string | number | null | undefined, now: Date): Date {
  const text = value === null || value === undefined ? "" : String(value).trim();
  if (text === "") return now;
  if (hasTimeOfDay(text)) {
    const instant = parseInstant(text);
    if (instant) return instant > now ? now : instant;
  }
  const today = toJakartaDay(now);
  const day = normaliseIncomingDate(text, today);
  if (day === today) return now;
  const start = startOfJakartaDay(day);
  return start > now ? now : start;
}

/**
 * When a coupon ends. A date alone means the end of that Jakarta day; unreadable → unknown.
 */
export function parseExpiresAt(value: string | number | null | undefined): Date | null {
  const text = value === null || value === undefined ? "" : String(value).trim();
  if (text === "" || text === "null") return null;
  if (hasTimeOfDay(text)) return parseInstant(text);
  const day = normaliseIncomingDate(text, "");
  return day === "" ? null : startOfJakartaDay(addDays(day, 1));
}

/** 4.5, "4.5", "1,234", "12 students" → numbers; anything else → null. */
export function parseLooseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.replace(/[,\s_]/g, "");
  if (text === "" || text === "null") return null;
  const direct = Number(text);
  if (Number.isFinite(direct)) return direct;
  const leading = /^-?\d+(?:\.\d+)?/.exec(text);
  return leading ? Number(leading[0]) : null;
}

export function parseLooseInteger(value: unknown): number | null {
  const number = parseLooseNumber(value);
  return number === null ? null : Math.round(number);
}
