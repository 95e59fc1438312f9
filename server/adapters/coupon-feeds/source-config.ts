import { load as cheerioLoad } from "cheerio";
import { z } from "zod";
import { UTC_OFFSET_PATTERN } from "../../../core/dates";
import { SOURCE_COURSE_FACTS, type CouponRecord } from "./coupon-record";
import { expandPresetEntries } from "./presets";

/**
 * INGEST_SOURCES: a JSON list of coupon sources, each `{ kind, name, url, … }`:
 * - "json": a feed in the udemy-coupons shape (snapshots, one snapshot, or a bare array);
 * - "api":  a paginated JSON API; `fieldMap` maps their field names (dotted paths allowed) to
 *           ours, `itemsPath` says where the list sits in a page ("" = the page is the list);
 * - "rss":  an RSS or Atom feed whose items lead to Udemy course URLs with a couponCode;
 * - "wordpress": a WordPress site's REST API (`/wp-json/wp/v2/<postType>`), one coupon a post;
 * - "html": list pages (CSS selectors) leading to a bounded number of detail pages, each holding
 *           the link to the course.
 * Every kind takes `headers` (see SOURCE_HEADER_NAMES), sent on each of the source's requests.
 * An entry may also be a preset's name, or `{ "preset": name, …overrides }` (see presets.ts).
 */
export const API_TARGET_FIELDS = [
  "courseUrl",
  "couponCode",
  ...SOURCE_COURSE_FACTS,
  "foundAt",
] as const satisfies ReadonlyArray<keyof CouponRecord>;

export type ApiTargetField = (typeof API_TARGET_FIELDS)[number];

/** Names the runs themselves use in ingest_runs.source. */
const RESERVED_NAMES = new Set(["all", "demo", "expiry", "file"]);

const sourceName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,62}$/i,
    "must be 1-63 letters, digits, dots, dashes or underscores",
  )
  .refine((name) => !RESERVED_NAMES.has(name.toLowerCase()), "is a reserved name");

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/** Set by the preset expansion: the preset a source came from, for the start-up log. */
const presetName = z.string().max(63).optional();

/** Fixed query parameters added to every request (filters such as store=Udemy). */
const queryParameters = z
  .record(z.string().min(1).max(40), z.string().max(200))
  .refine((query) => Object.keys(query).length <= 20, "at most 20 query parameters")
  .optional();

/**
 * Request headers a site needs to answer (Real Discount wants its own referer and a browser's
 * user-agent), sent on every request of the source. Only these names: a source must never
 * carry credentials (cookie, authorization) or steer the connection (host).
 */
export const SOURCE_HEADER_NAMES = [
  "referer",
  "user-agent",
  "accept",
  "accept-language",
  "origin",
  "x-requested-with",
] as const;

const ALLOWED_HEADERS = new Set<string>(SOURCE_HEADER_NAMES);

const requestHeaders = z
  .record(
    z.string().min(1).max(40),
    z
      .string()
      .min(1)
      .max(500)
      .regex(/^[\x20-\x7e]+$/, "must be one line of printable ASCII"),
  )
  .superRefine((headers, context) => {
    for (const name of Object.keys(headers)) {
      if (ALLOWED_HEADERS.has(name.toLowerCase())) continue;
      context.addIssue({
        code: "custom",
        path: [name],
        message: `is not a header a source may send (allowed: ${SOURCE_HEADER_NAMES.join(", ")})`,
      });
    }
  })
  .transform((headers) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  )
  .optional();

/** A CSS selector cheerio understands; checked at start-up so a typo fails there. */
const cssSelector = z
  .string()
  .min(1)
  .max(300)
  .refine(isValidSelector, "is not a valid CSS selector");

const jsonSource = z.strictObject({
  kind: z.literal("json"),
  name: sourceName,
  preset: presetName,
  headers: requestHeaders,
  url: httpUrl,
  /** UTC offset of the feed's zone-less update_time values, e.g. "+01:00"; default UTC. */
  updateTimeOffset: z.string().regex(UTC_OFFSET_PATTERN).optional(),
});

