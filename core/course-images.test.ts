import { describe, expect, it } from "vitest";
import { courseImagePath, courseImageSrcSet } from "./course-images";

const KEY = "course-0123456789abcdef01234567";

describe("courseImagePath", () => {
  it("names our own card-width copy of a stored image", () => {
    expect(courseImagePath(KEY)).toBe(`/uploads/${KEY}-480.webp`);
  });

  it.each([null, "", "course-../../go/1", "https://img-c.udemycdn.com/course/750x422/1.jpg"])(
    "is null without a stored image: %s",
    (key) => {
      expect(courseImagePath(key)).toBeNull();
    },
  );
});

describe("courseImageSrcSet", () => {
  it("offers the 240, 480 and 750 px copies our server stored", () => {
    expect(courseImageSrcSet(`/uploads/${KEY}-480.webp`)).toBe(
      `/uploads/${KEY}-240.webp 240w, /uploads/${KEY}-480.webp 480w, /uploads/${KEY}-750.webp 750w`,
    );
  });

  it.each([
    "https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg",
    "/covers/12-abc.svg",
    "/uploads/covers/a.webp",
    `https://evil.example/uploads/${KEY}-480.webp`,
  ])("offers nothing for any other address: %s", (src) => {
    expect(courseImageSrcSet(src)).toBeUndefined();
  });
});
