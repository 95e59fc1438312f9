import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ModerationVerdicts } from "./moderation-verdicts";

const stored = {
  provider: "offline",
  checkedAt: "2026-11-22T03:00:00.000Z",
  title: { isSafe: true, reason: "Looks fine." },
  content: { isSafe: false, reason: "Konten berisi ujaran kebencian." },
  image: null,
};

/** The text an operator reads, tags and repeated spaces dropped. */
const textOf = (stored: unknown) =>
  renderToStaticMarkup(<ModerationVerdicts stored={stored} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("an article's moderation verdicts in the console", () => {
  it("read as one line per checked part: safe or unsafe, and the reason as stored", () => {
    const text = textOf(stored);
    expect(text).toContain("Title: safe — Looks fine.");
    expect(text).toContain("Content: unsafe — Konten berisi ujaran kebencian.");
    expect(text).toContain("Checked by offline, 22 November 2026");
    expect(text).not.toContain("Image");
    expect(text).not.toMatch(/isSafe|[{}"]/);
  });

  it("show the image's verdict when there was an image", () => {
    expect(textOf({ ...stored, image: { isSafe: true, reason: "A chart." } })).toContain(
      "Image: safe — A chart.",
    );
  });

  it("show a dash for an article never checked or a verdict of another shape", () => {
    expect(textOf(null)).toBe("—");
    expect(textOf({ title: "yes" })).toBe("—");
  });
});
