import { matchUdemyCategory } from "../../../core/course-categories";
import type { CouponRecord } from "./coupon-record";
import { couponCodeFromUrl, isUdemyCourseUrl, unwrapCourseUrl } from "./course-links";
import { parseFoundAt } from "./dates-and-numbers";
import { decodeHtmlEntities } from "./normalise";
import type { FeedParseResult } from "./udemy-json";
import {
  childrenNamed,
  deepAttributes,
  deepText,
  findAll,
  firstChild,
  localName,
  parseXml,
  type XmlElement,
} from "./xml";

/** The document as a whole is unusable (as opposed to one item in it). */
export class FeedFormatError extends Error {
  override name = "FeedFormatError";
}

/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds of coupon sites. An item counts when it leads to a
 * Udemy course URL with a couponCode: its own link, or (as aggregators link to their own post)
 * the first such URL in its content. Categories are read for the mapping to Udemy's; the item's
 * date is when the coupon was found. Throws FeedFormatError for a document that is not a feed.
 */
export function parseRssFeed(xml: string, options: { now: Date }): FeedParseResult {
  let document: XmlElement;
  try {
    document = parseXml(xml);
  } catch (error) {
    throw new FeedFormatError(`malformed XML: ${(error as Error).message}`, { cause: error });
  }
  const root = localName(document.name);
  if (root !== "rss" && root !== "RDF" && root !== "feed") {
    throw new FeedFormatError(`not an RSS or Atom feed (root element <${document.name}>)`);
  }
  const records: CouponRecord[] = [];
  const rejected: string[] = [];
  for (const [index, item] of findAll(document, ["item", "entry"]).entries()) {
    const record = toCouponRecord(item, options.now);
    if (typeof record === "string") rejected.push(`item ${index}: ${record}`);
    else records.push(record);
  }
  return { records, rejected };
}

function textOf(element: XmlElement | undefined): string {
  return element ? deepText(element).replace(/\s+/g, " ").trim() : "";
}

const GENERIC_CATEGORY = /\b(udemy|free|coupons?|courses?|100\s*%|off|deals?)\b/i;

function toCouponRecord(item: XmlElement, now: Date): CouponRecord | string {
  const title = textOf(firstChild(item, "title"));
  const courseUrl = findCourseUrl(item);
  if (!courseUrl) return `no Udemy course link${title ? ` in "${title.slice(0, 80)}"` : ""}`;
  const couponCode = couponCodeFromUrl(courseUrl);
  if (!couponCode) return `no couponCode in ${courseUrl}`;
  if (!title) return `missing title for ${courseUrl}`;

  const categories = childrenNamed(item, "category")
    .map((element) =>
      (element.attributes.term ?? element.attributes.label ?? deepText(element)).trim(),
    )
    .filter((category) => category !== "");
  const category =
    categories.find((name) => matchUdemyCategory(name) !== null) ??
    categories.find((name) => !GENERIC_CATEGORY.test(name)) ??
    null;

  const date = textOf(
    firstChild(item, "pubDate", "published", "dc:date", "updated", "issued", "modified"),
  );
  return {
    courseUrl,
    couponCode,
    title,
    category,
    subCategory: null,
    language: textOf(firstChild(item, "dc:language", "language")) || null,
    level: null,
    instructor: null,
    headline: null,
    description: null,
    imageUrl: findImageUrl(item),
    durationMinutes: null,
    udemyRating: null,
    udemyReviews: null,
    students: null,
    usesRemaining: null,
    expiresAt: null,
    foundAt: parseFoundAt(date, now),
  };
}

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/gi;
const CONTENT_ELEMENTS = ["content:encoded", "description", "content", "summary"];

/** Candidate URLs in order of trust: the item's links first, then URLs in its content. */
function candidateUrls(item: XmlElement): string[] {
  const candidates: string[] = [];
  for (const link of childrenNamed(item, "link")) {
    const rel = link.attributes.rel ?? "alternate";
    const href = link.attributes.href ?? deepText(link);
    if (rel === "alternate" || rel === "related" || rel === "via") candidates.push(href);
  }
  for (const name of ["feedburner:origLink", "guid", "id"]) {
    for (const element of childrenNamed(item, name)) candidates.push(deepText(element));
  }
  for (const name of CONTENT_ELEMENTS) {
    for (const element of childrenNamed(item, name)) {
      candidates.push(...(deepText(element).match(URL_IN_TEXT) ?? []));
      candidates.push(...deepAttributes(element));
    }
  }
  return candidates;
}

function findCourseUrl(item: XmlElement): string | null {
  let withoutCoupon: string | null = null;
  for (const candidate of candidateUrls(item)) {
    const url = unwrapCourseUrl(decodeHtmlEntities(candidate.trim()));
    if (!isUdemyCourseUrl(url)) continue;
    if (couponCodeFromUrl(url)) return url;
    withoutCoupon ??= url;
  }
  return withoutCoupon;
}

const IMAGE_URL = /^https?:\/\/\S+$/i;

function findImageUrl(item: XmlElement): string | null {
  const candidates: string[] = [];
  for (const element of childrenNamed(item, "enclosure")) {
    if ((element.attributes.type ?? "").startsWith("image/"))
      candidates.push(element.attributes.url ?? "");
  }
  for (const name of ["media:content", "media:thumbnail"]) {
    for (const element of childrenNamed(item, name)) {
      const type = element.attributes.type ?? element.attributes.medium ?? "image";
      if (type.startsWith("image")) candidates.push(element.attributes.url ?? "");
    }
  }
  for (const name of CONTENT_ELEMENTS) {
    for (const element of childrenNamed(item, name)) {
      const html = `${deepText(element)} ${deepAttributes(element).join(" ")}`;
      candidates.push(...(html.match(/https?:\/\/img-[a-z]\.udemycdn\.com\/[^\s"'<>]+/gi) ?? []));
    }
  }
  const found = candidates
    .map((url) => decodeHtmlEntities(url.trim()))
    .find((url) => IMAGE_URL.test(url));
  return found ?? null;
}
