import { useLocation } from "react-router";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * The same page in the other language, with its search and filters. A plain link through
 * /language/:locale (app/routes/language.ts), which remembers the choice for the next visit to
 * `/` and redirects: it works the same before the page is interactive and without JavaScript.
 */
export function LanguageSwitch({
  className,
  onNavigate,
}: {
  className: string;
  onNavigate?: () => void;
}) {
  const { locale, t } = useMessages();
  const location = useLocation();
  const other = locale === "id" ? "en" : "id";
  return (
    <a
      href={`/language/${other}?to=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
      hrefLang={other}
      // A redirect that sets a cookie: crawlers find each language through the hreflang links.
      rel="nofollow"
      lang={other}
      // "ID" / "EN" alone is narrower than a 44 px tap target.
      className={`${className} min-w-11 justify-center`}
      onClick={() => onNavigate?.()}
    >
      <span aria-hidden="true">{t(m.language_other_short)}</span>
      <span className="sr-only">{t(m.language_other)}</span>
    </a>
  );
}
