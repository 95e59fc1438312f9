/** Course page addresses: /course/<slug>. */

/**
 * The longest slug a course can have: ingestion cuts the Udemy slug to 120 characters and may add
 * "-<n>" to keep it unique. Anything longer names no course and is refused before any query.
 */
export const MAX_COURSE_SLUG_LENGTH = 130;

/**
 * Characters a stored slug can hold: it is the last segment of a Udemy course URL's path,
 * lower-cased, so it is ASCII without "/", "?", "#", "\", spaces or control characters.
 */
const SLUG_SHAPE = /^[a-z0-9._~!$&'()*+,;=:@%-]+$/;

/** The course page of a slug. The slug is encoded, so whatever it holds stays one segment. */
export function coursePath(slug: string): string {
  return `/course/${encodeURIComponent(slug)}`;
}

/**
 * The slug asked for in /course/:slug, in its canonical (lower-case) spelling, or null when it
 * cannot name a course: empty, too long, ".." or ".", a NUL or other control character, a
 * non-ASCII character. Null is answered with 404 without asking the database (a NUL byte would
 * even be a database error).
 */
export function parseCourseSlug(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  if (value.length === 0 || value.length > MAX_COURSE_SLUG_LENGTH) return null;
  const slug = value.toLowerCase();
  if (slug === "." || slug === ".." || !SLUG_SHAPE.test(slug)) return null;
  return slug;
}
