import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each decision record says when it was taken and whether it still holds, in one format, and the
 * numbers run without a gap (an unused number has a record saying so), so a reference to
 * "decision 00NN" always finds its page.
 */
const folder = path.resolve(import.meta.dirname, "decisions");
const records = readdirSync(folder)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();

describe("docs/decisions", () => {
  it("open with their title, date and status", () => {
    expect(records.length).toBeGreaterThan(30);
    const malformed = records.filter((name) => {
      const [title, blank, date, status] = readFileSync(path.join(folder, name), "utf8").split(
        "\n",
      );
      return !(
        title?.startsWith(`# ${name.slice(0, 4)} — `) &&
        blank === "" &&
        /^Date: \d{4}-\d{2}-\d{2}$/.test(date ?? "") &&
        /^Status: (?:accepted|superseded by \d{4})\b/.test(status ?? "")
      );
    });
    expect(malformed).toEqual([]);
  });

  it("are numbered from 0001 without a gap or a number used twice", () => {
    const numbers = records.map((name) => Number(name.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});
