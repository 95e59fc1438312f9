import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureWritableDirectory, UnwritableDirectoryError } from "./data-dir-check";

const DATA = { label: "data directory", setting: "DATA_DIR" };
let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "kursusku-dir-check-"));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function failureOf(run: () => void): UnwritableDirectoryError {
  try {
    run();
  } catch (error) {
    if (error instanceof UnwritableDirectoryError) return error;
    throw error;
  }
  throw new Error("expected the directory to be refused");
}

describe("ensureWritableDirectory", () => {
  it("creates a missing directory and leaves no probe file behind", () => {
    const directory = path.join(scratch, "a", "b", "data");
    ensureWritableDirectory(directory, DATA);
    expect(existsSync(directory)).toBe(true);
    expect(readdirSync(directory)).toEqual([]);
  });

  it("refuses a directory that cannot be created with one sentence naming it and the remedy", () => {
    // Tests run as root, where permissions do not stop writes: a path under a regular file
    // cannot be created by anyone (ENOTDIR).
    const file = path.join(scratch, "somefile");
    writeFileSync(file, "");
    const directory = path.join(file, "data");
    const error = failureOf(() => ensureWritableDirectory(directory, DATA));
    expect(error.code).toBe("ENOTDIR");
    expect(error.message).toBe(
      `Kursusku cannot write to its data directory ${directory}: part of that path is a file, not a directory, so set DATA_DIR to a directory.`,
    );
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("refuses a path that is itself a file", () => {
    const file = path.join(scratch, "plain-file");
    writeFileSync(file, "");
    const error = failureOf(() =>
      ensureWritableDirectory(file, { label: "uploads directory", setting: "UPLOADS_DIR" }),
    );
    expect(error.message).toMatch(
      /^Kursusku cannot write to its uploads directory .*plain-file: .*UPLOADS_DIR/,
    );
  });
});
