import type express from "express";
import { flashPostedByPage, serializeCookie } from "./cookies";

/**
 * A browser that runs no JavaScript cannot lay a visitor's personal layer over a shared page, so
 * it gets pages rendered for it instead. It identifies itself: the personal ending of a shared
 * page holds, inside <noscript>, a stylesheet link to NO_SCRIPT_MARKER_PATH, which only such a
 * browser fetches; the answer sets NO_SCRIPT_COOKIE. Until then (its first page) the ending's
 * no-script bar says who is signed in and the credits left.
 */
export const NO_SCRIPT_COOKIE = "kk_noscript";
export const NO_SCRIPT_MARKER_PATH = "/no-script.css";
/** A day: the marker is fetched again by the first shared page after it lapses. */
const NO_SCRIPT_COOKIE_SECONDS = 86_400;

export function noScriptMarker(secureCookies: boolean): express.RequestHandler {
  const cookie = serializeCookie(NO_SCRIPT_COOKIE, "1", {
    maxAgeSeconds: NO_SCRIPT_COOKIE_SECONDS,
    secure: secureCookies,
  });
  return (request, response, next) => {
    if (request.path !== NO_SCRIPT_MARKER_PATH || request.method !== "GET") {
      next();
      return;
    }
    response.setHeader("Set-Cookie", cookie);
    // Never kept: a cached answer would not set the cookie again once it has lapsed.
    response.setHeader("Cache-Control", "no-store");
    response.type("text/css").send("/* pages are rendered for a browser without JavaScript */\n");
  };
}

/**
 * Requests answered with a page rendered for them rather than the shared page: a browser known to
 * run no JavaScript, and the page right after a form the page posted itself (a browser whose
 * marker has not come back yet may run no JavaScript, and must come back to a page that already
 * shows its result). After a script's post that page is the shared one, its flash message added
 * at the end (decision 0042).
 */
export function wantsOwnRender(cookies: Map<string, string>): boolean {
  return cookies.has(NO_SCRIPT_COOKIE) || flashPostedByPage(cookies);
}
