import { listSitemapEntries, sitemapDocument } from "../../server/domain/catalog/sitemap";
import type { Route } from "./+types/sitemap-xml";

/** GET /sitemap.xml — one file, or past 50 000 URLs an index of /sitemap.xml?page=N files. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const entries = await listSitemapEntries(services);
  const page = new URL(request.url).searchParams.get("page");
  const xml = sitemapDocument(services.config.publicSiteUrl, entries, page);
  if (xml === null) {
    return new Response("No such sitemap file.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
