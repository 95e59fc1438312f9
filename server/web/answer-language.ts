import Negotiator from "negotiator";
import {
  ANSWER_LANGUAGE_FIELD,
  BASE_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
} from "../../core/locale";

/**
 * The language a server answer speaks (an error, a refusal, a redeem result, an AI answer):
 * - the page's own language when the request says it: a form's `lang` field
 *   (ANSWER_LANGUAGE_FIELD) or the address of a page's own action (/id/…);
 * - else the request's `Accept-Language` (the site's scripts send their page's language in it);
 * - else English, so the JSON API's existing clients keep SPEC's texts.
 */
export function answerLocale(request: {
  acceptLanguage?: string | null;
  explicit?: unknown;
}): Locale {
  if (isLocale(request.explicit)) return request.explicit;
  if (!request.acceptLanguage) return BASE_LOCALE;
  const chosen = new Negotiator({
    headers: { "accept-language": request.acceptLanguage },
  }).language([...LOCALES]);
  return isLocale(chosen) ? chosen : BASE_LOCALE;
}

/**
 * The language to answer a route module's request in: the form's `lang` field when the form was
 * read (a page's no-JS form), else the request's Accept-Language (the page's scripts), else English.
 */
export function answerLocaleOf(request: Request, form?: FormData | null): Locale {
  return answerLocale({
    acceptLanguage: request.headers.get("accept-language"),
    explicit: form?.get(ANSWER_LANGUAGE_FIELD),
  });
}
