import { describe, expect, it } from "vitest";
import { answerLocale, answerLocaleOf } from "./answer-language";

describe("answerLocale", () => {
  it("follows the page's explicit language first", () => {
    expect(answerLocale({ explicit: "id", acceptLanguage: "en-US" })).toBe("id");
    expect(answerLocale({ explicit: "en", acceptLanguage: "id-ID" })).toBe("en");
  });

  it("ignores an explicit value that is not a site language", () => {
    expect(answerLocale({ explicit: "fr", acceptLanguage: "id" })).toBe("id");
    expect(answerLocale({ explicit: "fr" })).toBe("en");
  });

  it("picks the best of Accept-Language among English and Indonesian, by weight", () => {
    expect(answerLocale({ acceptLanguage: "id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7" })).toBe("id");
    expect(answerLocale({ acceptLanguage: "en-GB,en;q=0.9,id;q=0.8" })).toBe("en");
    expect(answerLocale({ acceptLanguage: "fr-FR,fr;q=0.9,id;q=0.5" })).toBe("id");
    expect(answerLocale({ acceptLanguage: "en;q=0.2,id;q=0.9" })).toBe("id");
  });

  it("answers English without a usable preference, as the JSON API always has", () => {
    expect(answerLocale({})).toBe("en");
    expect(answerLocale({ acceptLanguage: "" })).toBe("en");
    expect(answerLocale({ acceptLanguage: "fr, de" })).toBe("en");
    expect(answerLocale({ acceptLanguage: "*" })).toBe("en");
  });
});

describe("answerLocaleOf", () => {
  const request = (acceptLanguage?: string) =>
    new Request("http://localhost/redeem", {
      method: "POST",
      headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
    });

  it("reads a form's lang field first, then the request's Accept-Language", () => {
    const form = new FormData();
    form.set("lang", "id");
    expect(answerLocaleOf(request("en-US"), form)).toBe("id");
    expect(answerLocaleOf(request("id"))).toBe("id");
    expect(answerLocaleOf(request("id"), new FormData())).toBe("id");
    expect(answerLocaleOf(request())).toBe("en");
    expect(answerLocaleOf(request(), null)).toBe("en");
  });
});
