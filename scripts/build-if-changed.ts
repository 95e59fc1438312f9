import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm start` builds only when something the build reads changed since the last build: a build
 * takes over a minute on a busy two-core machine, and a restart should not wait for it.
 *
 * What the build reads: the app and its shared rules, static files, messages, the build tooling
 * (Vite plugins) and configuration, and the installed dependencies (package-lock.json). Not
 * `server/`: the server bundle imports it from the source at run time (vite.config.ts).
 */
export const BUILD_INPUTS = [
  "app",
  "core",
  "public",
  "messages",
  "tools/build",
  "project.inlang/settings.json",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
/** Generated from `messages/` (by the build itself too), so already covered by it. */
const GENERATED = new Set(["core/paraglide"]);

/** What the last successful build was made from, and what it made (build/ may be rebuilt by hand). */
export const STAMP_FILE = "build/.inputs-stamp.json";
/** The server bundle: its fingerprint tells a build made by this script from one made otherwise. */
const SERVER_BUNDLE = "build/server/index.js";

type Stamp = { inputs: string; output: string };
export type BuildDecision = "no build" | "changed" | "unchanged";

/** One hash over the relative path and content of every input file, in a fixed order. */
export function inputsHash(root: string): string {
  const hash = createHash("sha256");
  for (const file of inputFiles(root)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

function inputFiles(root: string): string[] {
  const files: string[] = [];
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute) || GENERATED.has(relative)) return;
    const entries = readdirSyncSafe(absolute);
    if (entries === null) {
      files.push(relative);
      return;
    }
    for (const entry of entries) {
      if (entry === "node_modules" || entry.startsWith(".")) continue;
      visit(path.posix.join(relative, entry));
    }
  };
  for (const input of BUILD_INPUTS) visit(input);
  return files.sort();
}

/** The names in a folder, sorted; null when `absolute` is a file. */
function readdirSyncSafe(absolute: string): string[] | null {
  try {
    return readdirSync(absolute).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return null;
    throw error;
  }
}

function outputFingerprint(root: string): string | null {
  const bundle = path.join(root, SERVER_BUNDLE);
  if (!existsSync(bundle)) return null;
  return createHash("sha256").update(readFileSync(bundle)).digest("hex");
}

function readStamp(root: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8")) as Stamp;
  } catch {
    return null;
  }
}

/**
 * "no build" when there is no server bundle; "changed" when the inputs differ from the stamp's,
 * or the bundle is not the one the stamp recorded (built by hand since, or no stamp at all);
 * otherwise "unchanged".
 */
export function decideBuild(root: string, inputs = inputsHash(root)): BuildDecision {
  const output = outputFingerprint(root);
  if (output === null) return "no build";
  const stamp = readStamp(root);
  return stamp?.inputs === inputs && stamp.output === output ? "unchanged" : "changed";
}

/** Records what the build in `build/` was made from (after a successful build). */
export function writeStamp(root: string, inputs: string): void {
  const output = outputFingerprint(root);
  if (output === null) throw new Error(`The build wrote no ${SERVER_BUNDLE}`);
  writeFileSync(path.join(root, STAMP_FILE), JSON.stringify({ inputs, output } satisfies Stamp));
}

function main(): void {
  const root = path.resolve(import.meta.dirname, "..");
  // Hashed before building: a file saved while the build runs makes the next start build again.
  const inputs = inputsHash(root);
  const decision = decideBuild(root, inputs);
  if (decision === "unchanged") {
    console.log("build: sources unchanged since the last build, not rebuilding");
    return;
  }
  console.log(`build: ${decision === "no build" ? "no build yet" : "sources changed"}, building`);
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(root, inputs);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
