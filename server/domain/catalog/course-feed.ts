import { and, desc, eq, type SQL } from "drizzle-orm";
import { coursePath } from "../../../core/course-paths";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "./catalog";
import { escapeXml, isoInstant } from "./xml-text";

/** The Atom feed of new courses (all, or one category) for feed readers. */

export const FEED_DEFAULT_LIMIT = 50;
export const FEED_TITLE = "Kursusku — new free courses";

/** A course as the feed shows it: deliberately without any coupon column. */
export type FeedCourse = {
  id: number;
  slug: string;
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
  return selectFeedCourses(services, conditions, limit);
}

/** The listed courses matching `conditions`, newest first, with what a feed entry shows. */
export function selectFeedCourses(
  services: Services,
  conditions: SQL[],
  limit = FEED_DEFAULT_LIMIT,
): Promise<FeedCourse[]> {
  return services.db
    .select({
      id: courses.id,
      slug: courses.slug,
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
  /** Another feed of courses (a saved search's): its own id, title and addresses. */
  feed?: FeedIdentity;
};

export type FeedIdentity = {
  /** Site-unique, stable part of the feed's tag URI. */
  specific: string;
  title: string;
  subtitle: string;
  selfUrl: string;
  homeUrl: string;
};

export function feedTitle(category?: string | null): string {
  return category ? `${FEED_TITLE}: ${category}` : FEED_TITLE;
}

/** An Atom 1.0 (RFC 4287) document. Each entry links to the course's page. */
export function buildAtomFeed(input: AtomFeedInput): string {
  const { siteUrl, category } = input;
  const typeQuery = category ? `?type=${encodeURIComponent(category)}` : "";
  const feed: FeedIdentity = input.feed ?? {
    specific: category ? `courses:${encodeURIComponent(category)}` : "courses",
    title: feedTitle(category),
    subtitle: category
      ? `Free ${category} courses with 100%-off coupons, refreshed every day.`
      : "Free online courses with 100%-off coupons, refreshed every day.",
    selfUrl: `${siteUrl}/feed.xml${typeQuery}`,
    homeUrl: `${siteUrl}/${typeQuery}`,
  };
  const updated = input.courses.reduce(
    (latest, course) => (course.lastSeenAt > latest ? course.lastSeenAt : latest),
    input.courses.length > 0 ? new Date(0) : input.now,
  );

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(tagUri(siteUrl, feed.specific))}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <updated>${isoInstant(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.homeUrl)}"/>`,
    `  <author><name>Kursusku</name><uri>${escapeXml(`${siteUrl}/`)}</uri></author>`,
    `  <icon>${escapeXml(`${siteUrl}/favicon.svg`)}</icon>`,
    `  <generator uri="${escapeXml(`${siteUrl}/`)}">Kursusku</generator>`,
  ];
  for (const course of input.courses) {
    const link = `${siteUrl}${coursePath(course.slug)}`;
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
