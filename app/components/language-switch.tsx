import { Link, useLocation } from "react-router";
import { LANGUAGE_COOKIE, localizedHref } from "../../core/locale";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { rememberPreference } from "../../core/preference-cookie";

/**
 * The same page in the other language, with its search and filters: a link (it works without
 * JavaScript); with JavaScript the choice is also remembered for the next visit to `/`.
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
    <Link
      to={localizedHref(other, `${location.pathname}${location.search}`)}
      hrefLang={other}
      lang={other}
      // "ID" / "EN" alone is narrower than a 44 px tap target.
      className={`${className} min-w-11 justify-center`}
      onClick={() => {
        rememberPreference(LANGUAGE_COOKIE, other);
        onNavigate?.();
      }}
    >
      <span aria-hidden="true">{t(m.language_other_short)}</span>
      <span className="sr-only">{t(m.language_other)}</span>
    </Link>
  );
}
