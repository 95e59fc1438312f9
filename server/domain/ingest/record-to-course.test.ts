import { describe, expect, it } from "vitest";
import { newCouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { toCourseRow } from "./record-to-course";

const record = (fields: Parameters<typeof newCouponRecord>[0]) =>
  newCouponRecord({ ...fields, couponCode: "CODE" });
const courseUrl = "https://www.udemy.com/course/python/?couponCode=CODE";
const foundAt = new Date("2024-03-06T03:00:00Z");

describe("toCourseRow: a feed's text fields", () => {
  it("decodes entities exactly once in title, instructor and headline", () => {
    const row = toCourseRow(
      record({
        courseUrl,
        foundAt,
        title: "Learn &lt;img&gt; tags &amp;amp; more",
        instructor: "&lt;img src=x onerror=alert(1)&gt; Andi &amp; Budi",
        headline: "HTML &amp;lt;b&amp;gt; in &quot;one&quot; hour",
      }),
      "test",
    );
    expect(row).toMatchObject({
      title: "Learn <img> tags &amp; more",
      instructor: "<img src=x onerror=alert(1)> Andi & Budi",
      headline: 'HTML &lt;b&gt; in "one" hour',
    });
  });

  it("drops bidi overrides, isolates and other invisible controls", () => {
    const row = toCourseRow(
      record({
        courseUrl,
        foundAt,
        title: "Python \u202Efdp.exe\u202C for \u2066Beginners\u2069\u200B",
        instructor: "\u202BAndi\u200F Pratama\u0007",
        headline: "Fast &#x202E;and&#8238; easy",
      }),
      "test",
    );
    expect(row).toMatchObject({
      title: "Python fdp.exe for Beginners",
      instructor: "Andi Pratama",
      headline: "Fast and easy",
    });
  });

  it("keeps an empty or invisible-only instructor as unknown", () => {
    const row = toCourseRow(
      record({ courseUrl, foundAt, title: "Python", instructor: "\u202E ", headline: "" }),
      "test",
    );
    expect(row).toMatchObject({ instructor: null, headline: null });
  });
});
