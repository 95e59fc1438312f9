import type { OTHER_CATEGORY, UdemyCategory } from "./course-categories";
import { escapeXml } from "./xml-escape";

/**
 * The cover we draw for a course that has no image of its own: the category's colour and the
 * course title, as a small SVG served from our origin (/covers/<id>-<version>.svg). Nothing
 * outside the site is ever asked for it.
 */

/** One colour per category (dark enough for white text at WCAG AA), and one for the rest. */
export const CATEGORY_COLOURS: Readonly<Record<UdemyCategory | typeof OTHER_CATEGORY, string>> = {
  Development: "#1d4ed8",
  Business: "#0f766e",
  "Finance & Accounting": "#166534",
  "IT & Software": "#4338ca",
  "Office Productivity": "#0e7490",
  "Personal Development": "#b45309",
  Design: "#be185d",
  Marketing: "#c2410c",
  Lifestyle: "#7e22ce",
  "Photography & Video": "#374151",
  "Health & Fitness": "#15803d",
  Music: "#9d174d",
  "Teaching & Academics": "#1e40af",
  Other: "#475569",
};

export function categoryColour(category: string): string {
  return CATEGORY_COLOURS[category as UdemyCategory] ?? CATEGORY_COLOURS.Other;
}

/** Bumped whenever the drawing changes: every cover address changes with it. */
const COVER_DRAWING_VERSION = "1";

export const COVER_WIDTH = 480;
export const COVER_HEIGHT = 270;
const TITLE_LINE_CHARS = 26;
const TITLE_MAX_LINES = 3;

export type CoverFacts = { id: number; title: string; courseType: string };

/**
 * The cover's address. Its version part changes with the title, category or drawing, so the
 * answer under one address never changes and may be cached for a year.
 */
export function courseCoverPath(course: CoverFacts): string {
  return `/covers/${course.id}-${courseCoverVersion(course)}.svg`;
}

export function courseCoverVersion(course: Pick<CoverFacts, "title" | "courseType">): string {
  return fnv1a(`${COVER_DRAWING_VERSION}\u0000${course.courseType}\u0000${course.title}`);
}

/** The id and version of a cover address's file part ("12-1a2b3c.svg"), or null. */
export function parseCoverFile(file: string): { id: number; version: string } | null {
  const match = /^([1-9]\d{0,9})-([0-9a-z]{1,8})\.svg$/.exec(file);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { id, version: match[2]! } : null;
}

/**
 * The cover drawing: a diagonal gradient of the category colour and the title in up to three
 * lines (cut with an ellipsis). No other words: the same cover serves both languages, and the
 * card names the category beside it. The title is XML-escaped: it is a feed's word, and an SVG
 * is a document that could otherwise carry markup or script.
 */
export function courseCoverSvg(course: Pick<CoverFacts, "title" | "courseType">): string {
  const colour = categoryColour(course.courseType);
  const lines = wrapTitle(course.title);
  const lineHeight = 34;
  const firstLine = 146 - ((lines.length - 1) * lineHeight) / 2;
  const title = lines
    .map(
      (line, index) =>
        `<text x="32" y="${firstLine + index * lineHeight}" font-size="28" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.75"/></linearGradient></defs>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#0f172a"/>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>` +
    `<circle cx="430" cy="40" r="110" fill="#fff" fill-opacity="0.08"/>` +
    `<g fill="#fff" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">` +
    title +
    `</g></svg>`
  );
}

/** Words into lines of about TITLE_LINE_CHARS; a word longer than a line is cut. */
export function wrapTitle(title: string): string[] {
  const words = title.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const piece = word.length > TITLE_LINE_CHARS ? `${word.slice(0, TITLE_LINE_CHARS - 1)}…` : word;
    if (current === "") current = piece;
    else if (current.length + 1 + piece.length <= TITLE_LINE_CHARS) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current !== "") lines.push(current);
  if (lines.length <= TITLE_MAX_LINES) return lines;
  const kept = lines.slice(0, TITLE_MAX_LINES);
  const last = kept[TITLE_MAX_LINES - 1]!;
  kept[TITLE_MAX_LINES - 1] = `${last.slice(0, TITLE_LINE_CHARS - 1).trimEnd()}…`;
  return kept;
}

/** FNV-1a, 32 bits, in base 36: a short version tag, the same in the browser and on the server. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
