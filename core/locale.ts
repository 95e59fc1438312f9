/**
 * The site's languages. English lives at the addresses SPEC.md names; Indonesian at the same
 * addresses under /id (`/id`, `/id/articles`, `/id/course/…`). The address alone says the
 * language of a page: crawlers and shared links get exactly the language they asked for.
 */
export const LOCALES = ["en", "id"] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = "en";
const PREFIX = "/id";

/** The preference a language switch remembers (like the theme): followed on the next visit to `/`. */
export const LANGUAGE_COOKIE = "kk_lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language of a path: Indonesian under /id, English everywhere else. */
export function localeOfPath(pathname: string): Locale {
  return pathname === PREFIX || pathname.startsWith(`${PREFIX}/`) ? "id" : "en";
}

/** The path without its language prefix: the English address of the same page. */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) !== "id") return pathname;
  return pathname.slice(PREFIX.length) || "/";
}

/**
 * The address of `href` (a site path, with or without query and fragment) in a language. An
 * address that is not a page (an API, a feed, a coupon redirect) keeps its one address.
 */
export function localizedHref(locale: Locale, href: string): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const [pathname = "/", rest = ""] = splitPath(href);
  const english = pathWithoutLocale(pathname);
  if (locale === "en" || !isTranslatedPath(english)) return english + rest;
  return (english === "/" ? PREFIX : `${PREFIX}${english}`) + rest;
}

/** Pages that exist in both languages; everything else (API, feeds, /go, /auth, admin) has one address. */
function isTranslatedPath(pathname: string): boolean {
  return !/^\/(api|go|auth|admin|uploads|favourites|reviews|redeem|feed\.xml|sitemap\.xml|robots\.txt)(\/|$)/.test(
    pathname,
  );
}

function splitPath(href: string): [string, string] {
  const cut = href.search(/[?#]/);
  return cut < 0 ? [href, ""] : [href.slice(0, cut), href.slice(cut)];
}

/** The language a visitor chose with the switch, if any (from the Cookie header). */
export function readLanguagePreference(cookieHeader: string | null): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  return isLocale(match?.[1]) ? match[1] : null;
}

/**
 * The form field a page's forms carry so that an answer without JavaScript comes back in the
 * page's language (a form posts to a one-address endpoint such as /favourites).
 */
export const ANSWER_LANGUAGE_FIELD = "lang";
