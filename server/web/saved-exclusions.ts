import type express from "express";
import { courseListHref } from "../../core/course-filters";
import { FILTER_PARAMS, formatHiddenList, parseHiddenList } from "../../core/course-filter-options";
import { localeOfPath, localizedHref, pathWithoutLocale } from "../../core/locale";
import { PREFERENCE_MAX_AGE_SECONDS } from "../../core/preference-cookie";
import {
  readHiddenFilters,
  saveHiddenFilters,
  type HiddenFilters,
} from "../domain/accounts/hidden-filters";
import { findSessionUser } from "../domain/accounts/accounts";
import type { Services } from "../services";
import { isSessionIdShaped } from "./client-credentials";
import { parseCookies, serializeCookie, SESSION_COOKIE } from "./cookies";

/**
 * A learner's saved exclusions (words and instructors to hide), kept on the device in this
 * cookie, and for a signed-in learner with the account too. Not a display preference: a visitor
 * who has it gets the shared page with their own ending, so it never multiplies shared pages.
 */
export const HIDDEN_FILTERS_COOKIE = "kk_hide";

/** The cookie's value: the two lists as the URL spells them ("hideWords=a%2C+b&…"). */
export function hiddenFiltersCookie(filters: HiddenFilters, secure: boolean): string {
  const params = new URLSearchParams();
  params.set(FILTER_PARAMS.hideWords, formatHiddenList(filters.hideWords));
  params.set(FILTER_PARAMS.hideInstructors, formatHiddenList(filters.hideInstructors));
  return serializeCookie(HIDDEN_FILTERS_COOKIE, params.toString(), {
    maxAgeSeconds: PREFERENCE_MAX_AGE_SECONDS,
    secure,
  });
}

/** The lists in the cookie; null without one. A list that cannot be one (edited by hand) is empty. */
export function readHiddenFiltersCookie(header: string | undefined): HiddenFilters | null {
  const value = parseCookies(header).get(HIDDEN_FILTERS_COOKIE);
  if (value === undefined) return null;
  const params = new URLSearchParams(value);
  return {
    hideWords: parseHiddenList(params.get(FILTER_PARAMS.hideWords)) ?? [],
    hideInstructors: parseHiddenList(params.get(FILTER_PARAMS.hideInstructors)) ?? [],
  };
}

/**
 * The bare course list (`/`, `/id`, no query at all) redirects to itself with the learner's
 * saved exclusions, so they apply on every visit while the list's URL still says what it shows
 * (and stays a shared page). Any other address is taken as it is: a shared link, a filter the
 * learner picked, or the exclusions cleared by hand show exactly what they ask for.
 *
 * The device's cookie decides; a signed-in learner's device without one asks the account once
 * and keeps the answer in the cookie (even "nothing"), so the list costs no query after that.
 */
export function applySavedExclusions(services: Services): express.RequestHandler {
  return async (request, response, next) => {
    try {
      if (
        (request.method !== "GET" && request.method !== "HEAD") ||
        pathWithoutLocale(request.path) !== "/" ||
        request.originalUrl.includes("?")
      )
        return next();
      const secure = services.config.publicSiteUrl.startsWith("https://");
      let saved = readHiddenFiltersCookie(request.headers.cookie);
      if (saved === null) {
        const sessionId = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
        if (!isSessionIdShaped(sessionId)) return next();
        const user = await findSessionUser(services, sessionId);
        if (!user) return next();
        saved = await readHiddenFilters(services, user.id);
        response.append("Set-Cookie", hiddenFiltersCookie(saved, secure));
      }
      if (saved.hideWords.length + saved.hideInstructors.length === 0) return next();
      const target = courseListHref({ ...saved });
      response.setHeader("Cache-Control", "private, no-cache");
      response.redirect(302, localizedHref(localeOfPath(request.path), target));
    } catch (error) {
      next(error);
    }
  };
}

export type SaveExclusionsOutcome = {
  /** The list with the exclusions as saved (or as they were, when refused). */
  target: string;
  setCookies: string[];
  saved: boolean;
};

/**
 * The filter bar's "Remember" button: the form's two lists become the device's (cookie) and,
 * for a signed-in learner, the account's. Lists that cannot be ones change nothing.
 */
export async function saveExclusions(
  services: Services,
  userId: string | null,
  form: FormData,
): Promise<SaveExclusionsOutcome> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const hideWords = parseHiddenList(field(FILTER_PARAMS.hideWords));
  const hideInstructors = parseHiddenList(field(FILTER_PARAMS.hideInstructors));
  if (hideWords === null || hideInstructors === null)
    return { target: courseListHref({}), setCookies: [], saved: false };
  const filters = { hideWords, hideInstructors };
  if (userId) await saveHiddenFilters(services, userId, filters);
  const secure = services.config.publicSiteUrl.startsWith("https://");
  return {
    target: courseListHref(filters),
    setCookies: [hiddenFiltersCookie(filters, secure)],
    saved: true,
  };
}
