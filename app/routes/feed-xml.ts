import { buildAtomFeed, listNewestCoursesForFeed } from "../../server/domain/catalog/course-feed";
import type { Route } from "./+types/feed-xml";

/** Category names are short; anything longer cannot match and is treated as unknown. */
const MAX_CATEGORY_LENGTH = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const type = new URL(request.url).searchParams.get("type")?.trim() ?? "";
  const category = type === "" ? null : type.slice(0, MAX_CATEGORY_LENGTH);
  const courses = await listNewestCoursesForFeed(services, { category });
  const xml = buildAtomFeed({
    siteUrl: services.config.publicSiteUrl,
    category,
    courses,
    now: services.clock.now(),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=1800",
    },
  });
}
