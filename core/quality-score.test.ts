import { describe, expect, it } from "vitest";
import { ageingUpdateDays, qualityScore, type QualityInputs } from "./quality-score";

const TODAY = "2026-11-27";
const course = (over: Partial<QualityInputs>): QualityInputs => ({
  udemyRating: null,
  udemyReviews: null,
  students: null,
  reviewCount: 0,
  reviewAverage: null,
  lastUpdatedOn: null,
  ...over,
});

describe("qualityScore", () => {
  const cases: Array<[string, QualityInputs, QualityInputs]> = [
    [
      "4.7★ from 30 000 reviews beats 5.0★ from 3",
      course({ udemyRating: 4.7, udemyReviews: 30_000, students: 100_000 }),
      course({ udemyRating: 5, udemyReviews: 3, students: 3 }),
    ],
    [
      "4.7★/30 000 beats 5.0★/3 even when the small one has many students",
      course({ udemyRating: 4.7, udemyReviews: 30_000 }),
      course({ udemyRating: 5, udemyReviews: 3, students: 1_000_000 }),
    ],
    [
      "4.6★ from 2 000 beats 4.9★ from 20",
      course({ udemyRating: 4.6, udemyReviews: 2_000 }),
      course({ udemyRating: 4.9, udemyReviews: 20 }),
    ],
    [
      "a rated course beats an unrated one only when its stars are above the prior",
      course({ udemyRating: 4.3, udemyReviews: 50 }),
      course({}),
    ],
    [
      "our learners' good reviews lift a course",
      course({ udemyRating: 4.2, udemyReviews: 40, reviewCount: 30, reviewAverage: 5 }),
      course({ udemyRating: 4.2, udemyReviews: 40 }),
    ],
    [
      "more students break a tie",
      course({ udemyRating: 4.5, udemyReviews: 500, students: 200_000 }),
      course({ udemyRating: 4.5, udemyReviews: 500, students: 2_000 }),
    ],
    [
      "updated last year beats untouched since 2019, same stars",
      course({ udemyRating: 4.5, udemyReviews: 500, lastUpdatedOn: "2025-06-01" }),
      course({ udemyRating: 4.5, udemyReviews: 500, lastUpdatedOn: "2019-03-01" }),
    ],
  ];
  it.each(cases)("%s", (_name, better, worse) => {
    expect(qualityScore(better, TODAY)).toBeGreaterThan(qualityScore(worse, TODAY));
  });

  it.each([
    ["no reviews at all: the prior", course({}), 4],
    [
      "5.0★ from 3 reviews stays near the prior",
      course({ udemyRating: 5, udemyReviews: 3 }),
      4.1071,
    ],
    [
      "4.7★ from 30 000 keeps its stars",
      course({ udemyRating: 4.7, udemyReviews: 30_000 }),
      4.6994,
    ],
    [
      "a rating without a review count counts as no votes",
      course({ udemyRating: 5, udemyReviews: null }),
      4,
    ],
    ["a course updated 3.5 years ago loses 0.15", course({ lastUpdatedOn: "2023-05-28" }), 3.85],
    ["the age penalty stops at 0.3", course({ lastUpdatedOn: "2012-01-01" }), 3.7],
    ["the students bonus stops at 0.15", course({ students: 50_000_000 }), 4.15],
    ["a day that is not a day is no penalty", course({ lastUpdatedOn: "soon" }), 4],
  ])("%s", (_name, inputs, expected) => {
    expect(qualityScore(inputs, TODAY)).toBeCloseTo(expected, 3);
  });
});

describe("ageingUpdateDays", () => {
  const today = "2026-11-27";
  const { from, to } = ageingUpdateDays(today);
  const scoreIfUpdated = (lastUpdatedOn: string, day = today) =>
    qualityScore(
      {
        udemyRating: 4.5,
        udemyReviews: 100,
        students: 0,
        reviewCount: 0,
        reviewAverage: null,
        lastUpdatedOn,
      },
      day,
    );

  it("spans the days whose penalty moves from one day to the next, with a month's slack", () => {
    expect(to).toBe("2024-11-27");
    expect(from).toBe("2021-10-26");
    // Just newer than the span: no penalty yet, today or tomorrow.
    expect(scoreIfUpdated("2024-11-29")).toBe(scoreIfUpdated("2024-11-29", "2026-11-28"));
    // Inside it: the score drops by tomorrow.
    expect(scoreIfUpdated("2023-06-01", "2026-11-28")).toBeLessThan(scoreIfUpdated("2023-06-01"));
    // Older than it: the full penalty, today and tomorrow.
    expect(scoreIfUpdated("2021-10-25")).toBe(scoreIfUpdated("2021-10-25", "2026-11-28"));
  });
});
