import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md is where a newcomer learns where things live, so every path and name it
 * points at must exist: a renamed file or constant fails here instead of misleading a reader.
 */
const root = path.resolve(import.meta.dirname, "..");
const page = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** Top-level folders that are generated, installed or local-only: not what the page describes. */
const OUTSIDE_THE_TREE = new Set([
  "node_modules",
  "build",
  "data",
  "test-results",
  "playwright-report",
]);
const SOURCE_EXTENSIONS = /\.(?:ts|tsx|js)$/;

/** Every file and folder of the tree, relative to the root, folders ending in "/". */
function treeEntries(): string[] {
  const entries: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || (!relative && OUTSIDE_THE_TREE.has(entry.name))) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        entries.push(`${name}/`);
        walk(name);
      } else entries.push(name);
    }
  };
  walk("");
  return entries;
}

type Span = { text: string; index: number };

/** The page's `code spans`, outside fenced blocks (the diagram). */
function codeSpans(markdown: string): Span[] {
  const withoutFences = markdown.replace(/```[\s\S]*?```/g, (block) => " ".repeat(block.length));
  return [...withoutFences.matchAll(/`([^`\n]+)`/g)].map((match) => ({
    text: match[1]!,
    index: match.index,
  }));
}

const isPath = (text: string) =>
  !text.includes(" ") && (text.includes("/") || /\.(?:ts|tsx|js|json|md)$/.test(text));
const isIdentifier = (text: string) => /^[A-Za-z_$][\w$]*(?:\(\))?$/.test(text);

/**
 * A path as a pattern over the tree: `<service>` stands for one folder, `…` for any part. A path
 * that starts with a top-level folder or file is anchored at the root; a bare name (`errors.ts`,
 * `ingest/`) only has to exist somewhere.
 */
function pathPattern(text: string, topLevel: Set<string>): RegExp {
  const body = text
    .split(/(<[^>]+>|…)/)
    .map((part) =>
      part === "…"
        ? ".+"
        : part.startsWith("<")
          ? "[^/]+"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  const anchored = topLevel.has(text.split("/")[0]!) || topLevel.has(`${text.split("/")[0]}/`);
  // `server/db` names the folder as well as `server/db/` does.
  const folder = text.endsWith("/") || text.endsWith("…") || /\.\w+$/.test(text) ? "" : "/?";
  return new RegExp(`${anchored ? "^" : "(?:^|/)"}${body}${folder}$`);
}

/**
 * The file an identifier is said to live in: the first file path that follows it closely in the
 * sentence (`X` in `file`, `X` from `file`, `X` (`file`), `X` and `Y` in `file`).
 */
function homeOf(spans: Span[], at: number): string | undefined {
  let end = spans[at]!.index + spans[at]!.text.length + 2;
  for (let next = at + 1; next < spans.length; next += 1) {
    const span = spans[next]!;
    const between = page.slice(end, span.index);
    if (between.length > 12 || /[.;:]\s/.test(between)) return undefined;
    if (isPath(span.text)) return /\.(?:ts|tsx|js)$/.test(span.text) ? span.text : undefined;
    if (!isIdentifier(span.text)) return undefined;
    end = span.index + span.text.length + 2;
  }
  return undefined;
}

/** Every source file's text, for names the page mentions without a file. */
function allSourceText(entries: string[]): string {
  return entries
    .filter((entry) => SOURCE_EXTENSIONS.test(entry) && !entry.startsWith("docs/"))
    .map((entry) => readFileSync(path.join(root, entry), "utf8"))
    .join("\n");
}

describe("docs/architecture.md", () => {
  const entries = treeEntries();
  const topLevel = new Set(entries.filter((entry) => !entry.slice(0, -1).includes("/")));
  const spans = codeSpans(page);

  it("names only paths that exist in the tree", () => {
    const paths = spans.filter((span) => isPath(span.text)).map((span) => span.text);
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths.filter((text) => {
      const pattern = pathPattern(text, topLevel);
      return !entries.some((entry) => pattern.test(entry));
    });
    expect(missing).toEqual([]);
  });

  it("names only identifiers that exist, in the file it says they live in", () => {
    const sources = allSourceText(entries);
    const missing: string[] = [];
    let placed = 0;
    spans.forEach((span, at) => {
      if (!isIdentifier(span.text) || isPath(span.text)) return;
      const name = span.text.replace(/\(\)$/, "");
      const home = homeOf(spans, at);
      if (home) placed += 1;
      const text = home ? readFileSync(path.join(root, home), "utf8") : sources;
      if (!new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(text)) {
        missing.push(home ? `${span.text} in ${home}` : span.text);
      }
    });
    // The examples tie most names to their file; if this drops, the pairing above broke.
    expect(placed).toBeGreaterThanOrEqual(8);
    expect(missing).toEqual([]);
  });

  it("lists every top-level source folder in its folders table", () => {
    const table = page.slice(page.indexOf("## The folders"), page.indexOf("## The one-way flow"));
    const listed = [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.split("/")[0]!),
    );
    const folders = sourceFolders();
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
  });
});

/**
 * Top-level folders holding a file git tracks or would track: generated and local-only folders
 * (a build, a data directory, bench reports) are ignored and so left out.
 */
function sourceFolders(): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  }).split("\n");
  const folders = files.filter((file) => file.includes("/")).map((file) => file.split("/")[0]!);
  return [...new Set(folders)].filter((folder) => !folder.startsWith("."));
}
