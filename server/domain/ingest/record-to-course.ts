import { normaliseCategory } from "../../../core/course-categories";
import { toJakartaDay } from "../../../core/dates";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { canonicalUdemyCourseUrl } from "../../../core/udemy-course-url";
import { unwrapCourseUrl } from "../../adapters/coupon-feeds/course-links";
import { checkCouponCode } from "../../adapters/coupon-feeds/finalise-records";
import {
  cleanCourseTitle,
  cleanOptionalFeedText,
  normaliseLanguage,
} from "../../adapters/coupon-feeds/normalise";
import type { NewCourseRow } from "../../db/schema";

/**
 * The canonical link of a course: https://www.udemy.com/course/<slug>/ whatever the scheme,
 * host spelling, query (the coupon, tracking parameters) or what follows the slug; affiliate
 * wrappers are removed first. It is the course's public identity across coupons and sources, so
 * the same course found by five sources is one listing. Anything that is not a Udemy course
 * page gives null: the site lists Udemy courses only.
 */
export function canonicalCourseLink(courseUrl: string): string | null {
  return canonicalUdemyCourseUrl(unwrapCourseUrl(courseUrl.trim()));
}

function slugFromLink(link: string): string {
  const segments = new URL(link).pathname.split("/").filter((segment) => segment !== "");
  return (segments.at(-1) ?? "course").toLowerCase().slice(0, 120);
}

/** The course row a coupon record describes, or why the record cannot be used. */
export function toCourseRow(record: CouponRecord, source: string): NewCourseRow | string {
  const link = canonicalCourseLink(record.courseUrl);
  if (!link) return `not a Udemy course URL "${record.courseUrl.slice(0, 200)}"`;
  const title = cleanCourseTitle(record.title);
  if (title === "") return `empty title for ${link}`;
  // Every source's records pass this already; a file import or a fixture may not have.
  const coupon = checkCouponCode(record.couponCode);
  if ("problem" in coupon) return `${coupon.problem} for ${link}`;
  const couponCode = coupon.code;
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
    instructor: cleanOptionalFeedText(record.instructor),
    headline: cleanOptionalFeedText(record.headline),
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
