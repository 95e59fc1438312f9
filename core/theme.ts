import { parse } from "cookie";

/** Dark-mode preference: absent means "follow the system" (prefers-color-scheme). */
export type ThemePreference = "light" | "dark";

export const THEME_COOKIE = "kk_theme";

export function readThemePreference(cookieHeader: string | null): ThemePreference | null {
  const value = parse(cookieHeader ?? "")[THEME_COOKIE];
  return value === "light" || value === "dark" ? value : null;
}
