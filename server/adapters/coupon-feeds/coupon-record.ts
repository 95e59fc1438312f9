/**
 * One coupon as every feed adapter hands it to ingestion, whatever the source's shape.
 * `foundAt` is when the source saw the coupon; ingestion turns it into the course's Jakarta day.
 */
export type CouponRecord = {
  /** Course URL as the source gave it; ingestion derives the canonical link from it. */
  courseUrl: string;
  couponCode: string | null;
  /**
   * As the source wrote it: HTML entities (and tags) undecoded. Ingestion decodes every text
   * field exactly once (cleanFeedText), so a source must not decode it first.
   */
  title: string;
  category: string | null;
  subCategory: string | null;
  language: string | null;
  level: string | null;
  instructor: string | null;
  headline: string | null;
  description: string | null;
  imageUrl: string | null;
  durationMinutes: number | null;
  udemyRating: number | null;
  udemyReviews: number | null;
  students: number | null;
  usesRemaining: number | null;
  expiresAt: Date | null;
  foundAt: Date;
};

/**
 * The facts about a course a source may bring, beside its address, coupon and when it was found:
 * one list, from which the API source's target fields and the import's tracked columns are
 * derived, so a new fact is added in one place.
 */
export const SOURCE_COURSE_FACTS = [
  "title",
  "category",
  "subCategory",
  "language",
  "level",
  "instructor",
  "headline",
  "description",
  "imageUrl",
  "durationMinutes",
  "udemyRating",
  "udemyReviews",
  "students",
  "usesRemaining",
  "expiresAt",
] as const satisfies ReadonlyArray<keyof CouponRecord>;

export type SourceCourseFact = (typeof SOURCE_COURSE_FACTS)[number];

/** A record with only what a source always knows; every other fact unknown (null). */
export function newCouponRecord(
  fields: Pick<CouponRecord, "courseUrl" | "title" | "foundAt"> & Partial<CouponRecord>,
): CouponRecord {
  const unknown = Object.fromEntries(SOURCE_COURSE_FACTS.map((fact) => [fact, null]));
  return { ...unknown, couponCode: null, ...fields } as CouponRecord;
}
