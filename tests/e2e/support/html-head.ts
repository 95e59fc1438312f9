import { E2E_PORT } from "./env";

/**
 * Reads the server-rendered <head> of a page without a browser: what crawlers and link previews
 * see. React's markup is regular enough for a small tag scanner (no nested tags in <head>).
 */

/**
 * The site URL the test server puts in canonical links, the sitemap and the feed. The web server
 * inherits the runner's environment, so a PUBLIC_SITE_URL set there wins (server/config.ts).
 */
export const E2E_SITE_URL = (process.env.PUBLIC_SITE_URL ?? `http://localhost:${E2E_PORT}`).replace(
  /\/+$/,
  "",
);

export type HeadFacts = {
  htmlAttributes: Record<string, string>;
  title: string | null;
  /** name= or property= → content, first occurrence wins. */
  meta: Record<string, string>;
  /** rel= → href of every <link>. */
  links: Array<{ rel: string; href: string }>;
  /** Every <script type="application/ld+json">, parsed. */
  jsonLd: unknown[];
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? "";
  });
}

export function parseAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([A-Za-z_:][\w:.-]*)(?:="([^"]*)")?/g)) {
    const [, name, value] = match;
    if (!name || name === "meta" || name === "link" || name === "html") continue;
    attributes[name.toLowerCase()] = decodeEntities(value ?? "");
  }
  return attributes;
}

export function readHead(html: string): HeadFacts {
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0] ?? "";
  const titleMatch = /<title>([^<]*)<\/title>/i.exec(html);
  const meta: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = parseAttributes(tag);
    const key = attributes.name ?? attributes.property;
    if (key && attributes.content !== undefined && !(key in meta)) meta[key] = attributes.content;
  }
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => {
    const attributes = parseAttributes(tag);
    return { rel: attributes.rel ?? "", href: attributes.href ?? "" };
  });
  const jsonLd = [
    ...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi),
  ].map(([, body]) => JSON.parse(body ?? "") as unknown);
  return {
    htmlAttributes: parseAttributes(htmlTag),
    title: titleMatch?.[1] !== undefined ? decodeEntities(titleMatch[1]) : null,
    meta,
    links,
    jsonLd,
  };
}

/** A JSON-LD node as a loose record, for property checks. */
export type JsonLdNode = Record<string, unknown>;

export function jsonLdOfType(nodes: unknown[], type: string): JsonLdNode[] {
  return nodes.filter(
    (node): node is JsonLdNode =>
      typeof node === "object" && node !== null && (node as JsonLdNode)["@type"] === type,
  );
}

export function isAbsoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
