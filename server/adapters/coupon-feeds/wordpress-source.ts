import { load as loadHtml } from "cheerio";
import { valueAt, type PageFetcher } from "./api-source";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { isUdemyCourseUrl, unwrapCourseUrl } from "./course-links";
import { parseFoundAt } from "./dates-and-numbers";
import { FetchError, parseJsonBody } from "./http-fetch";
import { cleanFeedText } from "./normalise";
import { WORDPRESS_DEFAULTS, type WordPressSourceConfig } from "./source-config";
import type { FeedParseResult } from "./udemy-json";

/**
 * A coupon blog running WordPress, read through its REST API: pages of
 * `<site>/wp-json/wp/v2/<postType>?per_page=…&page=…` until an empty page, WordPress's 400 for a
 * page past the last (rest_post_invalid_page_number), or `maxPages`. One post is one coupon:
 * title from `title.rendered` (its HTML as sent, decoded at import), found-at from `date_gmt`, the course link from `linkField`, the
 * post's HTML or `linkTemplate` (an aggregator link the caller follows to Udemy).
 * A first page that is not a JSON list of posts means the site changed: the source fails.
 */
export async function loadWordPressSource(
  config: WordPressSourceConfig,
  options: { now: Date; get: PageFetcher },
): Promise<FeedParseResult> {
  const records: CouponRecord[] = [];
  const rejected: string[] = [];
  const { maxPages = WORDPRESS_DEFAULTS.maxPages, perPage = WORDPRESS_DEFAULTS.perPage } = config;
  for (let page = 1; page <= maxPages; page += 1) {
    let posts: unknown[];
    try {
      posts = readPosts(await options.get(postsUrl(config, page)));
    } catch (error) {
      if (page > 1 && error instanceof FetchError && error.status === 400) break;
      const message = `page ${page}: ${(error as Error).message}`;
      if (page === 1) throw new Error(message, { cause: error });
      rejected.push(message);
      break;
    }
    if (posts.length === 0) break;
    for (const [index, post] of posts.entries()) {
      const record = toCouponRecord(post, config, options.now);
      if (typeof record === "string") rejected.push(`page ${page} post ${index}: ${record}`);
      else records.push(record);
    }
    if (posts.length < perPage) break;
  }
  return { records, rejected };
}

export function postsUrl(config: WordPressSourceConfig, page: number): string {
  const postType = config.postType ?? WORDPRESS_DEFAULTS.postType;
  const url = new URL(`wp-json/wp/v2/${postType}`, config.url.replace(/\/*$/, "/"));
  for (const [name, value] of Object.entries(config.query ?? {})) url.searchParams.set(name, value);
  url.searchParams.set("per_page", String(config.perPage ?? WORDPRESS_DEFAULTS.perPage));
  url.searchParams.set("page", String(page));
  return url.toString();
}

function readPosts(body: string): unknown[] {
  const json = parseJsonBody(body);
  if (!Array.isArray(json)) {
    throw new Error("not a list of WordPress posts (format changed?)");
  }
  return json;
}

function renderedText(post: object, field: string): string | null {
  const value = valueAt(post, `${field}.rendered`);
  return typeof value === "string" ? value : null;
}

function toCouponRecord(
  post: unknown,
  config: WordPressSourceConfig,
  now: Date,
): CouponRecord | string {
  if (post === null || typeof post !== "object" || Array.isArray(post)) return "not a post";
  const titleHtml = renderedText(post, "title");
  if (titleHtml === null) return "no title.rendered";
  // Only read here to judge and name the post: the record keeps the HTML, which the importer
  // decodes once like every source's titles.
  const title = cleanFeedText(titleHtml);
  if (title === "") return "empty title";
  const link = findCourseLink(post, config);
  if (link === null) return `no course link in "${title.slice(0, 80)}"`;
  const date = valueAt(post, "date_gmt");
  return newCouponRecord({
    courseUrl: link,
    title: titleHtml,
    foundAt: parseFoundAt(typeof date === "string" ? date : null, now),
  });
}

/**
 * The course link: `linkField`, then the content's links (`linkSelector`, or every link) that
 * are or wrap a Udemy course URL; failing those, `linkTemplate`, or the first link the
 * configured selector matched, left for the caller to follow.
 */
function findCourseLink(post: object, config: WordPressSourceConfig): string | null {
  const candidates: string[] = [];
  const field = config.linkField ? valueAt(post, config.linkField) : undefined;
  if (typeof field === "string" && field.trim() !== "") candidates.push(field.trim());
  const content = renderedText(post, "content");
  const selected: string[] = [];
  if (content !== null) {
    const $ = loadHtml(content);
    $(config.linkSelector ?? "a[href]").each((_index, element) => {
      const href = $(element).attr("href")?.trim();
      if (href) selected.push(href);
    });
  }
  candidates.push(...selected);
  const direct = candidates.find((candidate) => isUdemyCourseUrl(unwrapCourseUrl(candidate)));
  if (direct) return direct;
  if (config.linkTemplate) return fillTemplate(config.linkTemplate, post);
  if (config.linkSelector && selected.length > 0) return selected[0]!;
  if (typeof field === "string" && field.trim() !== "") return field.trim();
  return null;
}

function fillTemplate(template: string, post: object): string | null {
  let missing = false;
  const filled = template.replace(/\{(id|slug)\}/g, (_match, key: string) => {
    const value = valueAt(post, key);
    if (typeof value !== "string" && typeof value !== "number") {
      missing = true;
      return "";
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}
