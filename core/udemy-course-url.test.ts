import { describe, expect, it } from "vitest";
import { canonicalUdemyCourseUrl, withCouponCode } from "./udemy-course-url";

describe("the canonical Udemy course link", () => {
  it("is the same for every spelling of one course", () => {
    for (const address of [
      "https://www.udemy.com/course/learn-python_3/",
      " https://www.udemy.com/course/Learn-Python_3/ ",
      "http://udemy.com/course/learn-python_3",
      "https://WWW.UDEMY.COM/course/LEARN-PYTHON_3/?couponCode=FREE&utm_source=x#reviews",
      "https://udemy.com/course/learn-python_3/learn/lecture/42",
      "https://www.udemy.com/course/learn-python_3///",
    ]) {
      expect(canonicalUdemyCourseUrl(address), address).toBe(
        "https://www.udemy.com/course/learn-python_3/",
      );
    }
  });

  it("refuses every address that is not directly a Udemy course", () => {
    for (const address of [
      "",
      "learn-python",
      "ftp://www.udemy.com/course/learn-python/",
      "javascript:alert(1)",
      "https://www.udemy.com/",
      "https://www.udemy.com/user/someone/",
      "https://www.udemy.com/topic/python/",
      "https://www.udemy.com:8443/course/learn-python/",
      "https://a:b@www.udemy.com/course/learn-python/",
      "https://www.udemy.com.evil.example/course/learn-python/",
      "https://evil.example/course/learn-python/",
      "https://evil.example/?u=https://www.udemy.com/course/learn-python/",
      "https://www.udemy.com/course/%2e%2e/",
      `https://www.udemy.com/course/${"a".repeat(121)}/`,
    ]) {
      expect(canonicalUdemyCourseUrl(address), address).toBeNull();
    }
  });

  it("carries only the coupon code, encoded", () => {
    expect(withCouponCode("https://www.udemy.com/course/x/", "A B")).toBe(
      "https://www.udemy.com/course/x/?couponCode=A%20B",
    );
    expect(withCouponCode("https://www.udemy.com/course/x/", null)).toBe(
      "https://www.udemy.com/course/x/",
    );
  });
});
