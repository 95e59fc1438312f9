import { normaliseCategory } from "../../../core/course-categories";
import { toJakartaDay } from "../../../core/dates";
import type { CouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { isUdemyHost, unwrapCourseUrl } from "../../adapters/coupon-feeds/course-links";
import { cleanCourseTitle, normaliseLanguage } from "../../adapters/coupon-feeds/normalise";
import type { NewCourseRow } from "../../db/schema";

/**
 * The canonical link of a course: https://www.udemy.com/course/<slug>/ whatever the scheme,
 * host spelling, query (the coupon, tracking parameters) or what follows the slug; affiliate
 * wrappers are removed first. It is the course's public identity across coupons and sources, so
 * the same course found by five sources is one listing. Anything that is not a Udemy course
 * page gives null: the site lists Udemy courses only.
 */
export function canonicalCourseLink(courseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(unwrapCourseUrl(courseUrl.trim()));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!isUdemyHost(url.hostname)) return null;
  const course = /^\/course\/([^/]+)/.exec(url.pathname);
  return course ? `https://www.udemy.com/course/${course[1]}/` : null;
}

/** Udemy coupon codes are short runs of letters, digits, dots, dashes and underscores. */
const COUPON_CODE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The coupon code as Udemy expects it, or why it cannot be one. Sources copy codes out of URLs
 * and sometimes leave them percent-encoded with a trailing space ("CODE%20"); that is decoded
 * and trimmed. Anything else outside the pattern is refused rather than listed as a coupon
 * that can never work.
 */
export function normaliseCouponCode(raw: string | null): { code: string | null } | string {
  if (raw === null) return { code: null };
  let code = raw.trim();
  try {
    code = decodeURIComponent(code).trim();
  } catch {
    // Not percent-encoded after all: judged as it is.
  }
  if (code === "") return { code: null };
  if (COUPON_CODE_PATTERN.test(code)) return { code };
  const shown = code.length > 40 ? `${code.slice(0, 40)}…` : code;
  return `unusable coupon code "${shown}" (${code.length} characters; letters, digits, . _ - only, at most 64)`;
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
  const coupon = normaliseCouponCode(record.couponCode);
  if (typeof coupon === "string") return `${coupon} for ${link}`;
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
