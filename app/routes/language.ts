import { redirect } from "react-router";
import { isLocale, LANGUAGE_COOKIE, localizedHref } from "../../core/locale";
import { preferenceCookie } from "../../core/preference-cookie";
import { safeRedirectPath } from "../../server/web/redirects";
import type { Route } from "./+types/language";

/**
 * GET /language/:locale?to=/articles?search=x — the language switch: remembers the choice
 * (kk_lang, a year) and sends the visitor to the same page in that language. The server sets the
 * cookie, so a switch tapped before the page's JavaScript runs (or without any) is remembered
 * too, and choosing English on /id is not undone by / sending a remembered Indonesian back to
 * /id. `to` is only ever a path on this site.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = params.locale;
  if (!isLocale(locale)) throw new Response("Not Found", { status: 404 });
  const to = safeRedirectPath(new URL(request.url).searchParams.get("to"), "/");
  return redirect(localizedHref(locale, to), {
    status: 303,
    headers: {
      "Set-Cookie": preferenceCookie(LANGUAGE_COOKIE, locale, {
        secure: context.identity.secureCookies,
      }),
      "Cache-Control": "no-store",
    },
  });
}