const apiSource = z
  .strictObject({
    kind: z.literal("api"),
    name: sourceName,
    preset: presetName,
    headers: requestHeaders,
    url: httpUrl,
    query: queryParameters,
    pageParam: z.string().min(1).max(40).default("page"),
    /** null: the API takes no page size (it answers `pageSize` items a page on its own). */
    limitParam: z.string().min(1).max(40).nullable().default("limit"),
    pageSize: z.number().int().min(1).max(1000).default(50),
    /** The page parameter counts the items before the page (0, pageSize, …), not pages. */
    pageIsOffset: z.boolean().optional(),
    /**
     * A JSON object to POST, with the page and limit parameters added to it, instead of a GET
     * with them in the query (e.g. Courson's `{ "filters": {} }`).
     */
    body: z.record(z.string().min(1).max(40), z.json()).optional(),
    firstPage: z.number().int().min(0).max(1).default(1),
    maxPages: z.number().int().min(1).max(500).default(20),
    itemsPath: z.string().max(100).default(""),
    fieldMap: z.record(z.string().min(1).max(100), z.enum(API_TARGET_FIELDS)),
    /**
     * The course's address built from the item's fields, when no field holds it: `{path}` is
     * replaced by that field, e.g. "https://www.udemy.com/course/{id_name}/".
     */
    courseUrlTemplate: z.string().url().max(200).optional(),
    /**
     * Items that are not coupons (a site's sponsored slots): a field path and the values that
     * mark them, e.g. `{ "store": ["Sponsored"] }`. They are dropped before any link is followed.
     */
    skipWhen: z
      .record(z.string().min(1).max(100), z.array(z.string().max(100)).min(1).max(20))
      .optional(),
    /** A price field that must be 0 for the coupon to be free (e.g. `sale_price`); else rejected. */
    freeWhenZero: z.string().min(1).max(100).optional(),
  })
  .refine(
    (source) =>
      (Object.values(source.fieldMap).includes("courseUrl") || source.courseUrlTemplate) &&
      Object.values(source.fieldMap).includes("title"),
    {
      message:
        "fieldMap must map some field to courseUrl and to title (courseUrl may come from courseUrlTemplate instead)",
      path: ["fieldMap"],
    },
  );

const rssSource = z.strictObject({
  kind: z.literal("rss"),
  name: sourceName,
  preset: presetName,
  headers: requestHeaders,
  url: httpUrl,
});

/*
 * The options of the kinds below are optional in the type (defaults are applied where they are
 * read, see WORDPRESS_DEFAULTS and HTML_DEFAULTS) so that `{ kind, name, url }` stays a valid
 * SourceConfig shape for every kind; what a kind cannot do without is required by a refinement.
 */
export const WORDPRESS_DEFAULTS = { postType: "posts", perPage: 50, maxPages: 3 } as const;

const wordpressSource = z.strictObject({
  kind: z.literal("wordpress"),
  name: sourceName,
  preset: presetName,
  headers: requestHeaders,
  /** The site's root: posts are read from `<url>/wp-json/wp/v2/<postType>`. */
  url: httpUrl,
  postType: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, "must be a WordPress post type such as posts")
    .optional(),
  /** Filters such as `{ "categories": "55" }` or `{ "search": "udemy" }`. */
  query: queryParameters,
  perPage: z.number().int().min(1).max(100).optional(),
  maxPages: z.number().int().min(1).max(50).optional(),
  /** A field of the post (dotted path) holding the course link, tried before the content. */
  linkField: z.string().min(1).max(100).optional(),
  /** Links in `content.rendered` that may lead to the course; default every `a[href]`. */
  linkSelector: cssSelector.optional(),
  /**
   * When the post names no course link: an aggregator link built from the post, e.g.
   * `https://site/udemy/{id}/` (`{id}`, `{slug}` are replaced), then followed to Udemy.
   */
  linkTemplate: z.string().max(300).optional(),
});

export const HTML_DEFAULTS = { firstPage: 1, maxPages: 3, maxDetailPages: 20 } as const;

