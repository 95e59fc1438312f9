import { createHash } from "node:crypto";
import sharp from "sharp";
import { COURSE_IMAGE_SIZES, courseImageFile } from "../../../core/course-images";
import {
  FetchError,
  followRedirects,
  gateFor,
  readBodyBytes,
  shortUrl,
  type AddressGate,
} from "../coupon-feeds/http-fetch";

/**
 * A course's image, fetched once by our server from Udemy's image CDN and re-encoded into our
 * own WebP copies, so a visitor's browser never asks Udemy's image host for anything.
 */

/** The only hosts a course image is fetched from (https), unless UDEMY_IMAGE_BASE_URL is set. */
export const UDEMY_IMAGE_HOSTS: readonly string[] = [
  "img-a.udemycdn.com",
  "img-b.udemycdn.com",
  "img-c.udemycdn.com",
];

/** A course image is a 750×422 photo of some 50–150 kB: anything past this is not one. */
export const COURSE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: a small file may still claim a huge canvas. */
const MAX_INPUT_PIXELS = 25_000_000;
const FETCH_TIMEOUT_MS = 10_000;
const WEBP_QUALITY = 72;

/** Photo formats, judged by the bytes (sharp), never by the content-type the host claims. */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/** The image is refused for good (not retried until the course names another image). */
export class ImageRefused extends Error {
  override name = "ImageRefused";
}

/**
 * Where images may come from: Udemy's CDN hosts over https, or only the configured origin (a
 * stand-in on 127.0.0.1 in tests, a mirror). Every redirect hop passes the same gate.
 */
export function courseImageGate(imageBaseUrl: string | null): AddressGate {
  return imageBaseUrl
    ? { ...gateFor(imageBaseUrl), allowedHosts: [] }
    : { allowedHosts: UDEMY_IMAGE_HOSTS };
}

/** Whether `address` may be fetched at all under `gate` (checked before any request). */
export function isAllowedImageAddress(address: string, gate: AddressGate): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (gate.trustedOrigins?.includes(url.origin)) return true;
  return url.protocol === "https:" && (gate.allowedHosts ?? []).includes(url.hostname);
}

export type ImageFetchOptions = { userAgent: string; signal?: AbortSignal };

/**
 * The image's bytes, at most COURSE_IMAGE_MAX_BYTES (streamed and abandoned past it). Throws
 * ImageRefused for what will never work (an address off the allow-list, too large, an HTTP 4xx,
 * a redirect elsewhere) and FetchError for what may pass (network, timeout, 5xx, a host name that
 * does not resolve right now).
 */
export async function fetchCourseImage(
  address: string,
  gate: AddressGate,
  options: ImageFetchOptions,
): Promise<Buffer> {
  if (!isAllowedImageAddress(address, gate)) {
    throw new ImageRefused(`not on Udemy's image CDN: ${shortUrl(address)}`);
  }
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const tooLarge = () => new ImageRefused(`larger than ${COURSE_IMAGE_MAX_BYTES} bytes`);
  try {
    const response = await followRedirects(address, gate, {
      signal,
      userAgent: options.userAgent,
      accept: "image/webp,image/jpeg,image/png,image/*;q=0.8",
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      const passing = status >= 500 || status === 429;
      if (passing) throw new FetchError(`HTTP ${status}`, true, status);
      throw new ImageRefused(`HTTP ${status}`);
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > COURSE_IMAGE_MAX_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    return await readBodyBytes(response, COURSE_IMAGE_MAX_BYTES, tooLarge);
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    // The gate's own refusals (off the allow-list, a loop, too many redirects) are final; a
    // host that does not resolve ("not a public address" on a CDN host) may resolve next run.
    if (
      error instanceof FetchError &&
      !error.retryable &&
      !/not a public address/.test(error.message)
    ) {
      throw new ImageRefused(error.message);
    }
    if (error instanceof FetchError) throw error;
    const name = (error as { name?: string } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new FetchError(`timed out after ${FETCH_TIMEOUT_MS} ms`, true);
    }
    throw new FetchError(`network error: ${(error as Error).message}`, true);
  }
}

export type PreparedCourseImage = {
  /** "course-" and 24 hex digits of the source bytes' SHA-256: the same image, the same key. */
  key: string;
  files: Array<{ name: string; bytes: Buffer }>;
};

/**
 * Our copies of an image: refused unless its bytes are a JPEG, PNG, WebP or GIF (an SVG is a
 * document that can carry script; anything else is not a photo), then turned upright, cut to
 * 16:9 and re-encoded to WebP in every width the pages use, without any metadata.
 */
export async function prepareCourseImage(bytes: Buffer): Promise<PreparedCourseImage> {
  const options = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw new ImageRefused("not an image");
  }
  if (format === "svg") throw new ImageRefused("an SVG, not a photo");
  if (!format || !PHOTO_FORMATS.has(format)) {
    throw new ImageRefused(`not a photo format (${format ?? "unknown"})`);
  }
  const key = `course-${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}`;
  try {
    const files = await Promise.all(
      COURSE_IMAGE_SIZES.map(async ([width, height]) => ({
        name: courseImageFile(key, width),
        bytes: await sharp(bytes, options)
          .rotate()
          .resize(width, height, { fit: "cover" })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
    return { key, files };
  } catch {
    throw new ImageRefused("not a readable image");
  }
}
