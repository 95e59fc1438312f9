import { stat } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { TRUNCATE, truncate } from "../../core/text";
import { articles, courses } from "../db/schema";
import { listedCondition } from "./catalog";
import type { Services } from "../services";

/**
 * What crawlers and feed readers see of the site: the sitemap, robots.txt, the Atom feed of
 * new courses, and where the Android app can be downloaded from. Pure builders are exported
 * beside the queries so the XML can be tested without a database.
 */

// ---------------------------------------------------------------------------------------------
// XML helpers

/** Characters XML 1.0 forbids outright (control characters other than tab, LF and CR). */
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for an XML element or attribute value; drops characters XML cannot carry. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (char) => {
    switch (char) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return "&apos;";
    }
  });
}

function absolute(siteUrl: string, sitePath: string): string {
  if (/^https?:\/\//i.test(sitePath)) return sitePath;
  return `${siteUrl}${sitePath.startsWith("/") ? "" : "/"}${sitePath}`;
}

function isoInstant(value: Date | string): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Sitemap

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

/** Pages that exist regardless of the data (SPEC §9 priorities). */
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

// ---------------------------------------------------------------------------------------------
// robots.txt

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

// ---------------------------------------------------------------------------------------------
// Atom feed of new courses

export const FEED_DEFAULT_LIMIT = 50;
export const FEED_TITLE = "Kursusku — new free courses";

/** A course as the feed shows it: deliberately without any coupon column. */
export type FeedCourse = {
  id: number;
  title: string;
  category: string;
  headline: string | null;
  date: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
};

/** The newest listed courses, optionally of one category (exact match), newest first. */
export async function listNewestCoursesForFeed(
  services: Services,
  options: { category?: string | null; limit?: number } = {},
): Promise<FeedCourse[]> {
  const limit = Math.max(1, Math.min(options.limit ?? FEED_DEFAULT_LIMIT, 200));
  const conditions = [listedCondition(services)];
  if (options.category) conditions.push(eq(courses.category, options.category));
  return services.db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      headline: courses.headline,
      date: courses.date,
      firstSeenAt: courses.firstSeenAt,
      lastSeenAt: courses.lastSeenAt,
    })
    .from(courses)
    .where(and(...conditions))
    .orderBy(desc(courses.date), desc(courses.firstSeenAt), desc(courses.id))
    .limit(limit);
}

/** Stable, site-unique entry ids (RFC 4151): they survive title changes and new coupons. */
function tagUri(siteUrl: string, specific: string): string {
  const host = new URL(siteUrl).hostname;
  return `tag:${host},2024:${specific}`;
}

export type AtomFeedInput = {
  siteUrl: string;
  /** Category the feed is filtered to, if any. */
  category?: string | null;
  courses: FeedCourse[];
  /** Used as the feed's `updated` when there are no entries. */
  now: Date;
};

export function feedTitle(category?: string | null): string {
  return category ? `${FEED_TITLE}: ${category}` : FEED_TITLE;
}

/** An Atom 1.0 (RFC 4287) document. Each entry links to the home page searching for the course. */
export function buildAtomFeed(input: AtomFeedInput): string {
  const { siteUrl, category } = input;
  const typeQuery = category ? `?type=${encodeURIComponent(category)}` : "";
  const selfUrl = `${siteUrl}/feed.xml${typeQuery}`;
  const homeUrl = `${siteUrl}/${typeQuery}`;
  const updated = input.courses.reduce(
    (latest, course) => (course.lastSeenAt > latest ? course.lastSeenAt : latest),
    input.courses.length > 0 ? new Date(0) : input.now,
  );

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(tagUri(siteUrl, category ? `courses:${encodeURIComponent(category)}` : "courses"))}</id>`,
    `  <title>${escapeXml(feedTitle(category))}</title>`,
    `  <subtitle>${escapeXml(
      category
        ? `Free ${category} courses with 100%-off coupons, refreshed every day.`
        : "Free online courses with 100%-off coupons, refreshed every day.",
    )}</subtitle>`,
    `  <updated>${isoInstant(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(homeUrl)}"/>`,
    `  <author><name>Kursusku</name><uri>${escapeXml(`${siteUrl}/`)}</uri></author>`,
    `  <icon>${escapeXml(`${siteUrl}/favicon.svg`)}</icon>`,
    `  <generator uri="${escapeXml(`${siteUrl}/`)}">Kursusku</generator>`,
  ];
  for (const course of input.courses) {
    const link = `${siteUrl}/?search=${encodeURIComponent(course.title)}`;
    lines.push("  <entry>");
    lines.push(`    <id>${escapeXml(tagUri(siteUrl, `course:${course.id}`))}</id>`);
    lines.push(`    <title type="text">${escapeXml(course.title)}</title>`);
    lines.push(`    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`);
    lines.push(`    <published>${isoInstant(course.firstSeenAt)}</published>`);
    lines.push(`    <updated>${isoInstant(course.lastSeenAt)}</updated>`);
    lines.push(
      `    <category term="${escapeXml(course.category)}" label="${escapeXml(course.category)}"/>`,
    );
    const summary = course.headline?.trim() || `A free ${course.category} course.`;
    lines.push(`    <summary type="text">${escapeXml(summary)}</summary>`);
    lines.push("  </entry>");
  }
  lines.push("</feed>");
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// Android app download

export const BUNDLED_APK_PATH = "/downloads/kursusku.apk";

export type ApkDownload = {
  href: string;
  source: "config" | "bundled";
  /** Size of the bundled file; unknown for an external URL. */
  sizeBytes: number | null;
};

/** Where the bundled APK may sit: the source public/ folder (dev) or the built client (prod). */
const BUNDLED_APK_LOCATIONS = ["public", "build/client"].map((dir) =>
  path.join(dir, ...BUNDLED_APK_PATH.split("/").filter(Boolean)),
);

/**
 * The APK to offer: APK_URL when configured, else the bundled file when it exists, else null
 * (the page then says the app is not available rather than showing a broken button).
 */
export async function findApkDownload(
  services: Services,
  options: { rootDir?: string } = {},
): Promise<ApkDownload | null> {
  const configured = services.config.site.apkUrl;
  if (configured) return { href: configured, source: "config", sizeBytes: null };
  const rootDir = options.rootDir ?? process.cwd();
  for (const location of BUNDLED_APK_LOCATIONS) {
    try {
      const info = await stat(path.join(rootDir, location));
      if (info.isFile() && info.size > 0) {
        return { href: BUNDLED_APK_PATH, source: "bundled", sizeBytes: info.size };
      }
    } catch {
      // Not there: try the next location.
    }
  }
  return null;
}
