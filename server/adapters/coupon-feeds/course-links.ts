/** Udemy course URLs: recognising them, freeing them from affiliate wrappers, reading the coupon. */

import { canonicalUdemyCourseUrl } from "../../../core/udemy-course-url";

/** https://www.udemy.com/course/<slug>/…, whatever the query (core/udemy-course-url.ts). */
export function isUdemyCourseUrl(raw: string): boolean {
  return canonicalUdemyCourseUrl(raw) !== null;
}

/** Query parameters in which affiliate networks and link shorteners carry the real target. */
const REDIRECT_PARAMETERS = [
  "murl",
  "u",
  "url",
  "RD_PARM1",
  "redirect",
  "redirect_url",
  "redirectUrl",
  "dest",
  "destination",
  "target",
  "to",
  "link",
  "r",
];

/**
 * The Udemy course URL inside an affiliate or tracking link (linksynergy's `murl`, trk.udemy's
 * `u`, …), or the URL itself. Only a Udemy course URL is ever taken out of a wrapper.
 */
export function unwrapCourseUrl(raw: string): string {
  let current = raw.trim();
  for (let depth = 0; depth < 3; depth += 1) {
    if (isUdemyCourseUrl(current)) return current;
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return current;
    }
    const inner = REDIRECT_PARAMETERS.map((name) => url.searchParams.get(name)).find(
      (value): value is string => value !== null && /^https?:\/\//i.test(value.trim()),
    );
    if (!inner || !isUdemyCourseUrl(unwrapCourseUrl(inner))) return current;
    current = inner.trim();
  }
  return current;
}

/** The `couponCode` query parameter (any letter case), trimmed; null when absent or blank. */
export function couponCodeFromUrl(raw: string): string | null {
  try {
    const url = new URL(unwrapCourseUrl(raw));
    for (const [name, value] of url.searchParams) {
      if (name.toLowerCase() === "couponcode" && value.trim() !== "") return value.trim();
    }
    return null;
  } catch {
    return null;
  }
}
