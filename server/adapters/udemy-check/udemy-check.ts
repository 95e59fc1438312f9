import {
  FetchError,
  fetchText,
  gateFor,
  parseJsonBody,
  type FetchPolicy,
  type FetchTextOptions,
} from "../coupon-feeds/http-fetch";

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
  couponCode: string;
  imageUrl: string | null;
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
        const answer = await getJson(
          `${base}/api-2.0/course-landing-components/${id}/me/?couponCode=${encodeURIComponent(request.couponCode)}&components=${COMPONENTS}`,
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
  };
}

type Attempt = { code?: unknown; status?: unknown };

/** Reads the course-landing-components answer for one coupon. */
export function readLandingAnswer(answer: unknown, couponCode: string): CouponCheckResult {
  const root = (answer ?? {}) as {
    price_text?: { data?: { pricing_result?: PricingResult } };
    redeem_coupon?: { discount_attempts?: unknown };
  };
  const attempts = Array.isArray(root.redeem_coupon?.discount_attempts)
    ? (root.redeem_coupon.discount_attempts as Attempt[])
    : [];
  const attempt =
    attempts.find(
      (entry) =>
        typeof entry?.code === "string" && entry.code.toLowerCase() === couponCode.toLowerCase(),
    ) ?? attempts[0];
  if (attempt && typeof attempt.status === "string" && attempt.status !== "applied") {
    return { status: "invalid", reason: `coupon ${attempt.status}` };
  }
  const pricing = root.price_text?.data?.pricing_result;
  if (!pricing || typeof pricing !== "object") {
    return { status: "unknown", reason: "no pricing in Udemy's answer" };
  }
  const amount = typeof pricing.price?.amount === "number" ? pricing.price.amount : null;
  const free = amount === 0 || pricing.discount_percent === 100;
  const campaign = pricing.campaign ?? null;
  const campaignCode = typeof campaign?.code === "string" ? campaign.code : null;
  if (campaignCode && campaignCode.toLowerCase() !== couponCode.toLowerCase()) {
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
  discount_percent?: unknown;
  campaign?: { code?: unknown; end_time?: unknown; uses_remaining?: unknown } | null;
};
