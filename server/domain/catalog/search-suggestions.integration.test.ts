import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COURSE_FILTERS, parseCourseFilters } from "../../../core/course-filters";
import type { SearchSuggestion } from "../../../core/search-words";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { listCourses } from "./catalog";
import { generateDemoCatalogue } from "./demo-catalog";
import { importCouponRecords } from "../ingest/import-records";
import { suggestForEmptySearch } from "./search-suggestions";

const NOW = "2026-11-22T10:00:00+07:00";

let harness: TestServices;

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  await importCouponRecords(harness.services, generateDemoCatalogue(harness.clock.now()), "demo");
});

afterAll(async () => {
  await harness.close();
});

/** The home page's own answer for a suggestion's link. */
async function totalFor(href: string): Promise<number> {
  const url = new URL(href, "http://localhost");
  const page = await listCourses(harness.services, parseCourseFilters(url.searchParams));
  return page.total;
}

async function suggest(search: string): Promise<SearchSuggestion[]> {
  // The suggestions are for searches that find nothing: make sure this one does not.
  const page = await listCourses(harness.services, { ...DEFAULT_COURSE_FILTERS, search });
  expect(page.total, search).toBe(0);
  const suggestions = await suggestForEmptySearch(harness.services, { search });
  expect(suggestions.length, search).toBeGreaterThan(0);
  expect(suggestions.length, search).toBeLessThanOrEqual(5);
  for (const suggestion of suggestions) {
    expect({ href: suggestion.href, total: await totalFor(suggestion.href) }).toEqual({
      href: suggestion.href,
      total: expect.any(Number),
    });
    expect(await totalFor(suggestion.href), suggestion.href).toBeGreaterThan(0);
    expect(suggestion.href).toMatch(/^\/\?(search|type)=[^&]+#courses-section$/);
  }
  const labels = suggestions.map((s) => s.label.toLowerCase());
  expect(new Set(labels).size).toBe(labels.length);
  return suggestions;
}

describe("suggestions for a search that finds nothing (demo catalogue)", () => {
  it('"pelajari python" offers the English topic "python"', async () => {
    const suggestions = await suggest("pelajari python");
    expect(suggestions[0]).toEqual({
      kind: "topic",
      label: "Python",
      href: "/?search=Python#courses-section",
    });
    expect(suggestions).toContainEqual(
      expect.objectContaining({ kind: "category", label: "Development" }),
    );
  });

  it('"desain grafis" offers graphic design or the Design category', async () => {
    const suggestions = await suggest("desain grafis");
    const offersDesign = suggestions.some(
      (s) =>
        (s.kind === "category" && s.label === "Design") ||
        (s.kind === "topic" && s.label.toLowerCase() === "graphic design"),
    );
    expect(offersDesign, JSON.stringify(suggestions)).toBe(true);
    // Popular searches of the category the words point at.
    expect(suggestions.filter((s) => s.kind === "popular").length).toBeGreaterThan(0);
  });

  it("nonsense gets categories only, never an empty list", async () => {
    const suggestions = await suggest("qwzx blorp");
    expect(suggestions.every((s) => s.kind === "category")).toBe(true);
  });

  it.each([
    "kursus pemrograman android gratis",
    "belajar bahasa inggris untuk pemula",
    "pemasaran digital",
    "fotografi dasar",
    "python flask graphql",
    "akuntansi keuangan",
  ])("%j: every suggestion leads to courses", async (search) => {
    await suggest(search);
  });

  it("offers nothing when there was no search", async () => {
    expect(await suggestForEmptySearch(harness.services, { search: "  " })).toEqual([]);
  });

  it("offers nothing when nothing is listed", async () => {
    // Before the first coupon was found, the listed catalogue is empty.
    harness.clock.set("2020-01-01T10:00:00+07:00");
    try {
      expect(await suggestForEmptySearch(harness.services, { search: "python" })).toEqual([]);
    } finally {
      harness.clock.set(NOW);
    }
  });
});
