/** Writing text into XML documents (sitemap, Atom feeds, drawn SVG covers) safely. */

/** Characters XML 1.0 forbids outright (control characters other than tab, LF and CR). */
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for an XML element or attribute value; drops characters XML cannot carry. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (char) => {
    switch (char) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return "&apos;";
    }
  });
}
