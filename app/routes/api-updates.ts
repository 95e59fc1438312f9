import { liveUpdatesQuerySchema } from "../../core/live-updates-query";
import { etagMatches, getLiveUpdates } from "../../server/domain/catalog/live-updates";
import { jsonErrorResponse, parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/api-updates";

/**
 * GET /api/updates?courseSince=<id>&articleSince=<id>, polled by open listing pages: new listed
 * courses and published articles since the given ids. Revalidate every time (no-cache) and answer 304 when
 * the page's ETag still holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  let query;
  try {
    query = parseInput(
      liveUpdatesQuerySchema,
      {
        courseSince: params.get("courseSince") ?? undefined,
        articleSince: params.get("articleSince") ?? undefined,
      },
      () => "courseSince and articleSince must be whole numbers of 0 or more.",
    );
  } catch (error) {
    return jsonErrorResponse(error, "error", "en", { "Cache-Control": "no-store" });
  }
  const { updates, etag } = await getLiveUpdates(context.services, query);
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return Response.json(updates, { headers });
}
