import { z } from "zod";
import { UTC_OFFSET_PATTERN } from "../../../core/dates";

/**
 * INGEST_SOURCES: a JSON list of coupon sources, each `{ kind, name, url, … }`:
 * - "json": a feed in the udemy-coupons shape (snapshots, one snapshot, or a bare array);
 * - "api":  a paginated JSON API; `fieldMap` maps their field names (dotted paths allowed) to
 *           ours, `itemsPath` says where the list sits in a page ("" = the page is the list);
 * - "rss":  an RSS or Atom feed whose items lead to Udemy course URLs with a couponCode.
 */
export const API_TARGET_FIELDS = [
  "courseUrl",
  "couponCode",
  "title",
  "category",
  "subCategory",
  "language",
  "level",
  "instructor",
  "headline",
  "description",
  "imageUrl",
  "durationMinutes",
  "udemyRating",
  "udemyReviews",
  "students",
  "usesRemaining",
  "expiresAt",
  "foundAt",
] as const;

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

const jsonSource = z.strictObject({
  kind: z.literal("json"),
  name: sourceName,
  url: httpUrl,
  /** UTC offset of the feed's zone-less update_time values, e.g. "+01:00"; default UTC. */
  updateTimeOffset: z.string().regex(UTC_OFFSET_PATTERN).optional(),
});

const apiSource = z
  .strictObject({
    kind: z.literal("api"),
    name: sourceName,
    url: httpUrl,
    pageParam: z.string().min(1).max(40).default("page"),
    limitParam: z.string().min(1).max(40).default("limit"),
    pageSize: z.number().int().min(1).max(1000).default(50),
    firstPage: z.number().int().min(0).max(1).default(1),
    maxPages: z.number().int().min(1).max(500).default(20),
    itemsPath: z.string().max(100).default(""),
    fieldMap: z.record(z.string().min(1).max(100), z.enum(API_TARGET_FIELDS)),
  })
  .refine(
    (source) =>
      Object.values(source.fieldMap).includes("courseUrl") &&
      Object.values(source.fieldMap).includes("title"),
    { message: "fieldMap must map some field to courseUrl and to title", path: ["fieldMap"] },
  );

const rssSource = z.strictObject({
  kind: z.literal("rss"),
  name: sourceName,
  url: httpUrl,
});

export const sourceConfigSchema = z.discriminatedUnion("kind", [jsonSource, apiSource, rssSource]);

export type SourceConfig = z.infer<typeof sourceConfigSchema>;
export type JsonSourceConfig = z.infer<typeof jsonSource>;
export type ApiSourceConfig = z.infer<typeof apiSource>;
export type RssSourceConfig = z.infer<typeof rssSource>;

export const sourceConfigListSchema = z
  .array(sourceConfigSchema)
  .max(50)
  .refine((list) => new Set(list.map((source) => source.name.toLowerCase())).size === list.length, {
    message: "source names must be unique",
  });

/**
 * Reads INGEST_SOURCES (unset or blank → no sources). Throws a readable message on bad JSON or
 * a bad entry, naming the entry and field, for config.ts to report at start-up.
 */
export function parseIngestSources(text: string | undefined): SourceConfig[] {
  if (text === undefined || text.trim() === "") return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = sourceConfigListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `[${issue.path.join(".")}] ` : "";
    throw new Error(`${where}${issue.message}`);
  }
  return parsed.data;
}
