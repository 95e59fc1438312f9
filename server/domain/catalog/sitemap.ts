import { asc, desc, eq } from "drizzle-orm";
import { coursePath } from "../../../core/course-paths";
import { BASE_LOCALE, LOCALES, localizedHref } from "../../../core/locale";
import { TRUNCATE, truncate } from "../../../core/text";
import { articles, courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "./catalog";
import { absolute, escapeXml } from "./xml-text";

/** What search engines read of the site: the sitemap and robots.txt. */

export type ChangeFrequency =
  "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export type SitemapEntry = {
  /** Site path and query, e.g. "/article?id=3" (escaped when written). */
  path: string;
  priority: number;
  changefreq?: ChangeFrequency;
  /** An instant, or a day (YYYY-MM-DD) when only the day is known. */
  lastmod?: Date | string;
  image?: { path: string; caption: string };
  /** The same page in every language (hreflang → path), itself included. */
  alternates?: Array<{ hreflang: string; path: string }>;
};

/** The protocol's limit per file: a longer sitemap becomes an index of files this long. */
export const SITEMAP_MAX_URLS = 50_000;
/** Articles listed at most (a bound on one query; courses come on top). */
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

/**
 * Every URL the sitemap lists: home, the article list, each published article, static pages and
 * the page of every listed course (a course without a live coupon is not indexed).
 */
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

  // In id order, so a course keeps its place (and its file of a split sitemap) between reads.
  const listed = await services.db
    .select({ slug: courses.slug, date: courses.date })
    .from(courses)
    .where(listedCondition(services))
    .orderBy(asc(courses.id));
  const courseEntries: SitemapEntry[] = listed.map((course) => ({
    path: coursePath(course.slug),
    priority: 0.7,
    // The day its current coupon was found: what changed on the page.
    lastmod: course.date,
  }));

  return [
    { path: "/", priority: 1.0, changefreq: "daily" },
    { path: "/articles", priority: 0.9, changefreq: "daily", lastmod: rows[0]?.createdAt },
    ...articleEntries,
    ...STATIC_SITEMAP_ENTRIES,
    ...courseEntries,
  ];
}

/**
 * The document /sitemap.xml?page=… answers: every entry in one file while they fit; past the
 * protocol's 50 000 URLs, an index of numbered files (`page` absent) or one of those files.
 * Null for a file that does not exist.
 */
export function sitemapDocument(
  siteUrl: string,
  entries: SitemapEntry[],
  page: string | null,
  maxUrls = SITEMAP_MAX_URLS,
): string | null {
  const urls = inEveryLanguage(entries);
  const files = Math.max(1, Math.ceil(urls.length / maxUrls));
  if (page === null) {
    return files === 1 ? buildSitemapXml(siteUrl, urls) : buildSitemapIndexXml(siteUrl, files);
  }
  const number = /^\d{1,6}$/.test(page) ? Number(page) : 0;
  if (number < 1 || number > files) return null;
  return buildSitemapXml(siteUrl, urls.slice((number - 1) * maxUrls, number * maxUrls));
}

/**
 * Each page once per language, side by side, every copy naming all of them and English as the
 * x-default (the address a visitor of any other language lands on), as search engines ask.
 */
export function inEveryLanguage(entries: SitemapEntry[]): SitemapEntry[] {
  return entries.flatMap((entry) => {
    const paths = LOCALES.map((locale) => localizedHref(locale, entry.path));
    const alternates = [
      ...LOCALES.map((locale, index) => ({ hreflang: locale, path: paths[index]! })),
      { hreflang: "x-default", path: paths[LOCALES.indexOf(BASE_LOCALE)]! },
    ];
    return paths.map((path) => ({ ...entry, path, alternates }));
  });
}

/** A sitemaps.org index naming /sitemap.xml?page=1…files. */
export function buildSitemapIndexXml(siteUrl: string, files: number): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ];
  for (let file = 1; file <= files; file += 1) {
    lines.push(
      `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemap.xml?page=${file}`)}</loc></sitemap>`,
    );
  }
  lines.push("</sitemapindex>");
  return `${lines.join("\n")}\n`;
}

/** A sitemaps.org 0.9 document with Google's image extension 1.1 and xhtml:link alternates. */
export function buildSitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  // The languages of one page share their alternates: written once, used for each.
  const alternatesXml = new Map<SitemapEntry["alternates"], string[]>();
  for (const entry of entries) {
    lines.push("  <url>");
    lines.push(`    <loc>${escapeXml(absolute(siteUrl, entry.path))}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${lastmodText(entry.lastmod)}</lastmod>`);
    if (entry.changefreq) lines.push(`    <changefreq>${entry.changefreq}</changefreq>`);
    lines.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    if (entry.alternates) {
      let written = alternatesXml.get(entry.alternates);
      if (!written) {
        written = entry.alternates.map(
          (alternate) =>
            `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(absolute(siteUrl, alternate.path))}"/>`,
        );
        alternatesXml.set(entry.alternates, written);
      }
      lines.push(...written);
    }
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

/** W3C Datetime: a full instant, or just the day. */
function lastmodText(lastmod: Date | string): string {
  return typeof lastmod === "string" ? lastmod : lastmod.toISOString();
}

/** Paths that are per-user, redirects or machine endpoints: nothing for a search index there. */
const ROBOTS_DISALLOW = ["/go/", "/api/", "/auth/", "/dashboard", "/id/dashboard"];

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
