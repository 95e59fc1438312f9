import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanCourseTitle, decodeHtmlEntities, normaliseLanguage } from "./normalise";

describe("decodeHtmlEntities", () => {
  it("decodes named, decimal and hex entities", () => {
    expect(decodeHtmlEntities("Q&amp;A &ndash; &quot;Python&quot; &#8211; &#x2019;s&nbsp;x")).toBe(
      'Q&A – "Python" – ’s x',
    );
  });

  it("leaves unknown names and invalid code points recognisable", () => {
    expect(decodeHtmlEntities("&bogus; &#0; &#xD800;")).toBe("&bogus; \uFFFD \uFFFD");
  });
});

describe("cleanCourseTitle", () => {
  it.each([
    ["Learn Python [Free]", "Learn Python"],
    ["Learn Python (100% OFF)", "Learn Python"],
    ["Learn Python - 100% OFF", "Learn Python"],
    ["Learn Python 100% OFF", "Learn Python"],
    ["Learn Python | Udemy Coupon", "Learn Python"],
    ["[100% OFF] Learn Python", "Learn Python"],
    ["[Free] Learn Python - Free Udemy Course", "Learn Python"],
    ["Learn Python [100% Off] [New]", "Learn Python"],
    ["Learn Python (Free Coupon Code)!", "Learn Python"],
    ["Python &amp; Django: Build Apps", "Python & Django: Build Apps"],
    // Decoded exactly once: a feed's "&amp;amp;" is the text "&amp;".
    ["Python &amp;amp; Django", "Python &amp; Django"],
    ["&lt;img src=x&gt; Python", "<img src=x> Python"],
    ["Python \u202Efdp.exe\u202C \u2066Basics\u2069", "Python fdp.exe Basics"],
    ["  Learn\n  Python   fast ", "Learn Python fast"],
    ["<b>Bold</b> Title", "Bold Title"],
    ['"Manajemen Proyek untuk Pemula"', "Manajemen Proyek untuk Pemula"],
    ["&quot;Learn Python&quot; [Free]", "Learn Python"],
  ])("%j → %j", (raw, clean) => {
    expect(cleanCourseTitle(raw)).toBe(clean);
  });

  it.each([
    "Free Python Course for Beginners",
    "Learn Python for Free",
    "The Free Software Movement",
    "Coupon Collecting 101",
    "Hot Yoga at Home",
    '"Clean Code" in Practice',
  ])("keeps %j as it is", (title) => {
    expect(cleanCourseTitle(title)).toBe(title);
  });

  it("keeps a title that is nothing but noise rather than emptying it", () => {
    expect(cleanCourseTitle("[Free]")).toBe("[Free]");
  });

  it("never empties a non-blank title and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), (raw) => {
        const once = cleanCourseTitle(raw);
        if (raw.trim() !== "" && /\S/.test(raw.replace(/<[^>]*>/g, ""))) {
          expect(once.trim()).not.toBe("");
        }
        expect(once.length).toBeLessThanOrEqual(300);
        expect(once).not.toMatch(/\s{2}/);
        if (!raw.includes("&")) expect(cleanCourseTitle(once)).toBe(once);
      }),
    );
  });
});
describe("normaliseLanguage", () => {
  it.each([
    ["English", "English"],
    ["english", "English"],
    ["en", "English"],
    ["en_US", "English"],
    ["pt-BR", "Portuguese"],
    ["id", "Indonesian"],
    ["Bahasa Indonesia", "Indonesian"],
    ["Español", "Spanish"],
    ["English (US)", "English"],
    ["  ", null],
    [null, null],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseLanguage(raw)).toBe(expected);
  });
});
