/** How long a display preference (theme, language, a dismissed banner) is remembered: a year. */
export const PREFERENCE_MAX_AGE_SECONDS = 31_536_000;

/**
 * The one spelling of a display-preference cookie, for the server's Set-Cookie and the page's
 * `document.cookie` alike. `secure` whenever the site is served over https: such a cookie then
 * never travels over plain http, where anyone on the way could read or plant it.
 */
export function preferenceCookie(
  name: string,
  value: string,
  options: { secure: boolean; httpOnly?: boolean },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${PREFERENCE_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
    ...(options.httpOnly ? ["HttpOnly"] : []),
  ].join("; ");
}

/** In the browser: remembers a preference, Secure when the page itself came over https. */
export function rememberPreference(name: string, value: string): void {
  document.cookie = preferenceCookie(name, value, { secure: location.protocol === "https:" });
}
