import { describe, expect, it } from "vitest";
import { goHref } from "./course-opening";
import { goPageLocale } from "./go-language";

const GO = "https://kursusku.test/go/12";
const fromHeaders = () => "id" as const;
const english = () => "en" as const;

describe("goPageLocale", () => {
  it("follows the link's lang first", () => {
    expect(goPageLocale({ url: `${GO}?lang=id`, referer: "https://kursusku.test/" }, english)).toBe(
      "id",
    );
    expect(goPageLocale({ url: `${GO}?lang=en`, referer: null }, fromHeaders)).toBe("en");
  });

  it("else the site page the visitor came from", () => {
    const from = (referer: string) => goPageLocale({ url: GO, referer }, fromHeaders);
    expect(goPageLocale({ url: GO, referer: "https://kursusku.test/id/course/x" }, english)).toBe(
      "id",
    );
    expect(goPageLocale({ url: GO, referer: "https://kursusku.test/id" }, english)).toBe("id");
    // An English page of the site is the visitor's choice, whatever the browser prefers.
    expect(from("https://kursusku.test/course/x")).toBe("en");
  });

  it("else Accept-Language: no referer, another site, a /go page or an unreadable one", () => {
    const from = (referer: string | null) => goPageLocale({ url: GO, referer }, fromHeaders);
    expect(from(null)).toBe("id");
    expect(from("https://elsewhere.example/course/x")).toBe("id");
    expect(from("https://kursusku.test/go/3")).toBe("id");
    expect(from("not an address")).toBe("id");
    expect(goPageLocale({ url: `${GO}?lang=fr`, referer: null }, english)).toBe("en");
  });
});

describe("goHref", () => {
  it("keeps the English link as it was and names other languages", () => {
    expect(goHref(7, "en")).toBe("/go/7");
    expect(goHref(7, "id")).toBe("/go/7?lang=id");
    expect(goHref(7, "en", { confirm: "1" })).toBe("/go/7?confirm=1");
    expect(goHref(7, "id", { confirm: "1" })).toBe("/go/7?confirm=1&lang=id");
  });
});
