/**
 * What anyone may see of a course. The coupon code and coupon URL are deliberately absent:
 * they are only revealed by opening the course (which spends credit).
 */
export type PublicCourse = {
  id: number;
  slug: string;
  title: string;
  link: string;
  courseType: string;
  subCategory: string | null;
  date: string;
  headline: string | null;
  instructor: string | null;
  language: string | null;
  level: string | null;
  /** Our own copy of the course image (/uploads/…, 480 px WebP), or null: show the drawn cover. */
  imageUrl: string | null;
  durationMinutes: number | null;
  udemyRating: number | null;
  udemyReviews: number | null;
  students: number | null;
  /** The day the instructor last updated the course, as Udemy says (YYYY-MM-DD), or null. */
  lastUpdatedOn: string | null;
  /** The "Best first" score (core/quality-score.ts), or null while not scored. */
  qualityScore: number | null;
  /** Uses left and end time as last known: from Udemy when `checkedAt` is set, else the source. */
  usesRemaining: number | null;
  expiresAt: string | null;
  /** When Udemy last said the coupon works (ISO), or null if it was never asked. */
  checkedAt: string | null;
  averageRating: number;
  reviewCount: number;
  /**
   * Only on a course of the demo catalogue (seeded when no coupon source could be reached): an
   * example, not a live coupon. Absent on every real course.
   */
  demo?: true;
};

/** A page of the course list. */
export type CoursePage = {
  courses: PublicCourse[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** How many of the learner's claimed courses match these filters (0 for a visitor). */
  claimedCount: number;
};
