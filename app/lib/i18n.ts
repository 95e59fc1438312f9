import { useLocation, useMatches } from "react-router";
import { isLocale, localeOfPath, localizedHref, type Locale } from "../../core/locale";

/**
 * A compiled message (core/paraglide/messages, generated from messages/{en,id}.json): one function
 * per message, so a page ships only the messages it uses.
 */
type Message<Inputs> = (inputs: Inputs, options: { locale: Locale }) => string;

/**
 * The language of the page being shown: its address says it (core/locale.ts). A page with one
 * address for both languages (/go/:id, the unsubscribe page) decides its own and says it in its
 * data's `locale`; the header, footer and <html lang> around it follow.
 */
export function useLocale(): Locale {
  const byAddress = localeOfPath(useLocation().pathname);
  const page = useMatches().at(-1)?.data as { locale?: unknown } | undefined;
  return page && isLocale(page.locale) ? page.locale : byAddress;
}

/**
 * Messages in the page's language, and site links that stay in it. The locale is passed to each
 * message explicitly — never a global — so concurrent server renders cannot mix languages.
 */
export function useMessages() {
  const locale = useLocale();
  return {
    locale,
    t: <Inputs extends object>(
      message: Message<Inputs>,
      ...inputs: object extends Inputs ? [Inputs?] : [Inputs]
    ): string => message((inputs[0] ?? {}) as Inputs, { locale }),
    href: (path: string) => localizedHref(locale, path),
  };
}

/**
 * English's two forms, one and other, chosen without `Intl.PluralRules`: its first use loads ICU's
 * locale data inside hydration (decision 0020). Indonesian has one form, held by both messages.
 */
export function byCount<T>(count: number, one: T, other: T): T {
  return count === 1 ? one : other;
}

/**
 * Headers for the site's own requests from a page, so the server answers (errors, refusals,
 * results) in the page's language rather than the browser's.
 */
export function answerLanguageHeaders(locale: Locale): Record<string, string> {
  return { "Accept-Language": locale };
}
