import type { CouponRecord } from "./coupon-record";
import { couponCodeFromUrl, unwrapCourseUrl } from "./course-links";
import {
  parseExpiresAt,
  parseFoundAt,
  parseLooseInteger,
  parseLooseNumber,
} from "./dates-and-numbers";
import { parseJsonBody } from "./http-fetch";
import type { ApiSourceConfig, ApiTargetField } from "./source-config";
import type { FeedParseResult } from "./udemy-json";

/** GETs `url`, or POSTs `json` to it. */
export type PageFetcher = (url: string, json?: unknown) => Promise<string>;

/**
 * A paginated JSON API: pages `firstPage`, `firstPage + 1`, … with the page and limit
 * parameters set, until a page is empty, `maxPages` pages were read, or the API sends the same
 * page again (it ignores the page parameter). A failing first page fails the source; a failing
 * later page keeps what came before and is reported. With `body` the parameters go into that
 * JSON object, POSTed; with `pageIsOffset` the page parameter counts items, not pages.
 */
export async function loadApiSource(
  config: ApiSourceConfig,
  options: { now: Date; get: PageFetcher },
): Promise<FeedParseResult> {
  const records: CouponRecord[] = [];
  const rejected: string[] = [];
  let previousFirstItem: string | null = null;
  for (let offset = 0; offset < config.maxPages; offset += 1) {
    const page = config.firstPage + offset;
    const url = new URL(config.url);
    for (const [name, value] of Object.entries(config.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const paging: Record<string, number> = {
      [config.pageParam]: config.pageIsOffset ? offset * config.pageSize : page,
    };
    if (config.limitParam !== null) paging[config.limitParam] = config.pageSize;
    if (!config.body) {
      for (const [name, value] of Object.entries(paging)) url.searchParams.set(name, String(value));
    }
    let items: unknown[];
    try {
      const answer = config.body
        ? await options.get(url.toString(), { ...config.body, ...paging })
        : await options.get(url.toString());
      items = readItems(answer, config.itemsPath);
    } catch (error) {
      const message = `page ${page}: ${(error as Error).message}`;
      if (offset === 0) throw new Error(message, { cause: error });
      rejected.push(message);
      break;
    }
    if (items.length === 0) break;
    const firstItem = JSON.stringify(items[0]);
    if (firstItem === previousFirstItem) break;
    previousFirstItem = firstItem;
    for (const [index, item] of items.entries()) {
      if (isSkipped(item, config.skipWhen)) continue;
      const notFree = config.freeWhenZero ? notFreeReason(item, config.freeWhenZero) : null;
      if (notFree) {
        rejected.push(`page ${page} item ${index}: ${notFree}`);
        continue;
      }
      const record = toCouponRecord(item, config, options.now);
      if (typeof record === "string") rejected.push(`page ${page} item ${index}: ${record}`);
      else records.push(record);
    }
  }
  return { records, rejected };
}

/** A sponsored slot or other non-coupon item, by the values `skipWhen` names. */
function isSkipped(item: unknown, skipWhen: Record<string, string[]> | undefined): boolean {
  if (!skipWhen) return false;
  return Object.entries(skipWhen).some(([path, values]) => {
    const value = text(valueAt(item, path));
    return value !== null && values.some((marker) => marker.toLowerCase() === value.toLowerCase());
  });
}

/**
 * Why an item is not a free coupon: its price field is missing, unreadable or above 0 (a
 * discount that is not 100 % off). Null when the price is 0.
 */
function notFreeReason(item: unknown, field: string): string | null {
  const raw = valueAt(item, field);
  if (parseLooseNumber(raw) === 0) return null;
  return `not free: ${field} is ${JSON.stringify(raw ?? null).slice(0, 40)}`;
}

function readItems(body: string, itemsPath: string): unknown[] {
  const json = parseJsonBody(body);
  const items = valueAt(json, itemsPath);
  if (!Array.isArray(items)) {
    throw new Error(`no list at "${itemsPath || "(the page)"}" (format changed?)`);
  }
  return items;
}

/** `a.b.0.c` into objects and arrays; "" is the value itself. */
export function valueAt(value: unknown, path: string): unknown {
  if (path === "") return value;
  let current = value;
  for (const segment of path.split(".")) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (current !== null && typeof current === "object" && !Array.isArray(current)) {
      current = Object.hasOwn(current, segment)
        ? (current as Record<string, unknown>)[segment]
        : undefined;
    } else return undefined;
  }
  return current;
}

function text(value: unknown): string | null {
  if (Array.isArray(value)) return text(value.find((entry) => text(entry) !== null));
  if (typeof value !== "string" && typeof value !== "number") return null;
  const trimmed = String(value).trim();
  return trimmed === "" || trimmed === "null" ? null : trimmed;
}

/** `courseUrlTemplate` with each `{path}` replaced by that field of the item; null if one is empty. */
function fillTemplate(template: string, item: unknown): string | null {
  let missing = false;
  const filled = template.replace(/\{([^{}]+)\}/g, (_whole, path: string) => {
    const value = text(valueAt(item, path));
    if (value === null) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : filled;
}

function toCouponRecord(
  item: unknown,
  config: Pick<ApiSourceConfig, "fieldMap" | "courseUrlTemplate">,
  now: Date,
): CouponRecord | string {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return "not an object";
  const values: Partial<Record<ApiTargetField, unknown>> = {};
  for (const [theirs, ours] of Object.entries(config.fieldMap)) {
    const value = valueAt(item, theirs);
    if (value !== undefined && value !== null && values[ours] === undefined) values[ours] = value;
  }
  if (values.courseUrl === undefined && config.courseUrlTemplate) {
    values.courseUrl = fillTemplate(config.courseUrlTemplate, item);
  }
  const rawUrl = text(values.courseUrl);
  if (!rawUrl) return "missing courseUrl";
  const title = text(values.title);
  if (!title) return "missing title";
  const courseUrl = unwrapCourseUrl(rawUrl);
  return {
    courseUrl,
    couponCode: text(values.couponCode) ?? couponCodeFromUrl(courseUrl),
    title,
    category: text(values.category),
    subCategory: text(values.subCategory),
    language: text(values.language),
    level: text(values.level),
    instructor: text(values.instructor),
    headline: text(values.headline),
    description: text(values.description),
    imageUrl: text(values.imageUrl),
    durationMinutes: parseLooseInteger(values.durationMinutes),
    udemyRating: parseLooseNumber(values.udemyRating),
    udemyReviews: parseLooseInteger(values.udemyReviews),
    students: parseLooseInteger(values.students),
    usesRemaining: parseLooseInteger(values.usesRemaining),
    expiresAt: parseExpiresAt(text(values.expiresAt)),
    foundAt: parseFoundAt(text(values.foundAt), now),
  };
}
