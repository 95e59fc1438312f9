import { describe, expect, it } from "vitest";
import type { SourceOutcome } from "../server/domain/ingest/run-sources";
import { describeOutcome } from "./ingest-summary";

const counts = {
  found: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  duplicate: 0,
  rejected: 0,
  rejectedByCheck: 0,
  unverified: 0,
};

describe("describeOutcome", () => {
  it("says a 304 meant nothing new since the last full read, in Jakarta time", () => {
    const outcome: SourceOutcome = {
      name: "real-discount",
      kind: "api",
      ok: true,
      ...counts,
      notModified: true,
      notModifiedSince: "2026-11-27T03:00:00.000Z",
      errors: [],
    };
    expect(describeOutcome(outcome)).toBe(
      "  real-discount (api): not modified since 27 Nov 10.00 WIB (304): nothing new",
    );
  });

  it("prints a read source's counts, and a failed source's errors", () => {
    expect(
      describeOutcome({
        name: "feed",
        kind: "json",
        ok: true,
        ...counts,
        found: 3,
        added: 2,
        errors: ["x"],
      }),
    ).toBe("  feed (json): found 3, added 2, updated 0, unchanged 0, errors 1");
    expect(
      describeOutcome({
        name: "feed",
        kind: "json",
        ok: false,
        ...counts,
        errors: ["failed: 503", "b"],
      }),
    ).toBe("  feed (json): failed: 503; b");
  });
});
