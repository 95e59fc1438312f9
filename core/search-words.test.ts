import { describe, expect, it } from "vitest";
import { translateSearchWords } from "./search-words";

describe("Indonesian learning words in a search", () => {
  it("drops the words wrapped around a topic", () => {
    expect(translateSearchWords("belajar python")).toEqual({
      topic: "python",
      translatedTopics: [],
    });
    expect(translateSearchWords("Kursus Excel GRATIS untuk pemula")).toEqual({
      topic: "excel",
      translatedTopics: [],
    });
  });

  it("turns Indonesian topics into the English words titles use, longest phrase first", () => {
    expect(translateSearchWords("desain grafis")).toEqual({
      topic: "graphic design",
      translatedTopics: ["graphic design"],
    });
    expect(translateSearchWords("belajar bahasa inggris dari nol")).toEqual({
      topic: "english",
      translatedTopics: ["english"],
    });
    expect(translateSearchWords("pemrograman aplikasi android").translatedTopics).toEqual([
      "programming",
      "android",
    ]);
  });

  it("keeps English and unknown words as they are", () => {
    expect(translateSearchWords("machine learning, python!")).toEqual({
      topic: "machine learning python",
      translatedTopics: [],
    });
    expect(translateSearchWords("bahasa indonesia").translatedTopics).toEqual([]);
  });
});
