import { buildSitemapXml, listSitemapEntries } from "../../server/domain/sitemap";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const entries = await listSitemapEntries(services);
  return new Response(buildSitemapXml(services.config.publicSiteUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
