import type { PublicCourse } from "../../core/course";
import { courseListHref } from "../../core/course-filters";
import { coursePath } from "../../core/course-paths";
import { courseImageAtWidth, ownCourseImage } from "../../core/course-images";
import { TRUNCATE, truncate } from "../../core/text";
import { absoluteUrl, breadcrumbJsonLd } from "./seo";

/** What search engines and link previews are told about a course page (pure, so it is tested). */

/** The course, as far as the head of its page needs it. */
export type CourseSeoFacts = Pick<
  PublicCourse,
  | "slug"
  | "title"
  | "link"
  | "courseType"
  | "headline"
  | "instructor"
  | "language"
  | "level"
  | "imageUrl"
  | "durationMinutes"
  | "students"
  | "expiresAt"
  | "averageRating"
  | "reviewCount"
> & { listed: boolean };

/**
 * A few sentences about the course: its headline, then its description's text; when the feed
 * gave neither, a sentence built from its title and category.
 */
export function courseSummary(
  course: Pick<PublicCourse, "title" | "courseType" | "headline">,
  descriptionText: string,
): string {
  const headline = course.headline?.trim() ?? "";
  const parts = [headline && !/[.!?]$/.test(headline) ? `${headline}.` : headline, descriptionText];
  const summary = parts.filter((part) => part !== "").join(" ");
  const text = summary || `${course.title}: a free ${course.courseType} course on Udemy.`;
  return truncate(text, TRUNCATE.structuredDataDescription);
}

/** The page's meta description: the summary cut at 160 characters. */
export function courseMetaDescription(summary: string): string {
  return truncate(summary, TRUNCATE.articleMetaDescription);
}

/**
 * The share image: our own 750 px copy of the course's image (absolute, for preview fetchers),
 * else null for the site's default. A drawn cover is an SVG, which previews do not show.
 */
export function courseShareImage(
  course: Pick<PublicCourse, "imageUrl">,
  siteUrl: string,
): string | null {
  const own = ownCourseImage(course.imageUrl);
  const large = own && courseImageAtWidth(own, 750);
  return large ? absoluteUrl(siteUrl, large) : null;
}

/** ISO 8601 duration ("PT5H30M") of a length in minutes. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ""}${rest > 0 || hours === 0 ? `${rest}M` : ""}`;
}

/**
 * schema.org Course. Google's course rich results need name, description and provider; the
 * offer (free while the coupon lasts, until its end when known) is only claimed while the coupon
 * is live, and the rating is ours, only when somebody reviewed the course here.
 */
export function courseJsonLd(course: CourseSeoFacts, summary: string, siteUrl: string): object {
  const url = absoluteUrl(siteUrl, coursePath(course.slug));
  const image = courseShareImage(course, siteUrl);
  const duration =
    course.durationMinutes && course.durationMinutes > 0
      ? isoDuration(course.durationMinutes)
      : null;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": `${url}#course`,
    name: course.title,
    description: summary,
    url,
    sameAs: course.link,
    ...(image ? { image: [image] } : {}),
    ...(course.language ? { inLanguage: course.language } : {}),
    ...(course.level ? { educationalLevel: course.level } : {}),
    ...(duration ? { timeRequired: duration } : {}),
    ...(course.students !== null ? { totalHistoricalEnrollment: course.students } : {}),
    provider: { "@type": "Organization", name: "Udemy", sameAs: "https://www.udemy.com" },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Online",
      ...(duration ? { courseWorkload: duration } : {}),
      ...(course.instructor ? { instructor: { "@type": "Person", name: course.instructor } } : {}),
    },
    ...(course.listed
      ? {
          isAccessibleForFree: true,
          offers: {
            "@type": "Offer",
            price: 0,
            priceCurrency: "USD",
            category: "Free",
            availability: "https://schema.org/InStock",
            url,
            ...(course.expiresAt ? { validThrough: course.expiresAt } : {}),
          },
        }
      : {}),
    ...(course.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.averageRating,
            reviewCount: course.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home › the course's category (the list filtered to it) › the course. */
export function courseBreadcrumbJsonLd(
  course: Pick<PublicCourse, "slug" | "title" | "courseType">,
  siteUrl: string,
): object {
  return breadcrumbJsonLd(siteUrl, [
    { name: course.courseType, path: courseListHref({ type: course.courseType }) },
    { name: course.title, path: coursePath(course.slug) },
  ]);
}
