import { canonicalUdemyCourseUrl, withCouponCode } from "../../../core/udemy-course-url";
import type { CouponRecord } from "./coupon-record";
import { couponCodeFromUrl, isUdemyCourseUrl, unwrapCourseUrl } from "./course-links";
import type { LinkFollowResult } from "./link-follower";
import { cleanFeedText } from "./normalise";
import type { FeedParseResult } from "./udemy-json";

/**
 * The last step of every source's load, whatever its kind: each record ends with a canonical
 * Udemy course URL (aggregator links followed, tracking parameters dropped, only `couponCode`
 * kept) and a coupon code that is plausible, or it is rejected with the reason. A source whose
 * items were all unusable has changed its format (or its links): that fails the source.
 */

/** Udemy coupon codes: letters, digits, dots, dashes, underscores; 64 at most. */
const COUPON_CODE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The coupon code as given (percent-encoding undone, outer whitespace trimmed); null when blank;
 * a string describing the problem when it cannot be a Udemy coupon code.
 */
export function checkCouponCode(raw: string | null): { code: string | null } | { problem: string } {
  if (raw === null) return { code: null };
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all: judge it as written.
  }
  const code = text.trim();
  if (code === "") return { code: null };
  if (COUPON_CODE.test(code)) return { code };
  const shown = JSON.stringify(code.slice(0, 80));
  if (code.length > 64) return { problem: `coupon code longer than 64 characters: ${shown}` };
  if (/\s/.test(code)) return { problem: `coupon code with whitespace inside: ${shown}` };
  return { problem: `coupon code with characters other than letters, digits, . _ -: ${shown}` };
}

/** Every item of a source was unusable: the source, not the items, has changed. */
export class NoUsableCoupons extends Error {
  override name = "NoUsableCoupons";
  constructor(readonly rejected: string[]) {
    super(
      `no usable coupon among ${rejected.length} item(s), e.g. ${rejected[0]!.slice(0, 200)} (format changed?)`,
    );
  }
}

/** Follows a record's link when it is not a Udemy course URL (see link-follower.ts). */
export type CourseUrlResolver = (url: string) => Promise<LinkFollowResult>;

export async function finaliseRecords(
  result: FeedParseResult,
  resolve: CourseUrlResolver,
): Promise<FeedParseResult> {
  const records: CouponRecord[] = [];
  const rejected = [...result.rejected];
  for (const record of result.records) {
    const outcome = await finaliseRecord(record, resolve);
    if (typeof outcome === "string") rejected.push(`${describeRecord(record)}: ${outcome}`);
    else records.push(outcome);
  }
  if (records.length === 0 && rejected.length > 0) throw new NoUsableCoupons(rejected);
  return { records, rejected };
}

async function finaliseRecord(
  record: CouponRecord,
  resolve: CourseUrlResolver,
): Promise<CouponRecord | string> {
  let courseUrl = unwrapCourseUrl(record.courseUrl.trim());
  if (!isUdemyCourseUrl(courseUrl)) {
    const followed = await resolve(courseUrl);
    if (!followed.ok) return followed.reason;
    courseUrl = followed.url;
  }
  const checked = checkCouponCode(couponCodeFromUrl(courseUrl) ?? record.couponCode);
  if ("problem" in checked) return checked.problem;
  // Every other parameter (utm_*, fbclid, LinkShare's ranMID/ranEAID/…) is dropped.
  const canonical = canonicalUdemyCourseUrl(courseUrl);
  if (!canonical) return `not a Udemy course URL "${courseUrl.slice(0, 200)}"`;
  return {
    ...record,
    courseUrl: withCouponCode(canonical, checked.code),
    couponCode: checked.code,
  };
}

/** A record in a rejection message: its title as plain text (records keep the source's HTML). */
function describeRecord(record: CouponRecord): string {
  const title = cleanFeedText(record.title);
  return title ? `"${title.slice(0, 80)}"` : record.courseUrl.slice(0, 120);
}
