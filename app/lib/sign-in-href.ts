import { localizedHref, type Locale } from "../../core/locale";

/** The sign-in page's query field naming the site path to return to once signed in. */
export const SIGN_IN_RETURN_FIELD = "next";

/**
 * The sign-in page in the page's language, returning to `returnTo` (a site path, e.g. the course
 * the learner could not open). A plain link, so it works before (or without) JavaScript.
 */
export function signInHref(locale: Locale, returnTo: string): string {
  const query = new URLSearchParams({ [SIGN_IN_RETURN_FIELD]: returnTo });
  return `${localizedHref(locale, "/sign-in")}?${query.toString()}`;
}
