import { ANSWER_LANGUAGE_FIELD, isLocale, localeOfPath, type Locale } from "../../core/locale";

/**
 * The language of a /go/:id page (redirecting, out of credits, coupon ended, confirm). /go has
 * one address for both languages, so the page is told, in this order:
 * 1. `?lang=` — the site's own View Course links on Indonesian pages add it (goHref);
 * 2. the Referer, when it is one of this site's pages: /id/… is Indonesian, any other page
 *    English (the visitor chose that page's language). Same-origin navigations carry the full
 *    address under the site's strict-origin-when-cross-origin policy, so every link on the
 *    site — cards, hero, dashboard — is covered even without the parameter;
 * 3. otherwise (a bookmark, another site's link) `otherwise()`: the Accept-Language answer.
 */
export function goPageLocale(
  request: { url: string; referer: string | null },
  otherwise: () => Locale,
): Locale {
  const url = new URL(request.url);
  const asked = url.searchParams.get(ANSWER_LANGUAGE_FIELD);
  if (isLocale(asked)) return asked;
  const from = parseUrl(request.referer);
  if (from && from.host === url.host && !from.pathname.startsWith("/go/")) {
    return localeOfPath(from.pathname);
  }
  return otherwise();
}

function parseUrl(address: string | null): URL | null {
  if (!address) return null;
  try {
    return new URL(address);
  } catch {
    return null;
  }
}
