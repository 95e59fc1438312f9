import { load as loadHtml, type CheerioAPI } from "cheerio";
import { valueAt, type PageFetcher } from "./api-source";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { asFeedHtml } from "./normalise";
import { HTML_DEFAULTS, type HtmlSourceConfig } from "./source-config";
import type { FeedParseResult } from "./udemy-json";

/**
 * A coupon site published only as HTML: list pages (`{page}` in the URL) whose `itemSelector`
 * links lead to detail pages; at most `maxDetailPages` of those are read, each giving the link
 * to the course (`linkSelector`, followed to Udemy by the caller when it is an aggregator's) and
 * the title (`titleSelector`, else the list link's title, image alt or text; in HTML form, decoded
 * at import). With `detailIsLink` the detail URL is
 * itself that link (a redirect) and is left to the caller to follow. Selectors that match
 * nothing on the first list page, or on every detail page, mean the site changed: the source
 * fails. A list may need a token that a first page hands out (`token`), and may come as HTML
 * inside a JSON answer (`listJsonField`).
 */
export async function loadHtmlSource(
  source: HtmlSourceConfig,
  options: { now: Date; get: PageFetcher },
): Promise<FeedParseResult> {
  const config = withDefaults(source);
  const rejected: string[] = [];
  const items = await readListPages(config, options.get, rejected);
  if (config.detailIsLink) return linksFromList(items, config, rejected, options.now);
  const linkSelector = config.linkSelector;
  if (linkSelector === undefined) throw new Error("an html source needs linkSelector");
  const records: CouponRecord[] = [];
  let linksFound = 0;
  let detailFailures = 0;
  for (const item of items.slice(0, config.maxDetailPages)) {
    let html: string;
    try {
      html = await options.get(item.detailUrl);
    } catch (error) {
      detailFailures += 1;
      rejected.push(`${item.detailUrl}: ${(error as Error).message}`);
      continue;
    }
    const $ = loadHtml(html);
    const href = $(linkSelector).first().attr("href")?.trim();
    if (!href) {
      rejected.push(`${item.detailUrl}: no link matches "${linkSelector}"`);
      continue;
    }
    linksFound += 1;
    const title = (config.titleSelector ? titleOn($, config.titleSelector) : "") || item.title;
    if (!title) {
      rejected.push(`${item.detailUrl}: no title`);
      continue;
    }
    let link: string;
    try {
      link = new URL(href, item.detailUrl).href;
    } catch {
      rejected.push(`${item.detailUrl}: unreadable link "${href.slice(0, 80)}"`);
      continue;
    }
    records.push(toCouponRecord(link, title, options.now));
  }
  const read = Math.min(items.length, config.maxDetailPages) - detailFailures;
  if (read > 0 && linksFound === 0) {
    throw new Error(`no detail page has a link matching "${linkSelector}" (format changed?)`);
  }
  noteSkipped(items, config, rejected);
  return { records, rejected };
}

/** Each list item's (rewritten) link is the way to the course: no detail page is fetched. */
function linksFromList(
  items: ListItem[],
  config: ResolvedHtmlConfig,
  rejected: string[],
  now: Date,
): FeedParseResult {
  const records = items
    .slice(0, config.maxDetailPages)
    .filter((item) => {
      if (item.title) return true;
      rejected.push(`${item.detailUrl}: no title`);
      return false;
    })
    .map((item) => toCouponRecord(item.detailUrl, item.title, now));
  noteSkipped(items, config, rejected);
  return { records, rejected };
}

function noteSkipped(items: ListItem[], config: ResolvedHtmlConfig, rejected: string[]): void {
  if (items.length > config.maxDetailPages) {
    rejected.push(
      `${items.length - config.maxDetailPages} item(s) not read (maxDetailPages ${config.maxDetailPages})`,
    );
  }
}

/** A detail page's title: the element's text, or a `<meta>`'s content (og:title). */
function titleOn($: CheerioAPI, selector: string): string {
  const element = $(selector).first();
  return textOf(element.is("meta") ? (element.attr("content") ?? "") : element.text());
}

type ListItem = { detailUrl: string; title: string };

type ResolvedHtmlConfig = HtmlSourceConfig &
  Required<Pick<HtmlSourceConfig, keyof typeof HTML_DEFAULTS | "itemSelector">>;

