import { localeOfPath } from "../../core/locale";
import { answerLanguageHeaders } from "./i18n";

/**
 * The Accept-Language header for a request from code outside React (or without the page's
 * messages at hand): the language of the page the browser is on, read from its address.
 */
export function pageAnswerHeaders(): Record<string, string> {
  return answerLanguageHeaders(localeOfPath(window.location.pathname));
}
