/**
 * Turning what coupon aggregators publish into our vocabulary: clean titles (HTML entities
 * decoded, coupon advertising removed) and English language names. Every function is pure and
 * total: bad input gives null or a fallback. Categories are mapped by core/course-categories.ts,
 * course URLs read by course-links.ts, dates and numbers by dates-and-numbers.ts.
 */
import { withoutInvisibleControls } from "../../../core/text";

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
 * A text field of a feed (title, instructor, headline) as plain text, the same for every source
 * kind: tags dropped, then entities decoded exactly once (a feed's "&amp;lt;" means the four
 * characters "&lt;", its "&lt;img" the characters "<img"; React escapes whatever is left), then
 * invisible controls removed (a bidi override could make a title read backwards), whitespace
 * collapsed.
 */
export function cleanFeedText(raw: string): string {
  const text = decodeHtmlEntities(raw.replace(/<[^>]*>/g, " "));
  return withoutInvisibleControls(text)
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/**
 * Text a parser has already decoded (cheerio's `.text()` or an attribute value), put back in
 * the HTML form the site wrote it in, so that `cleanFeedText` at import decodes it exactly once
 * more and no further: "&lt;img&gt;" (the site's "&amp;lt;img&amp;gt;") stays literal.
 */
export function asFeedHtml(decoded: string): string {
  return decoded.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `cleanFeedText` for an optional field: null when nothing readable is left. */
export function cleanOptionalFeedText(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  return cleanFeedText(raw) || null;
}

/**
 * `cleanFeedText`, then quotes around the whole title and advertising noise such as "[Free]",
 * "(100% OFF)" or "- Udemy Coupon" stripped at either end. A title that is nothing but noise is kept as it was rather than
 * emptied.
 */
export function cleanCourseTitle(raw: string): string {
  const plain = cleanFeedText(raw);
  let title = plain;
  for (let pass = 0; pass < 6; pass += 1) {
    const cleaned = TITLE_NOISE.reduce((current, pattern) => current.replace(pattern, ""), title);
    // Some sources quote the whole title ("\"Learn Python\""), as DUCE strips from Courson's.
    const next = /^"[^"]+"$/.test(cleaned) ? cleaned.slice(1, -1) : cleaned;
    if (next === title) break;
    title = next.trim();
  }
  return (title === "" ? plain : title).slice(0, MAX_TITLE_LENGTH);
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
