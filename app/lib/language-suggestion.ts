import { localeOfPath, localizedHref } from "../../core/locale";

/** Where a dismissed suggestion is remembered: in the browser only, so no page differs by it. */
export const SUGGESTION_DISMISSED_KEY = "kk_lang_hint_dismissed";

/**
 * Whether to suggest the Indonesian page: only on an English page that exists in Indonesian, to
 * a visitor who has not chosen a language (the switch's cookie) nor dismissed the suggestion,
 * whose browser puts Indonesian before English. Never a redirect: crawlers and shared links get
 * the address they asked for.
 */
export function shouldSuggestIndonesian(visit: {
  pathname: string;
  browserLanguages: readonly string[];
  languageChosen: boolean;
  dismissed: boolean;
}): boolean {
  if (visit.languageChosen || visit.dismissed) return false;
  if (localeOfPath(visit.pathname) !== "en") return false;
  if (localizedHref("id", visit.pathname) === visit.pathname) return false;
  const first = visit.browserLanguages
    .map((tag) => tag.toLowerCase().split("-")[0])
    .find((language) => language === "id" || language === "en" || language === "in");
  // "in" is Indonesian's withdrawn code, still sent by some older Android browsers.
  return first === "id" || first === "in";
}
