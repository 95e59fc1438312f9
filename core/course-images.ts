/**
 * Course images as the pages ask for them. A course's own image is fetched once by our server,
 * re-encoded into the widths below and served from our origin (/uploads/<key>-<width>.webp): a
 * visitor's browser never asks Udemy's image host for anything.
 */

/** The widths every stored course image exists in (16:9): phone thumbnail, card, course page. */
export const COURSE_IMAGE_SIZES = [
  [240, 135],
  [480, 270],
  [750, 422],
] as const;

export type CourseImageWidth = (typeof COURSE_IMAGE_SIZES)[number][0];

/** The width a course's `imageUrl` names: the card's; the srcset offers the others. */
export const DEFAULT_COURSE_IMAGE_WIDTH: CourseImageWidth = 480;

/** A stored image's key: "course-" and 24 hex digits of its source bytes' SHA-256. */
export const COURSE_IMAGE_KEY = /^course-[0-9a-f]{24}$/;

/** The store key of one width of a stored course image. */
export function courseImageFile(key: string, width: CourseImageWidth): string {
  return `${key}-${width}.webp`;
}

/** Our address of a stored course image (the card's width), or null when there is none. */
export function courseImagePath(key: string | null): string | null {
  if (!key || !COURSE_IMAGE_KEY.test(key)) return null;
  return `/uploads/${courseImageFile(key, DEFAULT_COURSE_IMAGE_WIDTH)}`;
}

const OUR_COURSE_IMAGE = /^(\/uploads\/course-[0-9a-f]{24})-\d+\.webp$/;

/** `imageUrl` when it names our own stored copy; anything else is never shown as an image. */
export function ownCourseImage(imageUrl: string | null): string | null {
  return imageUrl && OUR_COURSE_IMAGE.test(imageUrl) ? imageUrl : null;
}

/** Our stored copy `src` in another of its widths (the share image is the 750 px one). */
export function courseImageAtWidth(src: string, width: CourseImageWidth): string | undefined {
  const match = OUR_COURSE_IMAGE.exec(src);
  return match ? `${match[1]}-${width}.webp` : undefined;
}

/**
 * A `srcset` offering every stored width, so a phone's thumbnail downloads 240 px instead of
 * 750 px; undefined for any other address (a drawn cover is a vector: one size fits all).
 */
export function courseImageSrcSet(src: string): string | undefined {
  const match = OUR_COURSE_IMAGE.exec(src);
  if (!match) return undefined;
  return COURSE_IMAGE_SIZES.map(([width]) => `${match[1]}-${width}.webp ${width}w`).join(", ");
}
