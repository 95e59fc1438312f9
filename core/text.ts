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
