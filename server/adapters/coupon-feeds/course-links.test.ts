import { describe, expect, it } from "vitest";
import { couponCodeFromUrl, isUdemyCourseUrl, unwrapCourseUrl } from "./course-links";

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
