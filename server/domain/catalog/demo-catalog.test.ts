import { describe, expect, it } from "vitest";
import { generateDemoCatalogue } from "./demo-catalog";

const NOW = new Date("2026-11-27T10:00:00+07:00");

describe("the demo catalogue reads as a real one", () => {
  const records = generateDemoCatalogue(NOW);

  it("never lists a title twice", () => {
    const titles = records.map((record) => record.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("writes each title in the course's language", () => {
    const byLanguage = (language: string) =>
      records.filter((record) => record.language === language).map((record) => record.title);
    expect(byLanguage("Indonesian").length).toBeGreaterThan(0);
    for (const title of byLanguage("Indonesian")) {
      expect(title).toMatch(/Belajar|Kursus|Praktis|Kuasai/);
    }
    for (const title of byLanguage("English")) {
      expect(title).not.toMatch(/\b(Belajar|Kursus|desde|para|do Zero)\b/);
    }
  });

  it("gives a length and level that fit the kind of course its title names", () => {
    for (const record of records) {
      const minutes = record.durationMinutes!;
      if (/Crash Course|Kursus Kilat/.test(record.title)) expect(minutes).toBeLessThanOrEqual(180);
      if (/Bootcamp/.test(record.title)) expect(minutes).toBeGreaterThanOrEqual(900);
      if (/Practice Tests/.test(record.title)) expect(minutes).toBe(0);
      else expect(minutes).toBeGreaterThanOrEqual(60);
      if (/for Beginners|untuk Pemula/.test(record.title))
        expect(record.level).toBe("Beginner Level");
      if (/^Mastering/.test(record.title)) expect(record.level).toBe("Expert Level");
    }
  });

  it("files a topic under the sub-category it belongs to", () => {
    const subCategoriesOf = (topic: RegExp) =>
      new Set(records.filter((record) => topic.test(record.title)).map((r) => r.subCategory));
    expect([...subCategoriesOf(/\bGo\b/)]).toEqual(["Programming Languages"]);
    expect([...subCategoriesOf(/Flutter/)]).toEqual(["Mobile Development"]);
  });

  it("describes each course in a few sentences that say more than its title", () => {
    for (const record of records) {
      const text = record.description!.replace(/<[^>]+>/g, "");
      expect(text.startsWith(record.title)).toBe(true);
      expect(
        text.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 3).length,
      ).toBeGreaterThanOrEqual(3);
      expect(text).toContain("example course");
    }
  });

  it("numbers volumes when asked for more courses than fresh titles", () => {
    const large = generateDemoCatalogue(NOW, { count: 3000 });
    expect(new Set(large.map((record) => record.title)).size).toBe(3000);
  });
});