function withDefaults(config: HtmlSourceConfig): ResolvedHtmlConfig {
  const { itemSelector } = config;
  // parseIngestSources requires it; a config built in code without it is a programming error.
  if (itemSelector === undefined) throw new Error("an html source needs itemSelector");
  return {
    ...config,
    firstPage: config.firstPage ?? HTML_DEFAULTS.firstPage,
    maxPages: config.maxPages ?? HTML_DEFAULTS.maxPages,
    maxDetailPages: config.maxDetailPages ?? HTML_DEFAULTS.maxDetailPages,
    itemSelector,
  };
}

async function readListPages(
  config: ResolvedHtmlConfig,
  get: PageFetcher,
  rejected: string[],
): Promise<ListItem[]> {
  const items: ListItem[] = [];
  const seen = new Set<string>();
  const paged = config.url.includes("{page}");
  const pages = paged ? config.maxPages : 1;
  const listUrl = config.token
    ? config.url.replaceAll("{token}", encodeURIComponent(await readToken(config.token, get)))
    : config.url;
  for (let offset = 0; offset < pages; offset += 1) {
    const page = config.firstPage + offset;
    const url = listUrl.replaceAll("{page}", String(page));
    let html: string;
    try {
      const answer = await get(url);
      html = config.listJsonField ? htmlInJson(answer, config.listJsonField) : answer;
    } catch (error) {
      const message = `list page ${page}: ${(error as Error).message}`;
      if (offset === 0) throw new Error(message, { cause: error });
      rejected.push(message);
      break;
    }
    const $ = loadHtml(html);
    const found: ListItem[] = [];
    $(config.itemSelector).each((_index, element) => {
      const href = $(element).attr("href")?.trim();
      if (!href) return;
      let detailUrl: string;
      try {
        detailUrl = rewriteDetailUrl(new URL(href, url).href, config);
      } catch {
        return;
      }
      if (seen.has(detailUrl)) return;
      seen.add(detailUrl);
      found.push({ detailUrl, title: listTitle($(element)) });
    });
    if (found.length === 0) {
      if (offset === 0) {
        throw new Error(
          `list page ${page}: no links match "${config.itemSelector}" (format changed?)`,
        );
      }
      break;
    }
    items.push(...found);
    if (items.length >= config.maxDetailPages) break;
  }
  return items;
}

/** What a token may be: anything else is not put into an address. */
const TOKEN_VALUE = /^[\w-]{1,128}$/;

/** The token a first page hands out (the first group of `pattern` on that page). */
async function readToken(
  token: NonNullable<HtmlSourceConfig["token"]>,
  get: PageFetcher,
): Promise<string> {
  let page: string;
  try {
    page = await get(token.url);
  } catch (error) {
    throw new Error(`token page: ${(error as Error).message}`, { cause: error });
  }
  const value = new RegExp(token.pattern).exec(page)?.[1];
  if (value === undefined || !TOKEN_VALUE.test(value)) {
    throw new Error(`token page: no token matches "${token.pattern}" (format changed?)`);
  }
  return value;
}

/** The list's HTML from a JSON answer's field (never quoting the answer). */
function htmlInJson(answer: string, field: string): string {
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    throw new Error(`not JSON, so no "${field}" field (format changed?)`);
  }
  const html = valueAt(json, field);
  if (typeof html !== "string") {
    throw new Error(`no "${field}" text in the JSON answer (format changed?)`);
  }
  return html;
}

function rewriteDetailUrl(url: string, config: HtmlSourceConfig): string {
  if (config.detailUrlPattern === undefined) return url;
  return url.replace(new RegExp(config.detailUrlPattern), config.detailUrlReplacement ?? "");
}

/**
 * A list link's title: its `title` attribute, else its image's `alt` (a card whose text mixes
 * rating, price and title), else its text.
 */
function listTitle(link: ReturnType<CheerioAPI>): string {
  return (
    textOf(link.attr("title") ?? "") ||
    textOf(link.find("img[alt]").first().attr("alt") ?? "") ||
    textOf(link.text())
  );
}

/**
 * Cheerio has decoded the page's entities once; the record's title goes back in HTML form, as
 * the site wrote it, because the importer decodes every source's titles once (cleanFeedText).
 */
function textOf(decoded: string): string {
  return asFeedHtml(decoded.replace(/\s+/g, " ").trim());
}

function toCouponRecord(courseUrl: string, title: string, now: Date): CouponRecord {
  return newCouponRecord({ courseUrl, title, foundAt: now });
}
