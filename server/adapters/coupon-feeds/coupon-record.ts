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

/** A record with only what a source always knows; every other fact unknown (null). */
export function newCouponRecord(
  fields: Pick<CouponRecord, "courseUrl" | "title" | "foundAt"> & Partial<CouponRecord>,
): CouponRecord {
  return {
    couponCode: null,
    category: null,
    subCategory: null,
    language: null,
    level: null,
    instructor: null,
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: null,
    udemyRating: null,
    udemyReviews: null,
    students: null,
    usesRemaining: null,
    expiresAt: null,
    ...fields,
  };
}
