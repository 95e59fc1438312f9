import { useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { LANGUAGE_COOKIE, localizedHref, readLanguagePreference } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { SUGGESTION_DISMISSED_KEY, shouldSuggestIndonesian } from "../lib/language-suggestion";
import { rememberPreference } from "../../core/preference-cookie";

/** Written in Indonesian on English pages: it speaks to readers of Indonesian. */
const SUGGESTION_LOCALE = { locale: "id" } as const;

/** What it reads changes only by its own buttons, which re-render it anyway. */
function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * Whether the note was dismissed, read from storage once per page load: the first read of
 * localStorage waits for the browser to load it, and React asks for the snapshot several times
 * while hydrating. Only this component's own button changes it.
 */
let dismissedInStorage: boolean | undefined;

function readDismissed(): boolean {
  if (dismissedInStorage === undefined) {
    try {
      dismissedInStorage = window.localStorage.getItem(SUGGESTION_DISMISSED_KEY) === "1";
    } catch {
      dismissedInStorage = false;
    }
  }
  return dismissedInStorage;
}

/**
 * "Tersedia dalam Bahasa Indonesia": a small note, decided in the browser after hydration
 * (the shared page cannot depend on a request header), fixed at the bottom so it shifts nothing.
 */
export function LanguageSuggestion() {
  const location = useLocation();
  const [closed, setClosed] = useState(false);
  // The browser's answer after hydration; the server (and hydration) render nothing.
  const suggested = useSyncExternalStore(
    subscribeToNothing,
    () =>
      shouldSuggestIndonesian({
        pathname: location.pathname,
        browserLanguages: navigator.languages ?? [navigator.language],
        languageChosen: readLanguagePreference(document.cookie) !== null,
        dismissed: readDismissed(),
      }),
    () => false,
  );

  if (!suggested || closed) return null;
  const dismiss = () => {
    dismissedInStorage = true;
    try {
      window.localStorage.setItem(SUGGESTION_DISMISSED_KEY, "1");
    } catch {
      // Private mode without storage: it is dismissed for this page view only.
    }
    setClosed(true);
  };
  return (
    <aside
      lang="id"
      aria-label={m.language_suggestion({}, SUGGESTION_LOCALE)}
      className="fixed bottom-4 left-4 right-20 z-40 flex items-center gap-2 rounded-lg bg-slate-900 py-1 pr-1 pl-4 text-sm text-white shadow-lg sm:right-auto sm:max-w-md dark:bg-slate-800 print:hidden"
    >
      <p className="flex-1">
        {m.language_suggestion({}, SUGGESTION_LOCALE)}{" "}
        <Link
          to={localizedHref("id", `${location.pathname}${location.search}`)}
          hrefLang="id"
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
          onClick={() => {
            rememberPreference(LANGUAGE_COOKIE, "id");
            setClosed(true);
          }}
        >
          {m.language_suggestion_open({}, SUGGESTION_LOCALE)}
        </Link>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={m.language_suggestion_dismiss({}, SUGGESTION_LOCALE)}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </aside>
  );
}
