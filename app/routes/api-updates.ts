import { etagMatches, getLiveUpdates } from "../../server/domain/live-updates";
import { liveUpdatesQuerySchema } from "../../core/live-updates-query";
import type { Route } from "./+types/api-updates";

/**
 * GET /api/updates?courseSince=<id>&articleSince=<id> (SPEC §4 polling): new listed courses and
 * published articles since the given ids. Revalidate every time (no-cache) and answer 304 when
 * the page's ETag still holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = liveUpdatesQuerySchema.safeParse({
    courseSince: params.get("courseSince") ?? undefined,
    articleSince: params.get("articleSince") ?? undefined,
  });
  if (!query.success) {
    return Response.json(
      { error: { message: "courseSince and articleSince must be whole numbers of 0 or more." } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { updates, etag } = await getLiveUpdates(context.services, query.data);
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return Response.json(updates, { headers });
}
