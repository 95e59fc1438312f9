import {
  FetchError,
  fetchText,
  gateFor,
  parseJsonBody,
  type FetchPolicy,
  type FetchTextOptions,
} from "../coupon-feeds/http-fetch";
import { fetchCourseFacts, type CourseFactsResult } from "./course-facts";

/**
 * Asks Udemy whether a coupon still makes a course free: the course-landing API answers with
 * the price after the coupon, the campaign's end time and the uses left (see
 * ../shared/data/SOURCE.md). It needs Udemy's numeric course id, which this adapter derives from
 * the course image URL (img-c.udemycdn.com/course/750x422/<id>_….jpg) or asks Udemy's course
 * API for by slug, remembering the answer.
 */
export type CouponCheckRequest = {
  /** Canonical course URL, https://www.udemy.com/course/<slug>/ */
  link: string;
  /** Null for a link without a coupon: Udemy is asked for the price anyone pays now. */
  couponCode: string | null;
  imageUrl: string | null;
  /** Udemy's numeric id when known (stored from the course API): no lookup by slug then. */
  udemyId?: number | null;
};

export type CouponCheckResult =
  | { status: "free"; expiresAt: Date | null; usesRemaining: number | null }
  /** Udemy says no: not 100% off, expired, used up, or the course is gone. */
  | { status: "invalid"; reason: string }
  /**
   * We could not tell: change nothing. `refused` when Udemy did not answer properly (403, 429,
   * 5xx, a timeout, a page that is not JSON): asking again at once would only make it worse.
   */
  | { status: "unknown"; reason: string; refused?: boolean };

export type UdemyCheck = {
  checkCoupon(request: CouponCheckRequest, signal?: AbortSignal): Promise<CouponCheckResult>;
  /** One course's facts from Udemy's course API (absent in stand-ins that do not know them). */
  courseFacts?(
    course: { slug: string; udemyId: number | null },
    signal?: AbortSignal,
  ): Promise<CourseFactsResult>;
};

export type UdemyCheckSettings = {
  /** https://www.udemy.com, or a fake server in tests. */
  baseUrl: string;
  policy: FetchPolicy;
  sleep?: FetchTextOptions["sleep"];
};

const COMPONENTS = "price_text,redeem_coupon,discount_expiration";
const MAX_REMEMBERED_IDS = 20_000;

/** The numeric id in a Udemy course image URL, or null. */
export function courseIdFromImageUrl(imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  const match = /^https:\/\/img-[a-z]\.udemycdn\.com\/course\/\d+x\d+\/(\d+)_/i.exec(imageUrl);
  return match ? match[1]! : null;
}

