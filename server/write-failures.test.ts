import { describe, expect, it } from "vitest";
import { createWriteFailures, isStorageFailure, WRITE_FAILURE_WINDOW_MS } from "./write-failures";

describe("isStorageFailure", () => {
  it("recognises a full disk, a quota and a read-only file system, also when wrapped", () => {
    expect(
      isStorageFailure(new Error('could not extend file "base/1/2": No space left on device')),
    ).toBe(true);
    expect(isStorageFailure(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe(
      true,
    );
    expect(isStorageFailure(Object.assign(new Error("disk full"), { code: "53100" }))).toBe(true);
    expect(isStorageFailure(new Error("EROFS: read-only file system, open '/data/x'"))).toBe(true);
    expect(
      isStorageFailure(
        new Error("Failed query: insert …", { cause: new Error("Disk quota exceeded") }),
      ),
    ).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isStorageFailure(new Error("duplicate key value violates unique constraint"))).toBe(
      false,
    );
    expect(isStorageFailure("No space left on device")).toBe(false);
    expect(isStorageFailure(null)).toBe(false);
  });
});

describe("createWriteFailures", () => {
  it("reports a storage failure for the window after it, then forgets it", () => {
    let now = 1_000_000;
    const failures = createWriteFailures(() => now);
    expect(failures.recentlyFailed()).toBe(false);
    failures.note(new Error("unique violation"));
    expect(failures.recentlyFailed()).toBe(false);
    failures.note(new Error("No space left on device"));
    expect(failures.recentlyFailed()).toBe(true);
    now += WRITE_FAILURE_WINDOW_MS - 1;
    expect(failures.recentlyFailed()).toBe(true);
    now += 1;
    expect(failures.recentlyFailed()).toBe(false);
  });
});
