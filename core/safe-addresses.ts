/**
 * Which addresses user-written articles may use: link schemes, image sources, covers (a cloud
 * file-sharing link becomes its direct-view form; the site's own pages other than uploads are
 * never an image, so an article cannot make its readers' browsers request them).
 */

const LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

function schemeOf(url: string): string | null {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- stripping control characters on purpose
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, "");
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * A markdown link is kept only with an http, https, irc, ircs, mailto or xmpp
 * address, or as an in-page anchor (GFM footnotes). Relative site paths are dropped too: a
 * link to /go/… in someone's article would spend the reader's credit; so is an absolute link to
 * the site's own /go/ (`siteUrl`).
 */
export function safeLinkHref(
  url: string | null | undefined,
  siteUrl?: string | null,
): string | null {
  const value = (url ?? "").trim();
  if (value === "") return null;
  if (value.startsWith("#")) return value;
  const scheme = schemeOf(value);
  if (!scheme || !(LINK_PROTOCOLS as readonly string[]).includes(scheme)) return null;
  if (opensCourseOnSite(value, siteUrl)) return null;
  return value;
}

const COURSE_OPENING = /^\/go(?:\/|$)/;

/**
 * True when following `address` opens a course through this site's /go/…, which spends the
 * reader's credit on one click: any scheme or port of the site's host, and the path as the
 * server would route it ("/GO/1", "//go/1", "/uploads/../go/1", "%2e%2e" and "%2f" tricks count).
 * Third-party text (articles, feed descriptions) never links there: the course page is the way.
 */
export function opensCourseOnSite(address: string, siteUrl: string | null | undefined): boolean {
  const site = hostOf(siteUrl);
  if (!site) return false;
  let parsed: URL;
  try {
    parsed = new URL(address.trim(), siteUrl!);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  if (parsed.hostname.replace(/\.$/, "") !== site) return false;
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written.
  }
  const routed = new URL(path.replace(/[\\/]+/g, "/"), "https://site.invalid").pathname;
  return COURSE_OPENING.test(routed.toLowerCase());
}

function hostOf(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

/**
 * Markdown images: only http, https or data:image addresses, and never one of the site's own
 * pages. An image request carries the reader's cookies, so `![x](https://<site>/go/209)` in an
 * article would act as the reader; only the site's uploaded files (/uploads/…) may be shown.
 * Relative and protocol-relative addresses have no scheme and are dropped here anyway.
 */
export function safeImageSrc(
  url: string | null | undefined,
  siteUrl?: string | null,
): string | null {
  const value = (url ?? "").trim();
  const scheme = schemeOf(value);
  if (scheme === "http" || scheme === "https") {
    return isOwnNonUploadAddress(value, siteUrl) ? null : value;
  }
  if (scheme === "data" && /^data:image\//i.test(value)) return value;
  return null;
}

const UPLOADS_PREFIX = "/uploads/";

/**
 * True when `address` resolves (relative to the site) to this site and outside /uploads/: the
 * parsed path decides, so "/uploads/../go/1" and "%2e%2e" tricks count as /go/1.
 */
export function isOwnNonUploadAddress(address: string, siteUrl?: string | null): boolean {
  const base = originOf(siteUrl) ?? "https://site.invalid";
  let parsed: URL;
  try {
    parsed = new URL(address, base);
  } catch {
    return true;
  }
  if (parsed.origin !== base) return false;
  return !parsed.pathname.startsWith(UPLOADS_PREFIX);
}

function originOf(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}

const DRIVE_HOSTS = new Set(["drive.google.com", "docs.google.com"]);
const DRIVE_ID = /^[\w-]{10,200}$/;

/**
 * A cover address from a cloud file-sharing service becomes its direct-view form.
 * Google Drive share links (…/file/d/<ID>/view, open?id=<ID>, uc?id=<ID>) become
 * https://drive.google.com/uc?export=view&id=<ID>; Dropbox share links get raw=1.
 * Anything else comes back unchanged.
 */
export function toDirectImageUrl(address: string): string {
  const value = address.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const host = url.hostname.toLowerCase();
  if (DRIVE_HOSTS.has(host)) {
    const fromPath = /^\/file\/d\/([^/]+)/.exec(url.pathname)?.[1];
    const fromQuery =
      url.pathname === "/open" || url.pathname === "/uc" ? url.searchParams.get("id") : null;
    const id = fromPath ?? fromQuery;
    if (id && DRIVE_ID.test(id)) return `https://drive.google.com/uc?export=view&id=${id}`;
    return value;
  }
  if (host === "www.dropbox.com" || host === "dropbox.com") {
    url.searchParams.delete("dl");
    url.searchParams.set("raw", "1");
    return url.toString();
  }
  return value;
}

/**
 * The address a cover image is shown from, or null (then the placeholder shows). Cloud share
 * links are rewritten first. Shown: http, https and data:image addresses, and the site's
 * uploaded files (/uploads/<key>); never another of the site's own pages (a cover at /go/209
 * would spend the reader's credit).
 */
export function coverImageSrc(
  address: string | null | undefined,
  siteUrl?: string | null,
): string | null {
  const value = (address ?? "").trim();
  if (value === "") return null;
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    return isOwnNonUploadAddress(value, siteUrl) ? null : value;
  }
  return safeImageSrc(toDirectImageUrl(value), siteUrl);
}
