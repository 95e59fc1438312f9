import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanCourseTitle,
  couponCodeFromUrl,
  decodeHtmlEntities,
  isUdemyCourseUrl,
  matchUdemyCategory,
  normaliseCategory,
  normaliseLanguage,
  parseExpiresAt,
  parseFoundAt,
  parseLooseInteger,
  parseLooseNumber,
  UDEMY_CATEGORIES,
  unwrapCourseUrl,
} from "./normalise";

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
    ["Python &amp;amp; Django", "Python & Django"],
    ["  Learn\n  Python   fast ", "Learn Python fast"],
    ["<b>Bold</b> Title", "Bold Title"],
  ])("%j → %j", (raw, clean) => {
    expect(cleanCourseTitle(raw)).toBe(clean);
  });

  it.each([
    "Free Python Course for Beginners",
    "Learn Python for Free",
    "The Free Software Movement",
    "Coupon Collecting 101",
    "Hot Yoga at Home",
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

describe("normaliseCategory", () => {
  it("keeps Udemy's 13 categories as they are", () => {
    for (const category of UDEMY_CATEGORIES) {
      expect(normaliseCategory({ category, subCategory: null, title: "x" })).toBe(category);
    }
  });

  it.each([
    ["IT and Software", "IT & Software"],
    ["it-software", "IT & Software"],
    ["health & fitness", "Health & Fitness"],
    ["Web Development", "Development"],
    ["Finance", "Finance & Accounting"],
    ["Development > Web Development", "Development"],
    ["SEO", "Marketing"],
    ["Photography", "Photography & Video"],
  ])("maps the name %j to %j", (category, expected) => {
    expect(normaliseCategory({ category, subCategory: null, title: "Something" })).toBe(expected);
  });

  it("falls back to the subcategory's name", () => {
    expect(
      normaliseCategory({ category: "Free Courses", subCategory: "Graphic Design", title: "x" }),
    ).toBe("Design");
  });

  it.each([
    ["Complete Python Bootcamp", "Development"],
    ["Microsoft Excel from Beginner to Advanced", "Office Productivity"],
    ["AWS Certified Solutions Architect", "IT & Software"],
    ["Forex Trading Masterclass", "Finance & Accounting"],
    ["Guitar for Beginners", "Music"],
    ["Yoga for Back Pain", "Health & Fitness"],
    ["Adobe Photoshop Essentials", "Design"],
    ["Facebook Ads and Instagram Marketing", "Marketing"],
    ["Lightroom Photo Editing", "Photography & Video"],
    ["IELTS Preparation", "Teaching & Academics"],
    ["Public Speaking Confidence", "Personal Development"],
    ["Cooking Italian Pasta", "Lifestyle"],
    ["Project Management with Agile and Scrum", "Business"],
  ])("guesses %j as %j from the title", (title, expected) => {
    expect(normaliseCategory({ category: null, subCategory: null, title })).toBe(expected);
  });

  it('says "Other" when nothing points anywhere', () => {
    expect(normaliseCategory({ category: "Misc", subCategory: null, title: "Untitled" })).toBe(
      "Other",
    );
    expect(normaliseCategory({ category: null, subCategory: null, title: "Learn fast" })).toBe(
      "Other",
    );
  });

  it("lets a label outweigh the title", () => {
    expect(
      normaliseCategory({ category: "Marketing stuff", subCategory: null, title: "Python for X" }),
    ).toBe("Marketing");
  });

  it("matches only whole words", () => {
    expect(matchUdemyCategory("Musical")).toBeNull();
    expect(normaliseCategory({ category: null, subCategory: null, title: "Javanese Batik" })).toBe(
      "Other",
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

describe("course URLs", () => {
  it("recognises Udemy course URLs only", () => {
    expect(isUdemyCourseUrl("https://www.udemy.com/course/python/?couponCode=A")).toBe(true);
    expect(isUdemyCourseUrl("https://udemy.com/course/python/")).toBe(true);
    expect(isUdemyCourseUrl("https://www.udemy.com/topic/python/")).toBe(false);
    expect(isUdemyCourseUrl("https://evil.example/course/python/")).toBe(false);
    expect(isUdemyCourseUrl("not a url")).toBe(false);
  });

  it("takes the Udemy URL out of affiliate and tracking wrappers", () => {
    const target = "https://www.udemy.com/course/python/?couponCode=ABC";
    expect(
      unwrapCourseUrl(
        `https://click.linksynergy.com/deeplink?id=xyz&mid=39197&murl=${encodeURIComponent(target)}`,
      ),
    ).toBe(target);
    expect(unwrapCourseUrl(`https://trk.udemy.com/c/1/2/3?u=${encodeURIComponent(target)}`)).toBe(
      target,
    );
    // Nested wrappers, too.
    const inner = `https://trk.udemy.com/x?u=${encodeURIComponent(target)}`;
    expect(unwrapCourseUrl(`https://go.example/?url=${encodeURIComponent(inner)}`)).toBe(target);
  });

  it("never unwraps to something that is not a Udemy course", () => {
    const wrapper = `https://go.example/?url=${encodeURIComponent("https://evil.example/x")}`;
    expect(unwrapCourseUrl(wrapper)).toBe(wrapper);
  });

  it("reads the coupon code from the URL, whatever the parameter's letter case", () => {
    expect(couponCodeFromUrl("https://www.udemy.com/course/x/?couponCode=ABC&utm=1")).toBe("ABC");
    expect(couponCodeFromUrl("https://www.udemy.com/course/x/?couponcode=abc")).toBe("abc");
    expect(couponCodeFromUrl("https://www.udemy.com/course/x/?couponCode=")).toBeNull();
    expect(couponCodeFromUrl("https://www.udemy.com/course/x/")).toBeNull();
    expect(couponCodeFromUrl("::")).toBeNull();
    const wrapped = `https://click.linksynergy.com/deeplink?murl=${encodeURIComponent("https://www.udemy.com/course/x/?couponCode=W")}`;
    expect(couponCodeFromUrl(wrapped)).toBe("W");
  });
});

describe("dates and numbers", () => {
  const now = new Date("2024-03-06T03:00:00Z"); // 10:00 in Jakarta

  it("reads a found-at time: instants, SPEC §5 dates at the start of their Jakarta day", () => {
    expect(parseFoundAt("Tue, 05 Mar 2024 10:00:00 +0000", now).toISOString()).toBe(
      "2024-03-05T10:00:00.000Z",
    );
    expect(parseFoundAt("2024-03-05 10:00:00", now).toISOString()).toBe("2024-03-05T10:00:00.000Z");
    expect(parseFoundAt("2024-03-04", now).toISOString()).toBe("2024-03-03T17:00:00.000Z");
    expect(parseFoundAt("4 Maret 2024", now).toISOString()).toBe("2024-03-03T17:00:00.000Z");
    expect(parseFoundAt("1709607600", now).toISOString()).toBe("2024-03-05T03:00:00.000Z");
  });

  it("falls back to now for nothing, nonsense, today, or the future", () => {
    expect(parseFoundAt(null, now)).toEqual(now);
    expect(parseFoundAt("sometime", now)).toEqual(now);
    expect(parseFoundAt("2024-03-06", now)).toEqual(now);
    expect(parseFoundAt("2030-01-01T00:00:00Z", now)).toEqual(now);
  });

  it("reads an expiry: a date alone lasts to the end of that Jakarta day", () => {
    expect(parseExpiresAt("2024-03-10T12:00:00+07:00")?.toISOString()).toBe(
      "2024-03-10T05:00:00.000Z",
    );
    expect(parseExpiresAt("2024-03-10")?.toISOString()).toBe("2024-03-10T17:00:00.000Z");
    expect(parseExpiresAt("never")).toBeNull();
    expect(parseExpiresAt("")).toBeNull();
  });

  it("reads loose numbers", () => {
    expect(parseLooseNumber("4.5")).toBe(4.5);
    expect(parseLooseNumber(4.5)).toBe(4.5);
    expect(parseLooseNumber("1,234")).toBe(1234);
    expect(parseLooseNumber("12 students")).toBe(12);
    expect(parseLooseNumber("n/a")).toBeNull();
    expect(parseLooseNumber(Number.NaN)).toBeNull();
    expect(parseLooseNumber({})).toBeNull();
    expect(parseLooseInteger("12.6")).toBe(13);
  });
});
