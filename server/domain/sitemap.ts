import { desc, eq } from "drizzle-orm";
import { TRUNCATE, truncate } from "../../core/text";
import { articles } from "../db/schema";
import type { Services } from "../services";
import { absolute, escapeXml } from "./xml-text";

/** What search engines read of the site: the sitemap and robots.txt. */

export type ChangeFrequency =
  "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export type SitemapEntry = {
  /** Site path and query, e.g. "/article?id=3" (escaped when written). */
  path: string;
  priority: number;
  changefreq?: ChangeFrequency;
  lastmod?: Date;
  image?: { path: string; caption: string };
};

/** The protocol's limit is 50,000 URLs per file; the fixed pages leave room under it. */
const MAX_SITEMAP_ARTICLES = 49_000;

/** Pages that exist regardless of the data. */
const STATIC_SITEMAP_ENTRIES: SitemapEntry[] = [
  { path: "/downloads", priority: 0.5, changefreq: "monthly" },
  { path: "/contact-us", priority: 0.3, changefreq: "yearly" },
  { path: "/privacy", priority: 0.3, changefreq: "yearly" },
  { path: "/terms-of-service", priority: 0.3, changefreq: "yearly" },
];

/** Public path of an uploaded article image, each segment URL-encoded. */
export function uploadPath(imageKey: string): string {
  return `/uploads/${imageKey.split("/").map(encodeURIComponent).join("/")}`;
}

/** Every URL the sitemap lists: home, the article list, each published article, static pages. */
export async function listSitemapEntries(services: Services): Promise<SitemapEntry[]> {
  const rows = await services.db
    .select({
      id: articles.id,
      title: articles.title,
      imageKey: articles.imageKey,
      createdAt: articles.createdAt,
    })
    .from(articles)
    .where(eq(articles.status, "published"))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(MAX_SITEMAP_ARTICLES);

  const articleEntries: SitemapEntry[] = rows.map((row) => ({
    path: `/article?id=${row.id}`,
    priority: 0.8,
    changefreq: "weekly",
    lastmod: row.createdAt,
    image: row.imageKey
      ? {
          path: uploadPath(row.imageKey),
          caption: truncate(row.title, TRUNCATE.sitemapImageCaption),
        }
      : undefined,
  }));

  return [
    { path: "/", priority: 1.0, changefreq: "daily" },
    { path: "/articles", priority: 0.9, changefreq: "daily", lastmod: rows[0]?.createdAt },
    ...articleEntries,
    ...STATIC_SITEMAP_ENTRIES,
  ];
}

/** A sitemaps.org 0.9 document with Google's image extension 1.1. */
export function buildSitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ];
  for (const entry of entries) {
    lines.push("  <url>");
    lines.push(`    <loc>${escapeXml(absolute(siteUrl, entry.path))}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${entry.lastmod.toISOString()}</lastmod>`);
    if (entry.changefreq) lines.push(`    <changefreq>${entry.changefreq}</changefreq>`);
    lines.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    if (entry.image) {
      lines.push("    <image:image>");
      lines.push(`      <image:loc>${escapeXml(absolute(siteUrl, entry.image.path))}</image:loc>`);
      lines.push(`      <image:caption>${escapeXml(entry.image.caption)}</image:caption>`);
      lines.push("    </image:image>");
    }
    lines.push("  </url>");
  }
  lines.push("</urlset>");
  return `${lines.join("\n")}\n`;
}

/** Paths that are per-user, redirects or machine endpoints: nothing for a search index there. */
const ROBOTS_DISALLOW = ["/go/", "/api/", "/auth/", "/dashboard"];

export function buildRobotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
