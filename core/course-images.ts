/** Course images as the pages ask for them: the right size for the slot, never a site page. */

/** The widths Udemy's CDN serves every course image in (the size is part of the path). */
const UDEMY_SIZES = [
  [240, 135],
  [480, 270],
  [750, 422],
] as const;

const UDEMY_IMAGE = /^(https:\/\/img-[a-z]\.udemycdn\.com\/course\/)\d+x\d+(\/[^?#\s]+)$/i;

/**
 * A `srcset` offering the sizes the image's source serves, so a phone's thumbnail downloads
 * 240 px instead of 750 px; undefined when the source offers only the one address.
 */
export function courseImageSrcSet(src: string): string | undefined {
  const match = UDEMY_IMAGE.exec(src);
  if (!match) return undefined;
  const [, prefix, file] = match;
  return UDEMY_SIZES.map(([width, height]) => `${prefix}${width}x${height}${file} ${width}w`).join(
    ", ",
  );
}
