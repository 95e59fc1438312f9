/** Shortens text to `max` characters including the ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** Truncation lengths, named so every screen uses the same numbers. */
export const TRUNCATE = {
  cardTitle: 70,
  categoryLabel: 20,
  historyTitle: 50,
  favouriteTitle: 60,
  favouriteType: 30,
  trendingTitle: 60,
  redirectToastTitle: 30,
  ariaTitle: 30,
  ariaCategory: 20,
  sitemapImageCaption: 150,
  articleMetaDescription: 160,
  structuredDataDescription: 250,
} as const;

/** Strips HTML tags and collapses whitespace (feed descriptions arrive as HTML). */
export function htmlToPlainText(html: string): string {
  return collapseToPlainText(html.replace(/<[^>]*>/g, " "));
}

/** The entities people commonly type or feeds commonly carry, decoded; whitespace collapsed. */
export function collapseToPlainText(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Invisible characters that change how text around them reads: bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) and direction marks can make a title
 * read backwards or spoof what follows it; zero-width spaces, word joiners, the byte-order mark,
 * soft hyphens and control characters hide inside text. Joiners (U+200C, U+200D) stay: scripts
 * and emoji need them.
 */
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex -- removing control characters on purpose
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Third-party text without the invisible controls above (tabs and line breaks are kept). */
export function withoutInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, "");
}
