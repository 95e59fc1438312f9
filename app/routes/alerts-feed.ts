import { buildSavedSearchFeed } from "../../server/domain/alerts/saved-search-feed";
import type { Route } from "./+types/alerts-feed";

/**
 * GET /alerts/feed/:token: a saved search's private Atom feed. The token is the only key (feed
 * readers send no cookie); an unknown or renewed token is a plain 404. Kept out of shared
 * caches and search engines.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const xml = await buildSavedSearchFeed(context.services, params.token);
  if (xml === null) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "private, max-age=900",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
