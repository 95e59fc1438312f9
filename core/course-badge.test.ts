import { describe, expect, it } from "vitest";
import { courseBadge } from "./course-badge";

const TODAY = "2026-11-27";
const course = (over: Partial<Parameters<typeof courseBadge>[0]> = {}) => ({
  title: "Learn Python",
  durationMinutes: 300,
  udemyRating: 4.2,
  udemyReviews: 50,
  students: 5_000,
  lastUpdatedOn: null,
  ...over,
});

describe("courseBadge: at most one badge, warnings first", () => {
  it.each([
    ["an ordinary course has none", course(), null],
    ["0 minutes of video: practice tests", course({ durationMinutes: 0 }), "practiceTests"],
    [
      "a practice-test title with little video",
      course({ title: "AWS Practice Exams 2026", durationMinutes: 20 }),
      "practiceTests",
    ],
    [
      "a practice-test title with hours of video is a course",
      course({ title: "Python + practice tests", durationMinutes: 600 }),
      null,
    ],
    [
      "practice tests win over top rated",
      course({ durationMinutes: 0, udemyRating: 4.8, udemyReviews: 900 }),
      "practiceTests",
    ],
    [
      "4.5★ from 100 reviews: top rated",
      course({ udemyRating: 4.5, udemyReviews: 100 }),
      "topRated",
    ],
    ["4.9★ from 99 reviews is not yet", course({ udemyRating: 4.9, udemyReviews: 99 }), null],
    ["50 000 students: popular", course({ students: 50_000 }), "popular"],
    [
      "top rated wins over popular",
      course({ udemyRating: 4.6, udemyReviews: 3000, students: 90_000 }),
      "topRated",
    ],
    ["updated this year", course({ lastUpdatedOn: "2026-02-01" }), "updatedThisYear"],
    ["updated last year: nothing to say", course({ lastUpdatedOn: "2025-12-30" }), null],
    [
      "popular wins over updated this year",
      course({ students: 60_000, lastUpdatedOn: "2026-02-01" }),
      "popular",
    ],
  ])("%s", (_name, input, kind) => {
    expect(courseBadge(input, TODAY)?.kind ?? null).toBe(kind);
  });

  it("a course untouched for 3 years or more is outdated, with its year, even when top rated", () => {
    expect(
      courseBadge(
        course({ lastUpdatedOn: "2019-05-01", udemyRating: 4.8, udemyReviews: 900 }),
        TODAY,
      ),
    ).toEqual({ kind: "outdated", year: 2019 });
    expect(courseBadge(course({ lastUpdatedOn: "2023-11-28" }), TODAY)).toBeNull();
    expect(courseBadge(course({ lastUpdatedOn: "2023-11-27" }), TODAY)).toEqual({
      kind: "outdated",
      year: 2023,
    });
  });
});
