import { buildRobotsTxt } from "../../server/domain/catalog/sitemap";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(context.services.config.publicSiteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
