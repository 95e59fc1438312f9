/** A course as GET /api?action=getCourses lists it (the fields the specs read). */
export type ApiCourse = {
  id: number;
  slug: string;
  title: string;
  courseType: string;
  subCategory: string | null;
  headline: string | null;
  instructor: string | null;
  language: string | null;
  level: string | null;
  imageUrl: string | null;
  durationMinutes: number | null;
  udemyRating: number | null;
  udemyReviews: number | null;
  students: number | null;
  usesRemaining: number | null;
  expiresAt: string | null;
  checkedAt: string | null;
  url: string;
};
