import { collapseToPlainText } from "./text";

/** Article markdown as plain text: meta descriptions, structured data, card excerpts. */

/**
 * Markdown as plain text for meta descriptions and structured data: images and links keep
 * their text, markup and HTML go, whitespace collapses.
 */
export function markdownToPlainText(markdown: string): string {
  return collapseToPlainText(
    markdown
      .replace(/\r\n?/g, "\n")
      // fenced code: keep the code, drop the fences
      .replace(/^\s*(```|~~~)[^\n]*$/gm, " ")
      // HTML comments and tags
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<\/?[A-Za-z][^>]*>/g, " ")
      // link reference definitions: [id]: https://…
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, " ")
      // images then links: keep their text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<(https?:\/\/[^>]+)>/g, "$1")
      // headings, quotes, list markers, rules, table pipes
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s*>+\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
      .replace(/^\s*(?:[-*_]\s*){3,}$/gm, " ")
      .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, " ")
      .replace(/\|/g, " ")
      // emphasis, strike-through and inline code markers
      .replace(/(\*\*|__)(.+?)\1/g, "$2")
      .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, "$2")
      .replace(/~~(.+?)~~/g, "$1")
      .replace(/`+([^`]*)`+/g, "$1"),
  );
}

/** The start of an article for its card excerpt: whole lines, about `maxChars` of them. */
export function excerptSource(markdown: string, maxChars = 600): string {
  if (markdown.length <= maxChars) return markdown;
  const cut = markdown.lastIndexOf("\n", maxChars);
  return markdown.slice(0, cut > maxChars / 2 ? cut : maxChars);
}
