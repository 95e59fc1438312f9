import { normaliseCategory } from "../../../core/course-categories";
import { toJakartaDay } from "../../../core/dates";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { isUdemyHost, unwrapCourseUrl } from "../../adapters/coupon-feeds/course-links";
import { cleanCourseTitle, normaliseLanguage } from "../../adapters/coupon-feeds/normalise";
import type { NewCourseRow } from "../../db/schema";

/**
 * The canonical link of a course: its URL without query (the coupon) or fragment, lower-case
 * host, trailing slash; Udemy course URLs become https://www.udemy.com/course/<slug>/ whatever
 * follows the slug, and affiliate wrappers are removed first. It is the course's public
 * identity across coupons and sources.
 */
export function canonicalCourseLink(courseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(unwrapCourseUrl(courseUrl.trim()));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (isUdemyHost(host)) {
    const course = /^\/course\/([^/]+)/.exec(url.pathname);
    if (course) return `https://www.udemy.com/course/${course[1]}/`;
  }
  const pathname = url.pathname.replace(/\/+$/, "");
  if (pathname === "") return null;
  return `https://${host}${pathname}/`;
}

function slugFromLink(link: string): string {
  const segments = new URL(link).pathname.split("/").filter((segment) => segment !== "");
  return (segments.at(-1) ?? "course").toLowerCase().slice(0, 120);
}

/** The course row a coupon record describes, or why the record cannot be used. */
export function toCourseRow(record: CouponRecord, source: string): NewCourseRow | string {
  const link = canonicalCourseLink(record.courseUrl);
  if (!link) return `unusable course URL "${record.courseUrl}"`;
  const title = cleanCourseTitle(record.title);
  if (title === "") return `empty title for ${link}`;
  const couponCode = record.couponCode?.trim() || null;
  const couponUrl = couponCode ? `${link}?couponCode=${encodeURIComponent(couponCode)}` : link;
  return {
    slug: slugFromLink(link),
    title,
    link,
    couponCode,
    couponUrl,
    category: normaliseCategory({
      category: record.category,
      subCategory: record.subCategory,
      title,
    }),
    subCategory: record.subCategory,
    language: normaliseLanguage(record.language),
    level: record.level,
    instructor: record.instructor,
    headline: record.headline,
    description: record.description,
    imageUrl: record.imageUrl && /^https?:\/\//.test(record.imageUrl) ? record.imageUrl : null,
    durationMinutes: record.durationMinutes,
    udemyRating: record.udemyRating,
    udemyReviews: record.udemyReviews,
    students: record.students,
    usesRemaining: record.usesRemaining,
    date: toJakartaDay(record.foundAt),
    expiresAt: record.expiresAt,
    source,
    firstSeenAt: record.foundAt,
    lastSeenAt: record.foundAt,
    active: true,
  };
}
