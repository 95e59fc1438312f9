import { describe, expect, it } from "vitest";
import {
  CATEGORY_COLOURS,
  courseCoverPath,
  courseCoverSvg,
  parseCoverFile,
  wrapTitle,
} from "./course-cover";

describe("courseCoverSvg", () => {
  it("draws the category's colour, the category and the title", () => {
    const svg = courseCoverSvg({ title: "Python for Beginners", courseType: "Development" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`stop-color="${CATEGORY_COLOURS.Development}"`);
    expect(svg).toContain(">Python for Beginners</text>");
  });

  it("escapes markup in the title: no element or attribute can be injected", () => {
    const svg = courseCoverSvg({
      title: `</text> <script>alert(1)</script> <a href="javascript:x"> 'Tom & Jerry'`,
      courseType: "Development",
    });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<foreignObject");
    expect(svg).toContain(">&lt;/text&gt;<");
    expect(svg).toContain(">&lt;script&gt;alert(1)&lt;/script&gt;<");
    expect(svg).toContain(">&lt;a href=&quot;javascript:x&quot;&gt;…<");
    // Only our own elements are in the drawing.
    const elements = new Set([...svg.matchAll(/<([a-zA-Z]+)/g)].map((match) => match[1]));
    expect([...elements].sort()).toEqual(
      ["circle", "defs", "g", "linearGradient", "rect", "stop", "svg", "text"].sort(),
    );
  });

  it("drops characters XML cannot carry", () => {
    expect(courseCoverSvg({ title: "A\u0000B\u001fC", courseType: "Music" })).toContain(">ABC<");
    expect(courseCoverSvg({ title: "Tom & Jerry's", courseType: "Music" })).toContain(
      ">Tom &amp; Jerry&apos;s<",
    );
  });

  it("gives an unknown category the neutral colour", () => {
    expect(courseCoverSvg({ title: "X", courseType: "Cooking" })).toContain(
      `stop-color="${CATEGORY_COLOURS.Other}"`,
    );
  });
});

describe("wrapTitle", () => {
  it("keeps at most three lines and cuts the rest with an ellipsis", () => {
    const lines = wrapTitle(
      "The Complete Web Developer Bootcamp: HTML, CSS, JavaScript, React, Node and more 2026",
    );
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 26)).toBe(true);
    expect(lines[2]!.endsWith("…")).toBe(true);
  });

  it("cuts a word longer than a line", () => {
    expect(wrapTitle("Supercalifragilisticexpialidocious-and-more")[0]).toHaveLength(26);
  });
});

describe("courseCoverPath / parseCoverFile", () => {
  it("names the cover by course and a version that changes with the title or category", () => {
    const path = courseCoverPath({ id: 12, title: "Go", courseType: "Development" });
    expect(path).toMatch(/^\/covers\/12-[0-9a-z]+\.svg$/);
    expect(courseCoverPath({ id: 12, title: "Go 2", courseType: "Development" })).not.toBe(path);
    expect(courseCoverPath({ id: 12, title: "Go", courseType: "Business" })).not.toBe(path);
    expect(parseCoverFile(path.slice("/covers/".length))).toEqual({
      id: 12,
      version: path.split("-")[1]!.replace(".svg", ""),
    });
  });

  it.each(["12.svg", "0-abc.svg", "12-abc.png", "12-ABC.svg", "99999999999-a.svg", "../1-a.svg"])(
    "refuses a file name that is not a cover's: %s",
    (file) => {
      expect(parseCoverFile(file)).toBeNull();
    },
  );
});
