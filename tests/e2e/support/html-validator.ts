import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The Nu HTML Checker (the W3C validator) that the `vnu-jar` package ships. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/**
 * The only messages accepted, both about Tailwind 4's CSS inlined in `<style>`, never about the
 * HTML: the checker's CSS parser predates what every browser we support reads.
 * - `@property` (typed custom properties, Tailwind's `--tw-*` variables) is an at-rule it does
 *   not know.
 * - `margin-trim` appears only in the condition of Tailwind's preflight `@supports (… or
 *   (margin-trim: inline))` feature query, which asks the browser whether it knows the property.
 */
const ACCEPTED_CSS_MESSAGES: RegExp[] = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
];

export type HtmlDocument = { name: string; html: string };
export type HtmlError = {
  document: string;
  line: number | undefined;
  message: string;
  extract: string;
};

/**
 * Checks every document in ONE run of the checker (the JVM takes seconds to start) and returns
 * its errors, less the accepted CSS ones. Fails when Java is missing, with the instruction.
 */
export async function htmlErrors(documents: HtmlDocument[]): Promise<HtmlError[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "kursusku-vnu-"));
  try {
    const files = await Promise.all(
      documents.map(async ({ name, html }, index) => {
        const file = path.join(folder, `${String(index).padStart(2, "0")}.html`);
        await writeFile(file, html);
        return { file, name };
      }),
    );
    const output = await checkerOutput(files.map(({ file }) => file));
    const nameOf = new Map(files.map(({ file, name }) => [path.basename(file), name]));
    const { messages } = JSON.parse(output) as {
      messages: Array<{
        type: string;
        url?: string;
        lastLine?: number;
        message: string;
        extract?: string;
      }>;
    };
    return messages
      .filter((message) => message.type === "error")
      .filter(
        (message) => !ACCEPTED_CSS_MESSAGES.some((accepted) => accepted.test(message.message)),
      )
      .map((message) => ({
        document: nameOf.get(path.basename(message.url ?? "")) ?? message.url ?? "?",
        line: message.lastLine,
        message: message.message,
        extract: (message.extract ?? "").slice(0, 160),
      }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function checkerOutput(files: string[]): Promise<string> {
  // Language detection only ever gives warnings, and costs seconds.
  const args = ["-jar", VNU_JAR, "--errors-only", "--no-langdetect", "--format", "json", ...files];
  try {
    const { stdout, stderr } = await run("java", args, { maxBuffer: 64 * 1024 * 1024 });
    return stderr || stdout;
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") {
      throw new Error(
        "Java is required for the HTML check: apt-get install -y default-jre-headless",
      );
    }
    // The checker exits with 1 when it found errors; its report is still the JSON on stderr.
    if (failed.stderr?.trimStart().startsWith("{")) return failed.stderr;
    throw error;
  }
}
