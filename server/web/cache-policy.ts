import type express from "express";

/**
 * How long answers that are not pages may be kept, and by whom. Pages (HTML) decide their own
 * caching where they are rendered; this covers the static files and the server's own answers
 * (the JSON action API, the health check, the operations endpoint, unexpected errors).
 */

/** Vite's /assets/ names carry a hash of their content: a name never gets other bytes. */
export const IMMUTABLE_FILE = "public, max-age=31536000, immutable";
/** Other static files (favicon, share image) keep their name across releases. */
export const STATIC_FILE = "public, max-age=3600";
/**
 * The service worker: browsers check it for updates on their own, and a cached copy would hold
 * the old worker back; "no-cache" keeps the validators, so an unchanged one costs a 304.
 */
export const SERVICE_WORKER = "no-cache";
/** Personal, live or failed: no cache, shared or private, keeps it. */
export const NOT_STORED = "no-store";
/** The API's description and reference page: the same for everyone, changed by a release. */
const API_DESCRIPTION = "public, max-age=3600";

export function staticFileCacheControl(urlPath: string): string {
  if (urlPath === "/sw.js") return SERVICE_WORKER;
  return urlPath.startsWith("/assets/") ? IMMUTABLE_FILE : STATIC_FILE;
}

/**
 * Cache-Control for the answers Express itself gives. Set before the handler runs (which may
 * still override it with setHeader); only on exact paths, since the routes React Router serves
 * below /api add their own header, and a second one would be appended, not replace this.
 */
export function setServerAnswerCaching(): express.RequestHandler {
  return function setServerAnswerCaching(request, response, next) {
    const policy = serverAnswerPolicy(request.path);
    if (policy) response.setHeader("Cache-Control", policy);
    next();
  };
}

function serverAnswerPolicy(pathname: string): string | undefined {
  // The action API: rate-limited per client, and some actions answer for the signed-in user.
  if (pathname === "/api" || pathname === "/api/") return NOT_STORED;
  if (pathname === "/api/openapi.json" || pathname === "/api/docs") return API_DESCRIPTION;
  if (pathname === "/healthz" || pathname.startsWith("/internal/")) return NOT_STORED;
  return undefined;
}

/**
 * An error no handler answered gets Express's own error page; it is not for keeping either.
 * Placed after every handler, it only adds the header and hands the error on.
 */
export const errorAnswersNotStored: express.ErrorRequestHandler = (
  error,
  _request,
  response,
  next,
) => {
  if (!response.headersSent) response.setHeader("Cache-Control", NOT_STORED);
  next(error);
};