function slugOf(link: string): string | null {
  try {
    const match = /^\/course\/([^/]+)/.exec(new URL(link).pathname);
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

export function createUdemyCheck(settings: UdemyCheckSettings): UdemyCheck {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const knownIds = new Map<string, string>();
  // UDEMY_BASE_URL may be a stand-in on 127.0.0.1; a redirect from it to elsewhere inside may not.
  const gate = gateFor(settings.baseUrl);

  const getJson = async (url: string, signal?: AbortSignal): Promise<unknown> => {
    const { text } = await fetchText(url, settings.policy, {
      accept: "application/json",
      signal,
      sleep: settings.sleep,
      gate,
    });
    return parseJsonBody(text);
  };

  async function resolveCourseId(request: CouponCheckRequest, signal?: AbortSignal) {
    if (request.udemyId) return String(request.udemyId);
    const fromImage = courseIdFromImageUrl(request.imageUrl);
    if (fromImage) return fromImage;
    const known = knownIds.get(request.link);
    if (known) return known;
    const slug = slugOf(request.link);
    if (!slug) return null;
    const answer = await getJson(
      `${base}/api-2.0/courses/${encodeURIComponent(slug)}/?fields[course]=id`,
      signal,
    );
    const id = (answer as { id?: unknown } | null)?.id;
    if (typeof id !== "number" && !(typeof id === "string" && /^\d+$/.test(id))) return null;
    if (knownIds.size >= MAX_REMEMBERED_IDS) knownIds.clear();
    knownIds.set(request.link, String(id));
    return String(id);
  }

  return {
    async checkCoupon(request, signal) {
      try {
        const id = await resolveCourseId(request, signal);
        if (!id) return { status: "unknown", reason: "no Udemy course id for this course" };
        const coupon = request.couponCode
          ? `couponCode=${encodeURIComponent(request.couponCode)}&`
          : "";
        const answer = await getJson(
          `${base}/api-2.0/course-landing-components/${id}/me/?${coupon}components=${COMPONENTS}`,
          signal,
        );
        return readLandingAnswer(answer, request.couponCode);
      } catch (error) {
        if (error instanceof FetchError && (error.status === 404 || error.status === 410)) {
          return { status: "invalid", reason: "course not found on Udemy" };
        }
        return { status: "unknown", reason: (error as Error).message, refused: true };
      }
    },
    courseFacts(course, signal) {
      return fetchCourseFacts(
        { baseUrl: settings.baseUrl, policy: settings.policy, gate, sleep: settings.sleep },
        course,
        signal,
      );
    },
  };
}

type Attempt = { code?: unknown; status?: unknown };

/**
 * What each `redeem_coupon.discount_attempts[].status` means, as the public trackers read it
 * (techtanic's Discounted-Udemy-Course-Enroller `check_course`, madhu2456's udemy_enroller
 * checker): only `applied` means Udemy took the code, and even then the course is free only when
 * the price after it is 0 (`discount_percent` 100). Every other status (`expired`, `invalid`,
 * `unused`, `not_found`, …) means the code does not discount this course now. Decision 0038.
 */
export const APPLIED_ATTEMPT = "applied";

/**
 * Reads the course-landing-components answer for one coupon (or, with `couponCode` null, for
 * the price anyone pays today). A course whose list price is 0 is always free: it has no coupon
 * to list and gives no certificate, so it is "invalid" here (left out, decision 0038).
 */
export function readLandingAnswer(answer: unknown, couponCode: string | null): CouponCheckResult {
  const root = (answer ?? {}) as {
    price_text?: { data?: { pricing_result?: PricingResult; list_price?: { amount?: unknown } } };
    redeem_coupon?: { discount_attempts?: unknown };
  };
  const code = couponCode?.toLowerCase() ?? null;
  const attempts = Array.isArray(root.redeem_coupon?.discount_attempts)
    ? (root.redeem_coupon.discount_attempts as Attempt[])
    : [];
  const attempt =
    code === null
      ? undefined
      : (attempts.find(
          (entry) => typeof entry?.code === "string" && entry.code.toLowerCase() === code,
        ) ?? attempts[0]);
  if (attempt && typeof attempt.status === "string" && attempt.status !== APPLIED_ATTEMPT) {
    return { status: "invalid", reason: `coupon ${attempt.status}` };
  }
  const pricing = root.price_text?.data?.pricing_result;
  if (!pricing || typeof pricing !== "object") {
    return { status: "unknown", reason: "no pricing in Udemy's answer" };
  }
  const listPrice = pricing.list_price?.amount ?? root.price_text?.data?.list_price?.amount;
  if (listPrice === 0) return { status: "invalid", reason: "always free (no coupon needed)" };
  const amount = typeof pricing.price?.amount === "number" ? pricing.price.amount : null;
  const free = amount === 0 || pricing.discount_percent === 100;
  const campaign = pricing.campaign ?? null;
  const campaignCode = typeof campaign?.code === "string" ? campaign.code : null;
  // Another code than ours made the price (an instructor's own campaign): ours did nothing.
  if (code !== null && campaignCode && campaignCode.toLowerCase() !== code) {
    return { status: "invalid", reason: "coupon not applied" };
  }
  if (!free) {
    return amount === null
      ? { status: "unknown", reason: "no price in Udemy's answer" }
      : { status: "invalid", reason: `not 100% off (price ${amount})` };
  }
  const endTime = typeof campaign?.end_time === "string" ? Date.parse(campaign.end_time) : NaN;
  const usesRemaining =
    typeof campaign?.uses_remaining === "number" ? Math.max(0, campaign.uses_remaining) : null;
  if (usesRemaining === 0) return { status: "invalid", reason: "no uses left" };
  return {
    status: "free",
    expiresAt: Number.isNaN(endTime) ? null : new Date(endTime),
    usesRemaining,
  };
}

type PricingResult = {
  price?: { amount?: unknown };
  list_price?: { amount?: unknown };
  discount_percent?: unknown;
  campaign?: { code?: unknown; end_time?: unknown; uses_remaining?: unknown } | null;
};
