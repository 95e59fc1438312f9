import { useState, useSyncExternalStore } from "react";
import { THEME_COOKIE, type ThemePreference } from "../../core/theme";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { rememberPreference } from "../../core/preference-cookie";

/**
 * Switches between light and dark. The choice lives in a cookie so the server renders the right
 * class on <html> and the page never flashes the wrong theme; until the user chooses, the
 * system setting applies.
 */
export function ThemeToggle({ initial }: { initial: ThemePreference | null }) {
  // A toggle mounted later (the phone menu) starts from the page's current theme, which an
  // earlier toggle may have changed since the server rendered `initial`.
  const { t } = useMessages();
  const [theme, setTheme] = useState<ThemePreference | null>(() => currentTheme(initial));
  // Read after hydration (the server cannot know the system setting), so the label is corrected
  // instead of keeping the server's "light" guess.
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const effective: ThemePreference = theme ?? (systemDark ? "dark" : "light");
  const toggle = () => {
    const next: ThemePreference = effective === "dark" ? "light" : "dark";
    document.documentElement.classList.remove("light", "dark");
    document.documentElement.classList.add(next);
    rememberPreference(THEME_COOKIE, next);
    setTheme(next);
  };
  return (
    <button
      type="button"
      data-replay="theme-toggle"
      onClick={toggle}
      aria-label={effective === "dark" ? t(m.theme_to_light) : t(m.theme_to_dark)}
      className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      suppressHydrationWarning
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path className="dark:hidden" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        <g className="hidden dark:inline">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
    </button>
  );
}

function currentTheme(initial: ThemePreference | null): ThemePreference | null {
  if (typeof document === "undefined") return initial;
  const classes = document.documentElement.classList;
  if (classes.contains("dark")) return "dark";
  if (classes.contains("light")) return "light";
  return initial;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
