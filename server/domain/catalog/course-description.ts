import { load } from "cheerio";
import { opensCourseOnSite } from "../../../core/safe-addresses";
import { withoutInvisibleControls } from "../../../core/text";

/**
 * Course descriptions arrive from the coupon feeds as HTML written by strangers. The page shows
 * them as a small, safe subset, decided here on the server for every render (so a rule tightened
 * later also covers descriptions stored earlier):
 *
 * - The HTML is parsed by parse5 (through cheerio) exactly as a browser would parse it, and a new
 *   document is written from the parse tree: nothing of the input's markup is copied through.
 * - Kept: paragraphs, line breaks, lists, emphasis, code, quotes, headings (all as h3, since the
 *   description sits under the page's h2 and heading levels must not jump), and links.
 * - Links keep only an absolute http, https or mailto address, normalised by the URL parser, and
 *   get rel="nofollow ugc noopener" (the link is the feed's, not ours). Any other link is its
 *   text, and so is one to the site's own /go/ (one click would spend the reader's credit).
 * - Invisible controls (bidi overrides and isolates, zero-width characters) leave the text.
 * - No attribute other than a link's href survives: no event handlers, styles, classes or ids.
 * - Scripts, styles, frames, forms, media, images (every one is a third party's), SVG and MathML
 *   are dropped with their content. Any other element (div, span, font, tables, a made-up tag)
 *   gives only its text.
 */

export type CourseDescription = {
  /** Safe HTML for the page; empty when nothing readable is left. */
  html: string;
  /** The same text without markup, whitespace collapsed (meta description, JSON-LD). */
  text: string;
};

/** Longer input is cut before parsing: no real description comes near it. */
const MAX_INPUT_CHARS = 64_000;
/** Deeper nesting is dropped: real descriptions nest a few levels; this bounds the recursion. */
const MAX_DEPTH = 32;

const KEPT: Record<string, string> = {
  p: "p",
  br: "br",
  ul: "ul",
  ol: "ol",
  li: "li",
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  u: "u",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  h1: "h3",
  h2: "h3",
  h3: "h3",
  h4: "h3",
  h5: "h3",
  h6: "h3",
  a: "a",
};

/**
 * Dropped with everything inside: what runs, styles, embeds, asks for input or loads media, and
 * the raw-text and foreign (SVG, MathML) elements whose content parses by other rules.
 */
const DROPPED = new Set([
  "script",
  "style",
  "link",
  "meta",
  "base",
  "head",
  "title",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "param",
  "portal",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "slot",
  "xmp",
  "plaintext",
  "svg",
  "math",
  "form",
  "fieldset",
  "legend",
  "input",
  "button",
  "select",
  "option",
  "optgroup",
  "datalist",
  "textarea",
  "output",
  "progress",
  "meter",
  "dialog",
  "img",
  "image",
  "picture",
  "source",
  "track",
  "video",
  "audio",
  "canvas",
  "map",
  "area",
]);

/** Elements that only lay text out in blocks: their text is kept, word-separated. */
const TEXT_BLOCKS = new Set([
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "center",
  "address",
  "figure",
  "figcaption",
  "details",
  "summary",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "caption",
  "tr",
  "td",
  "th",
  "hr",
]);

const LINK_REL = "nofollow ugc noopener";
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
/** Kept elements that say nothing without text in them. */
const DROPPED_WHEN_EMPTY = new Set([
  "p",
  "li",
  "strong",
  "em",
  "u",
  "code",
  "pre",
  "blockquote",
  "h3",
]);
/** Kept elements that end a run of words (the plain text puts a space there). */
const BLOCKS = new Set(["p", "ul", "ol", "li", "pre", "blockquote", "h3"]);

/** The part of a parse5/domhandler node this module reads. */
type HtmlNode = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
};

type Written = { html: string; text: string };

/** `siteUrl`: the site's own address (PUBLIC_SITE_URL), whose /go/ links become text. */
export function sanitiseCourseDescription(
  input: string | null | undefined,
  siteUrl?: string,
): CourseDescription {
  if (!input) return { html: "", text: "" };
  const $ = load(input.slice(0, MAX_INPUT_CHARS), null, false);
  const root = $.root()[0] as unknown as HtmlNode;
  const written = writeChildren(root, 0, siteUrl);
  return { html: written.html.trim(), text: collapseWhitespace(written.text) };
}

function writeChildren(node: HtmlNode, depth: number, siteUrl: string | undefined): Written {
  let html = "";
  let text = "";
  for (const child of node.children ?? []) {
    const written = writeNode(child, depth + 1, siteUrl);
    html += written.html;
    text += written.text;
  }
  return { html, text };
}

function writeNode(node: HtmlNode, depth: number, siteUrl: string | undefined): Written {
  if (node.type === "text") {
    const data = withoutInvisibleControls(node.data ?? "");
    return { html: escapeText(data), text: data };
  }
  // Comments, doctypes, CDATA, and "script"/"style" nodes (their own node types): dropped.
  if (node.type !== "tag" || !node.name || depth > MAX_DEPTH) return { html: "", text: "" };
  const name = node.name.toLowerCase();
  const kept = KEPT[name];
  if (kept === "br") return { html: "<br>", text: " " };
  if (kept === "a") return writeLink(node, depth, siteUrl);
  if (kept) {
    const inner = writeChildren(node, depth, siteUrl);
    if (DROPPED_WHEN_EMPTY.has(kept) && inner.text.trim() === "") return { html: "", text: "" };
    const text = BLOCKS.has(kept) ? ` ${inner.text} ` : inner.text;
    return { html: `<${kept}>${inner.html}</${kept}>`, text };
  }
  if (DROPPED.has(name)) return { html: "", text: "" };
  // Any other element (span, font, table cells, a made-up tag) gives its text, safely escaped.
  const inner = writeChildren(node, depth, siteUrl);
  if (!TEXT_BLOCKS.has(name)) return inner;
  return { html: ` ${inner.html} `, text: ` ${inner.text} ` };
}

function writeLink(node: HtmlNode, depth: number, siteUrl: string | undefined): Written {
  const inner = writeChildren(node, depth, siteUrl);
  const href = safeHref(node.attribs?.href, siteUrl);
  if (!href) return inner;
  if (inner.text.trim() === "") return { html: "", text: "" };
  return {
    html: `<a href="${escapeAttribute(href)}" rel="${LINK_REL}" target="_blank">${inner.html}</a>`,
    text: inner.text,
  };
}

/**
 * An absolute http(s) or mailto address as the URL parser writes it, else null; null too for the
 * site's own /go/ (`siteUrl`).
 */
export function safeHref(raw: string | undefined, siteUrl?: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    // Relative and protocol-relative addresses do not parse without a base: dropped, as they
    // would point into our own site rather than where the feed meant.
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!LINK_SCHEMES.has(url.protocol) || opensCourseOnSite(url.href, siteUrl)) return null;
  return url.href;
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}

function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
