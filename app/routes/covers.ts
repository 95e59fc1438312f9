import { readCourseCover } from "../../server/domain/catalog/course-covers";
import type { Route } from "./+types/covers";

/** A year: the address names the drawing's version, so the answer under it never changes. */
const CACHE_FOR_SECONDS = 365 * 24 * 60 * 60;
/** An old version's address (the title changed) gets today's drawing, cached briefly. */
const STALE_VERSION_SECONDS = 300;

/**
 * GET /covers/<course id>-<version>.svg: the cover drawn for a course without an image of its
 * own, from its category's colour and its title. The SVG gets a policy of its own that forbids
 * everything but its inline shapes, in case someone opens it as a page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cover = await readCourseCover(context.services, params.file);
  if (!cover) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${cover.version}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": cover.current
      ? `public, max-age=${CACHE_FOR_SECONDS}, immutable`
      : `public, max-age=${STALE_VERSION_SECONDS}`,
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(cover.svg, {
    headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}
