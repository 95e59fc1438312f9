import { describe, expect, it } from "vitest";
import { shouldSuggestIndonesian } from "./language-suggestion";

const visit = {
  pathname: "/",
  browserLanguages: ["id-ID", "id", "en-US"],
  languageChosen: false,
  dismissed: false,
};

describe("shouldSuggestIndonesian", () => {
  it("suggests the Indonesian page to a browser that puts Indonesian first", () => {
    expect(shouldSuggestIndonesian(visit)).toBe(true);
    expect(shouldSuggestIndonesian({ ...visit, pathname: "/articles" })).toBe(true);
    expect(shouldSuggestIndonesian({ ...visit, browserLanguages: ["in-ID"] })).toBe(true);
    // Other languages before Indonesian do not matter; English before it does.
    expect(shouldSuggestIndonesian({ ...visit, browserLanguages: ["jv", "id", "en"] })).toBe(true);
    expect(shouldSuggestIndonesian({ ...visit, browserLanguages: ["en-US", "id"] })).toBe(false);
  });

  it("says nothing to a browser without Indonesian", () => {
    expect(shouldSuggestIndonesian({ ...visit, browserLanguages: ["en-GB", "fr"] })).toBe(false);
    expect(shouldSuggestIndonesian({ ...visit, browserLanguages: [] })).toBe(false);
  });

  it("says nothing once a language was chosen or the suggestion dismissed", () => {
    expect(shouldSuggestIndonesian({ ...visit, languageChosen: true })).toBe(false);
    expect(shouldSuggestIndonesian({ ...visit, dismissed: true })).toBe(false);
  });

  it("says nothing on an Indonesian page or an address with one language", () => {
    expect(shouldSuggestIndonesian({ ...visit, pathname: "/id" })).toBe(false);
    expect(shouldSuggestIndonesian({ ...visit, pathname: "/id/articles" })).toBe(false);
    expect(shouldSuggestIndonesian({ ...visit, pathname: "/admin" })).toBe(false);
  });
});