const htmlSource = z
  .strictObject({
    kind: z.literal("html"),
    name: sourceName,
    preset: presetName,
    headers: requestHeaders,
    /**
     * A list page; `{page}` in it is replaced by the page number, `{token}` by the token below.
     */
    url: httpUrl,
    /**
     * A value the list's address needs that a first page hands out to every visitor (such as a
     * WordPress plugin's public nonce): `url` is read once a run, and the first group of
     * `pattern` (letters, digits, `_` or `-` only) replaces `{token}` in the list's address.
     */
    token: z.strictObject({ url: httpUrl, pattern: z.string().min(1).max(300) }).optional(),
    /**
     * The list page is JSON, and this field of it (dotted path) holds the list's HTML (an
     * `admin-ajax.php` answer such as `{ "content": "<div>…" }`).
     */
    listJsonField: z.string().min(1).max(100).optional(),
    firstPage: z.number().int().min(0).max(1).optional(),
    maxPages: z.number().int().min(1).max(20).optional(),
    /** Links on a list page to the detail pages (required); their text is the fallback title. */
    itemSelector: cssSelector.optional(),
    /** Rewrites a detail-page URL (regular expression and replacement, `$1` …). */
    detailUrlPattern: z.string().min(1).max(300).optional(),
    detailUrlReplacement: z.string().max(300).optional(),
    maxDetailPages: z.number().int().min(1).max(100).optional(),
    /**
     * The (rewritten) detail URL is itself the link to the course, a redirect such as
     * `/out/<slug>`: it is never fetched as a page but followed like any aggregator link.
     */
    detailIsLink: z.boolean().optional(),
    /** The link on a detail page that leads to the course, directly or via redirects. */
    linkSelector: cssSelector.optional(),
    /**
     * The course title on a detail page (its text, or `content` for a `<meta>`); without it (or
     * no match) the list link's `title`, image `alt` or text.
     */
    titleSelector: cssSelector.optional(),
  })
  .refine((source) => source.itemSelector !== undefined, {
    message: "is required for an html source",
    path: ["itemSelector"],
  })
  .refine((source) => source.linkSelector !== undefined || source.detailIsLink === true, {
    message: "is required for an html source whose detail pages are pages (detailIsLink unset)",
    path: ["linkSelector"],
  })
  .refine((source) => isValidPattern(source.detailUrlPattern), {
    message: "is not a valid regular expression",
    path: ["detailUrlPattern"],
  })
  .refine((source) => source.token === undefined || hasCaptureGroup(source.token.pattern), {
    message: "must be a valid regular expression with a group that captures the token",
    path: ["token", "pattern"],
  })
  .refine((source) => (source.token !== undefined) === source.url.includes("{token}"), {
    message: "a token goes with {token} in url, and {token} in url needs a token",
    path: ["url"],
  })
  .refine(
    (source) =>
      (source.detailUrlPattern === undefined) === (source.detailUrlReplacement === undefined),
    {
      message: "detailUrlPattern and detailUrlReplacement go together",
      path: ["detailUrlReplacement"],
    },
  );

export const sourceConfigSchema = z.discriminatedUnion("kind", [
  jsonSource,
  apiSource,
  rssSource,
  wordpressSource,
  htmlSource,
]);

export type SourceConfig = z.infer<typeof sourceConfigSchema>;
export type JsonSourceConfig = z.infer<typeof jsonSource>;
export type ApiSourceConfig = z.infer<typeof apiSource>;
export type RssSourceConfig = z.infer<typeof rssSource>;
export type WordPressSourceConfig = z.infer<typeof wordpressSource>;
export type HtmlSourceConfig = z.infer<typeof htmlSource>;

export const sourceConfigListSchema = z
  .array(sourceConfigSchema)
  .max(50)
  .refine((list) => new Set(list.map((source) => source.name.toLowerCase())).size === list.length, {
    message: "source names must be unique",
  });

/**
 * Reads INGEST_SOURCES (unset or blank → no sources). Throws a readable message on bad JSON, an
 * unknown preset or a bad entry, naming the entry and field, for config.ts to report at start-up.
 */
export function parseIngestSources(text: string | undefined): SourceConfig[] {
  if (text === undefined || text.trim() === "") return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = sourceConfigListSchema.safeParse(expandPresetEntries(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `[${issue.path.join(".")}] ` : "";
    throw new Error(`${where}${issue.message}`);
  }
  return parsed.data;
}

function isValidSelector(selector: string): boolean {
  try {
    cheerioLoad("<p></p>")(selector);
    return true;
  } catch {
    return false;
  }
}

function hasCaptureGroup(pattern: string): boolean {
  if (!isValidPattern(pattern)) return false;
  // A pattern with a group matches the empty alternative and reports one more slot than groups.
  return (new RegExp(`${pattern}|`).exec("")?.length ?? 0) > 1;
}

function isValidPattern(pattern: string | undefined): boolean {
  if (pattern === undefined) return true;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
