/** Writing text into XML documents (sitemap, Atom feeds) safely; the escaping itself lives in core. */

export { escapeXml } from "../../../core/xml-escape";

/** An absolute URL of the site for a site path (absolute URLs pass through). */
export function absolute(siteUrl: string, sitePath: string): string {
  if (/^https?:\/\//i.test(sitePath)) return sitePath;
  return `${siteUrl}${sitePath.startsWith("/") ? "" : "/"}${sitePath}`;
}

export function isoInstant(value: Date | string): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}
