import { describe, expect, it } from "vitest";
import { localeOfPath, localizedHref, pathWithoutLocale, readLanguagePreference } from "./locale";

describe("locale addresses", () => {
  it("reads the language from the address: Indonesian under /id only", () => {
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/id")).toBe("id");
    expect(localeOfPath("/id/articles")).toBe("id");
    expect(localeOfPath("/idea")).toBe("en");
    expect(pathWithoutLocale("/id")).toBe("/");
    expect(pathWithoutLocale("/id/course/react")).toBe("/course/react");
  });

  it("keeps the query and fragment when switching, and leaves non-page addresses alone", () => {
    expect(localizedHref("id", "/?search=react&page=2#courses-section")).toBe(
      "/id?search=react&page=2#courses-section",
    );
    expect(localizedHref("en", "/id/articles?type=news")).toBe("/articles?type=news");
    expect(localizedHref("id", "/id/articles")).toBe("/id/articles");
    expect(localizedHref("id", "/go/12")).toBe("/go/12");
    expect(localizedHref("id", "/feed.xml")).toBe("/feed.xml");
    expect(localizedHref("id", "https://www.udemy.com/")).toBe("https://www.udemy.com/");
  });

  it("reads the remembered choice from the cookies, ignoring anything else", () => {
    expect(readLanguagePreference("kk_theme=dark; kk_lang=id")).toBe("id");
    expect(readLanguagePreference("kk_lang=fr")).toBeNull();
    expect(readLanguagePreference(null)).toBeNull();
  });
});
