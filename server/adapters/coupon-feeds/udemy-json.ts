import { z } from "zod";
import type { CouponRecord } from "./coupon-record";

/**
 * The JSON feed shape of ../shared/data/udemy-coupons-sample.json (see SOURCE.md there): either
 * an array of snapshots `{ update_time, results: [record…] }`, a bare array of records, or one
 * snapshot object on its own (what upstream's live file holds). Every value is a string
 * upstream, with "null" for missing ones.
 */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const trimmed = String(value).trim();
    return trimmed === "" || trimmed === "null" ? null : trimmed;
  });

const feedRecordSchema = z.object({
  course_id: text,
  category: text,
  sub_category: text,
  title: text,
  content_length: text,
  level: text,
  author: text,
  rating: text,
  reviews: text,
  students: text,
  coupon_code: text,
  preview_img: text,
  coupon_link: text,
  expired_date: text,
  uses_remaining: text,
  headline: text,
  description: text,
  language: text,
});

type FeedRecord = z.infer<typeof feedRecordSchema>;

const snapshotSchema = z.object({
  update_time: z.string(),
  results: z.array(z.unknown()),
});

export type FeedParseResult = { records: CouponRecord[]; rejected: string[] };

export type FeedParseOptions = {
  /** When the feed does not say when it saw a record (bare array), this is used. */
  fallbackFoundAt: Date;
  /**
   * UTC offset of `update_time`, which carries no zone ("+01:00"). SOURCE.md suggests the
   * sample was written in Central European time; the default treats it as UTC.
   */
  updateTimeOffset?: string;
};

export function parseUdemyCouponFeed(json: unknown, options: FeedParseOptions): FeedParseResult {
  const records: CouponRecord[] = [];
  const rejected: string[] = [];
  const entries = Array.isArray(json)
    ? json
    : snapshotSchema.safeParse(json).success
      ? [json]
      : null;
  if (!entries) {
    return { records, rejected: ["feed is not a JSON array"] };
  }
  for (const [index, entry] of entries.entries()) {
    const snapshot = snapshotSchema.safeParse(entry);
    if (snapshot.success) {
      const foundAt = parseNaiveTime(snapshot.data.update_time, options.updateTimeOffset ?? "Z");
      if (!foundAt) {
        rejected.push(`snapshot ${index}: unreadable update_time "${snapshot.data.update_time}"`);
        continue;
      }
      for (const [position, raw] of snapshot.data.results.entries()) {
        collect(raw, foundAt, `snapshot ${index} record ${position}`);
      }
    } else {
      collect(entry, options.fallbackFoundAt, `record ${index}`);
    }
  }
  return { records, rejected };

  function collect(raw: unknown, foundAt: Date, where: string) {
    // Upstream snapshots contain empty {} placeholders: skip them silently.
    if (raw && typeof raw === "object" && Object.keys(raw).length === 0) return;
    const parsed = feedRecordSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push(`${where}: ${parsed.error.issues[0]?.message ?? "invalid record"}`);
      return;
    }
    const record = toCouponRecord(parsed.data, foundAt);
    if (typeof record === "string") rejected.push(`${where}: ${record}`);
    else records.push(record);
  }
}

function toCouponRecord(raw: FeedRecord, foundAt: Date): CouponRecord | string {
  if (!raw.title) return "missing title";
  if (!raw.coupon_link) return "missing coupon_link";
  let couponCode = raw.coupon_code;
  try {
    couponCode ??= new URL(raw.coupon_link).searchParams.get("couponCode");
  } catch {
    return `invalid coupon_link "${raw.coupon_link}"`;
  }
  return {
    courseUrl: raw.coupon_link,
    couponCode,
    title: raw.title,
    category: raw.category,
    subCategory: raw.sub_category,
    language: raw.language,
    level: raw.level,
    instructor: raw.author,
    headline: raw.headline,
    description: raw.description,
    imageUrl: raw.preview_img,
    durationMinutes: toInteger(raw.content_length),
    udemyRating: toNumber(raw.rating),
    udemyReviews: toInteger(raw.reviews),
    students: toInteger(raw.students),
    usesRemaining: toInteger(raw.uses_remaining),
    expiresAt: raw.expired_date ? parseZonedTime(raw.expired_date) : null,
    foundAt,
  };
}

function toNumber(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function toInteger(value: string | null): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.round(number);
}

/** "2022-09-06 12:21:10" read at the given offset. */
function parseNaiveTime(value: string, offset: string): Date | null {
  const time = Date.parse(`${value.trim().replace(" ", "T")}${offset}`);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "2023-02-28 12:14:00+00:00" (has its own offset). */
function parseZonedTime(value: string): Date | null {
  const time = Date.parse(value.trim().replace(" ", "T"));
  return Number.isNaN(time) ? null : new Date(time);
}
