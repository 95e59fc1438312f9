import type { RequestHandler } from "express";
import { usesBearerScheme } from "./client-credentials";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard: a state-changing request from a browser must come from our own
 * origin. Browsers send `Origin` on every cross-site POST; requests without it (curl, the app)
 * carry no ambient cookies from another site, and `Sec-Fetch-Site: cross-site` is refused too.
 */
export function rejectForeignOrigins(publicSiteUrl: string): RequestHandler {
  const siteOrigin = new URL(publicSiteUrl).origin;
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method)) return next();
    // With a Bearer header every route ignores cookies (identity comes from the token alone), so
    // no ambient credential is in play and CSRF cannot ride on the request.
    if (usesBearerScheme(request.get("authorization"))) return next();
    const origin = request.get("origin");
    const ownOrigin = `${request.protocol}://${request.get("host") ?? ""}`;
    const foreign =
      (origin !== undefined && origin !== siteOrigin && origin !== ownOrigin) ||
      (origin === undefined && request.get("sec-fetch-site") === "cross-site");
    if (!foreign) return next();
    response.status(403).json({ error: { message: "Cross-site request refused." } });
  };
}
