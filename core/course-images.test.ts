import { describe, expect, it } from "vitest";
import { courseImageSrcSet } from "./course-images";

describe("courseImageSrcSet", () => {
  it("offers Udemy's 240, 480 and 750 px versions of a Udemy CDN image", () => {
    expect(courseImageSrcSet("https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg")).toBe(
      "https://img-c.udemycdn.com/course/240x135/4598132_484f_2.jpg 240w, " +
        "https://img-c.udemycdn.com/course/480x270/4598132_484f_2.jpg 480w, " +
        "https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg 750w",
    );
  });

  it.each([
    "https://example.com/course/750x422/1.jpg",
    "https://img-c.udemycdn.com.evil.example/course/750x422/1.jpg",
    "https://img-c.udemycdn.com/course/750x422/1.jpg?x=1 2x",
    "http://127.0.0.1:3000/uploads/covers/a.webp",
  ])("offers nothing for an image that comes in one size: %s", (src) => {
    expect(courseImageSrcSet(src)).toBeUndefined();
  });
});
