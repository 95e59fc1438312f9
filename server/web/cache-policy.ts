/**
 * How long answers that are not pages may be kept, and by whom. Pages (HTML) decide their own
 * caching where they are rendered; this covers the static files.
 */

/** Vite's /assets/ names carry a hash of their content: a name never gets other bytes. */
export const IMMUTABLE_FILE = "public, max-age=31536000, immutable";
/** Other static files (favicon, share image) keep their name across releases. */
export const STATIC_FILE = "public, max-age=3600";

export function staticFileCacheControl(urlPath: string): string {
  return urlPath.startsWith("/assets/") ? IMMUTABLE_FILE : STATIC_FILE;
}
