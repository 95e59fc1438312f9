import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The server keeps its database, uploads and generated secrets in directories it must be able to
 * write. When it cannot, it stops at start-up with one sentence that names the directory and
 * what to do, instead of a stack trace from deep inside the database or a failure on first use.
 */
export class UnwritableDirectoryError extends Error {
  override name = "UnwritableDirectoryError";
  constructor(
    readonly directory: string,
    readonly code: string,
    label: string,
    setting: string,
  ) {
    super(`Kursusku cannot write to its ${label} ${directory}: ${remedy(code, setting)}.`);
  }
}

/** Error codes that mean "this directory cannot be created or written here". */
const UNWRITABLE_CODES = new Set([
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOTDIR",
  "EEXIST",
  "ENOENT",
  "ENOSPC",
  "EDQUOT",
  "EISDIR",
  "ELOOP",
  "ENAMETOOLONG",
]);

function remedy(code: string, setting: string): string {
  if (code === "ENOSPC" || code === "EDQUOT")
    return `the disk is full, so free some space or set ${setting} to another disk`;
  if (code === "ENOTDIR" || code === "EEXIST")
    return `part of that path is a file, not a directory, so set ${setting} to a directory`;
  return `make it writable by this user or set ${setting}`;
}

/** Creates the directory when missing and proves a file can be written in it. */
export function ensureWritableDirectory(
  directory: string,
  options: { label: string; setting: string },
): void {
  const absolute = path.resolve(directory);
  try {
    mkdirSync(absolute, { recursive: true });
    const probe = path.join(absolute, `.write-check-${process.pid}`);
    writeFileSync(probe, "ok");
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && UNWRITABLE_CODES.has(code))
      throw new UnwritableDirectoryError(absolute, code, options.label, options.setting);
    throw error;
  }
}
