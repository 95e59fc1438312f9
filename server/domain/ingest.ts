import { sql } from "drizzle-orm";
import { toJakartaDay } from "../../app/lib/dates";
import type { CouponRecord } from "../adapters/coupon-feeds/coupon-record";
import { loadCouponFile } from "../adapters/coupon-feeds/file-source";
import { courses, ingestRuns, type NewCourseRow } from "../db/schema";
import type { Services } from "../services";

export type ImportSummary = {
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: string[];
};

/**
 * The canonical link of a course: its URL without query (the coupon) or fragment, lower-case
 * host, trailing slash. It is the course's public identity across coupons and sources.
 */
export function canonicalCourseLink(courseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(courseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const pathname = url.pathname.replace(/\/+$/, "");
  if (pathname === "") return null;
  return `https://${url.hostname.toLowerCase()}${pathname}/`;
}

function slugFromLink(link: string): string {
  const segments = new URL(link).pathname.split("/").filter((segment) => segment !== "");
  return (segments.at(-1) ?? "course").toLowerCase().slice(0, 120);
}

function cleanTitle(title: string): string {
  return title.replace(/\s+/g, " ").trim().slice(0, 300);
}

function toCourseRow(record: CouponRecord, source: string): NewCourseRow | string {
  const link = canonicalCourseLink(record.courseUrl);
  if (!link) return `unusable course URL "${record.courseUrl}"`;
  const title = cleanTitle(record.title);
  if (title === "") return `empty title for ${link}`;
  const couponUrl = record.couponCode
    ? `${link}?couponCode=${encodeURIComponent(record.couponCode)}`
    : link;
  return {
    slug: slugFromLink(link),
    title,
    link,
    couponCode: record.couponCode,
    couponUrl,
    category: record.category?.trim() || "Other",
    subCategory: record.subCategory,
    language: record.language,
    level: record.level,
    instructor: record.instructor,
    headline: record.headline,
    description: record.description,
    imageUrl: record.imageUrl && /^https?:\/\//.test(record.imageUrl) ? record.imageUrl : null,
    durationMinutes: record.durationMinutes,
    udemyRating: record.udemyRating,
    udemyReviews: record.udemyReviews,
    students: record.students,
    usesRemaining: record.usesRemaining,
    date: toJakartaDay(record.foundAt),
    expiresAt: record.expiresAt,
    source,
    firstSeenAt: record.foundAt,
    lastSeenAt: record.foundAt,
    active: true,
  };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Columns whose change makes an incoming record an update rather than a repeat. */
const trackedColumns = [
  "title",
  "coupon_code",
  "coupon_url",
  "category",
  "sub_category",
  "language",
  "level",
  "instructor",
  "headline",
  "description",
  "image_url",
  "duration_minutes",
  "udemy_rating",
  "udemy_reviews",
  "students",
  "uses_remaining",
  "expires_at",
  "active",
];

const CHUNK_SIZE = 250;

/**
 * Upserts coupon records by canonical course link. A course keeps its id (and so its reviews,
 * favourites and history) when its coupon changes; its `date` moves to the day the new coupon
 * was found. An older record never overwrites a newer one, and a record identical to what is
 * stored writes nothing, so importing the same feed twice changes nothing.
 */
export async function importCouponRecords(
  services: Services,
  records: CouponRecord[],
  source: string,
): Promise<ImportSummary> {
  const rejected: string[] = [];
  const latestByLink = new Map<string, NewCourseRow>();
  for (const record of records) {
    const row = toCourseRow(record, source);
    if (typeof row === "string") {
      rejected.push(row);
      continue;
    }
    const previous = latestByLink.get(row.link);
    if (!previous || (previous.lastSeenAt as Date) <= (row.lastSeenAt as Date)) {
      // Keep the earliest sighting of the same coupon as the day it was found.
      if (previous && previous.couponCode === row.couponCode) {
        row.date = previous.date;
        row.firstSeenAt = previous.firstSeenAt;
      }
      latestByLink.set(row.link, row);
    } else if (
      previous.couponCode === row.couponCode &&
      (row.firstSeenAt as Date) < (previous.firstSeenAt as Date)
    ) {
      // An earlier sighting arriving later in the feed still dates the coupon.
      previous.date = row.date;
      previous.firstSeenAt = row.firstSeenAt;
    }
  }

  let added = 0;
  let updated = 0;
  const rows = [...latestByLink.values()];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = rows.slice(start, start + CHUNK_SIZE);
    const changed = await services.db
      .insert(courses)
      .values(chunk)
      .onConflictDoUpdate({
        target: courses.link,
        set: {
          ...Object.fromEntries(
            trackedColumns.map((column) => [toCamel(column), excluded(column)]),
          ),
          source: excluded("source"),
          date: sql`case when ${courses.couponCode} is distinct from excluded.coupon_code
                      then excluded.date else ${courses.date} end`,
          lastSeenAt: sql`greatest(${courses.lastSeenAt}, excluded.last_seen_at)`,
        },
        setWhere: sql`excluded.last_seen_at >= ${courses.lastSeenAt}
          and (${sql.join(
            trackedColumns.map((column) => sql.raw(`courses.${column}`)),
            sql`, `,
          )}) is distinct from (${sql.join(trackedColumns.map(excluded), sql`, `)})`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of changed) {
      if (row.inserted) added += 1;
      else updated += 1;
    }
  }
  if (added + updated > 0) services.cache.forget("catalog:");
  return {
    found: records.length,
    added,
    updated,
    unchanged: rows.length - added - updated,
    rejected,
  };
}

function toCamel(column: string): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Imports and records the run in `ingest_runs`, so operators can see what each source did. */
export async function runRecordedImport(
  services: Services,
  source: string,
  load: () => Promise<{ records: CouponRecord[]; rejected: string[] }>,
): Promise<ImportSummary> {
  const [run] = await services.db
    .insert(ingestRuns)
    .values({ source, startedAt: services.clock.now() })
    .returning({ id: ingestRuns.id });
  let summary: ImportSummary;
  try {
    const loaded = await load();
    const imported = await importCouponRecords(services, loaded.records, source);
    summary = { ...imported, rejected: [...loaded.rejected, ...imported.rejected] };
  } catch (error) {
    summary = { found: 0, added: 0, updated: 0, unchanged: 0, rejected: [String(error)] };
  }
  await services.db
    .update(ingestRuns)
    .set({
      finishedAt: services.clock.now(),
      found: summary.found,
      added: summary.added,
      updated: summary.updated,
      errors: summary.rejected.slice(0, 200),
    })
    .where(sql`${ingestRuns.id} = ${run!.id}`);
  return summary;
}

export type FileImportRequest = {
  file: string;
  /** Name recorded in ingest_runs; defaults to "file:<basename>". */
  source?: string;
  /** UTC offset of the feed's zone-less timestamps, e.g. "+01:00". */
  updateTimeOffset?: string;
};

/** `npm run ingest -- --file …`: imports a coupon feed file and records the run. */
export function importCouponFile(
  services: Services,
  request: FileImportRequest,
): Promise<ImportSummary> {
  const source = request.source ?? `file:${request.file.split(/[\\/]/).at(-1)}`;
  return runRecordedImport(services, source, () =>
    loadCouponFile(request.file, {
      now: services.clock.now(),
      updateTimeOffset: request.updateTimeOffset,
    }),
  );
}
