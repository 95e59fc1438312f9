/** Dark-mode preference: absent means "follow the system" (prefers-color-scheme). */
export type ThemePreference = "light" | "dark";

export const THEME_COOKIE = "kk_theme";

export function readThemePreference(cookieHeader: string | null): ThemePreference | null {
  const match = /(?:^|;\s*)kk_theme=(light|dark)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as ThemePreference | undefined) ?? null;
}
