import { describe, expect, it } from "vitest";
import { htmlToPlainText, truncate, TRUNCATE } from "./text";

describe("truncate", () => {
  it("leaves text at or under the limit unchanged", () => {
    expect(truncate("Short title", 70)).toBe("Short title");
    expect(truncate("a".repeat(70), 70)).toBe("a".repeat(70));
    expect(truncate("", 5)).toBe("");
  });

  it("shortens longer text to the limit including the ellipsis", () => {
    const result = truncate("a".repeat(71), 70);
    expect(result).toHaveLength(70);
    expect(result).toBe(`${"a".repeat(69)}…`);
  });

  it("does not leave a space before the ellipsis", () => {
    expect(truncate("Learn Python today", 7)).toBe("Learn…");
    expect(truncate("Learn Python today", 7).length).toBeLessThanOrEqual(7);
  });

  it("never exceeds the limit for any length", () => {
    const text = "The Complete JavaScript Course: From Zero to Expert with Projects and Tests";
    for (let max = 1; max <= text.length + 5; max += 1) {
      const result = truncate(text, max);
      expect(result.length).toBeLessThanOrEqual(max);
      if (text.length > max) expect(result.endsWith("…")).toBe(true);
      else expect(result).toBe(text);
    }
  });

  it("uses the SPEC §9 lengths", () => {
    expect(TRUNCATE.cardTitle).toBe(70);
    expect(TRUNCATE.categoryLabel).toBe(20);
    expect(TRUNCATE.redirectToastTitle).toBe(30);
    expect(TRUNCATE.articleMetaDescription).toBe(160);
    expect(truncate("Photography & Video Editing", TRUNCATE.categoryLabel)).toBe(
      "Photography & Video…",
    );
  });
});

describe("htmlToPlainText", () => {
  it("strips tags and collapses whitespace", () => {
    expect(htmlToPlainText("<p>Hello <strong>world</strong></p>\n\n<p>Again</p>")).toBe(
      "Hello world Again",
    );
  });

  it("decodes the common entities", () => {
    expect(htmlToPlainText("Tom&nbsp;&amp;&nbsp;Jerry &lt;3 &quot;hi&quot; it&#39;s")).toBe(
      `Tom & Jerry <3 "hi" it's`,
    );
  });

  it("keeps words on either side of a tag apart", () => {
    expect(htmlToPlainText("one<br>two<br/>three")).toBe("one two three");
  });

  it("returns an empty string for markup only", () => {
    expect(htmlToPlainText("<p><br></p>  ")).toBe("");
  });
});
