/**
 * The one rule for a Udemy course's address. A course is known by its canonical link
 * `https://www.udemy.com/course/<slug>/` (slug in lower case, no query, no fragment): the same
 * course found by five feeds, or pasted by a learner to watch it, is one listing and one watch.
 * Feeds unwrap affiliate links before asking (server/adapters/coupon-feeds/course-links.ts); a
 * pasted address is never unwrapped, so it can only ever name a Udemy course directly.
 */

/** The hosts Udemy serves course pages from. */
export function isUdemyHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "udemy.com" || host === "www.udemy.com";
}

/** A course slug as Udemy writes it: lower-case letters, digits, - and _. */
const UDEMY_SLUG = /^[a-z0-9][a-z0-9_-]{0,119}$/;

/** Longer than any real course address with its tracking parameters: not worth parsing. */
const MAX_ADDRESS_LENGTH = 8192;

/**
 * The canonical link of the Udemy course an address names, or null. http or https, udemy.com or
 * www.udemy.com, any letter case, any query (a coupon, tracking parameters) and any page of the
 * course (`/learn/lecture/42`) name the same course; a login or port in the address, another
 * host, another kind of Udemy page or a slug Udemy would not write give null.
 */
export function canonicalUdemyCourseUrl(address: string): string | null {
  const trimmed = address.trim();
  if (trimmed.length > MAX_ADDRESS_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "" || url.port !== "") return null;
  if (!isUdemyHost(url.hostname)) return null;
  const slug = /^\/course\/([^/]+)/.exec(url.pathname)?.[1]?.toLowerCase();
  if (!slug || !UDEMY_SLUG.test(slug)) return null;
  return `https://www.udemy.com/course/${slug}/`;
}

/** A canonical course link with the coupon that makes it free, as Udemy reads it. */
export function withCouponCode(canonicalLink: string, couponCode: string | null): string {
  return couponCode === null
    ? canonicalLink
    : `${canonicalLink}?couponCode=${encodeURIComponent(couponCode)}`;
}
