/**
 * The one gate for every redirect target that comes from a request (a form's `redirectTo`, a
 * query parameter): only a path on this site, else the fallback.
 *
 * Browsers are lenient with `Location`: they drop tabs and newlines ("/\t/evil.example" becomes
 * "//evil.example"), read a backslash as a slash ("/\\evil.example") and take "//host" as
 * another site. So a target is refused when it has a backslash or any control character, and
 * it must still be a same-origin path with the same start once a URL parser has read it.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Any origin will do: only whether the parser keeps the path on it matters. */
const PROBE_ORIGIN = "https://kursusku.invalid";

/** Space and what lies beyond ASCII: a Location header carries them only percent-encoded. */
const NEEDS_ENCODING = /[^\x21-\x7e]+/g;

export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof value !== "string" || !isSafeSitePath(value)) return fallback;
  // "/日本" or a U+2028 is a fine address, but a header holds bytes up to 0xFF only: sent raw,
  // it failed the answer after the form's write was done.
  try {
    return value.replace(NEEDS_ENCODING, (characters) => encodeURIComponent(characters));
  } catch {
    // Half of a surrogate pair is no character and has no encoding.
    return fallback;
  }
}

function isSafeSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (value.includes("\\") || CONTROL_CHARACTERS.test(value)) return false;
  let parsed: URL;
  try {
    parsed = new URL(value, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return (
    parsed.origin === PROBE_ORIGIN &&
    parsed.pathname.startsWith("/") &&
    !parsed.pathname.startsWith("//")
  );
}
