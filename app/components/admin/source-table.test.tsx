import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SourceTable, type SourceHealthRow } from "./source-table";

const NETWORK_ERROR = "failed: network error: ENOTFOUND www.real.discount";

function source(name: string, last: SourceHealthRow["last"]): SourceHealthRow {
  return {
    name,
    kind: "api",
    configured: true,
    lastRunAt: "2026-11-22T03:00:00.000Z",
    last,
    quiet: false,
  };
}

const run = (ok: boolean, errors: string[]) => ({
  ok,
  found: 0,
  added: 0,
  duplicate: 0,
  rejected: 0,
  rejectedByCheck: 0,
  errors,
});

/** What an operator reads without opening anything: the table with its <details> left closed. */
const visibleText = (sources: SourceHealthRow[]) =>
  renderToStaticMarkup(<SourceTable sources={sources} />)
    .replace(/<details>.*?<\/details>/gs, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the console's coupon sources", () => {
  it("show a failed source's error in its row, without a click", () => {
    const text = visibleText([
      source("real-discount", run(false, [NETWORK_ERROR])),
      source("discudemy", run(false, ["failed: network error: ECONNREFUSED"])),
    ]);
    expect(text).toContain(NETWORK_ERROR);
    expect(text).toContain("failed: network error: ECONNREFUSED");
  });

  it("keep the errors of a source that ran behind their count", () => {
    const text = visibleText([source("idownloadcoupon", run(true, ["item 3: no title"]))]);
    expect(text).not.toContain("no title");
  });
});
