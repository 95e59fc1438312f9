import { and, asc, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { toJakartaDay } from "../../core/dates";
import type { CouponRecord } from "../adapters/coupon-feeds/coupon-record";
import type { CouponFeeds, CouponSource } from "../adapters/coupon-feeds/feeds";
import { loadCouponFile } from "../adapters/coupon-feeds/file-source";
import {
  cleanCourseTitle,
  isUdemyHost,
  normaliseCategory,
  normaliseLanguage,
  unwrapCourseUrl,
} from "../adapters/coupon-feeds/normalise";
import type { CouponCheckResult, UdemyCheck } from "../adapters/udemy-check/udemy-check";
import { tryJobLock } from "../db/advisory-lock";
import { courses, ingestRuns, type CourseRow, type NewCourseRow } from "../db/schema";
import type { Services } from "../services";
import { listedCondition } from "./catalog";
import { Conflict, ValidationError } from "./errors";

// ---------------------------------------------------------------------------------------------
// What ingestion needs from services

/** The ingest settings of `config.ingest` that the domain reads. */
export type IngestSettings = {
  /** A coupon its source has not shown for this many days leaves the list. */
  staleAfterDays: number;
  /** Coupons re-checked with Udemy per run (soonest to expire or run out first). */
  udemyCheckLimit: number;
};

export const DEFAULT_INGEST_SETTINGS: IngestSettings = { staleAfterDays: 3, udemyCheckLimit: 200 };

export type IngestServices = Services & {
  config: Services["config"] & { ingest: IngestSettings };
  feeds: CouponFeeds;
  /** Null unless UDEMY_CHECK=true. */
  udemyCheck: UdemyCheck | null;
};

/**
 * Services as ingestion sees them. Services that carry no feeds (not configured, or built
 * without them) run with no sources, no validity check and the default settings; `overrides`
 * replace the adapters or settings (tests, tools).
 */
export function toIngestServices(
  services: Services,
  overrides: {
    feeds?: CouponFeeds;
    udemyCheck?: UdemyCheck | null;
    settings?: Partial<IngestSettings>;
  } = {},
): IngestServices {
  const given = services as Services &
    Partial<Pick<IngestServices, "feeds" | "udemyCheck">> & {
      config: { ingest?: Partial<IngestSettings> };
    };
  const ingest = { ...DEFAULT_INGEST_SETTINGS, ...given.config.ingest, ...overrides.settings };
  return {
    ...services,
    config: { ...services.config, ingest } as IngestServices["config"],
    feeds: overrides.feeds ?? given.feeds ?? { sources: [] },
    udemyCheck:
      overrides.udemyCheck !== undefined ? overrides.udemyCheck : (given.udemyCheck ?? null),
  };
}

// ---------------------------------------------------------------------------------------------
// From a coupon record to a course row

export type ImportSummary = {
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: string[];
};

/**
 * The canonical link of a course: its URL without query (the coupon) or fragment, lower-case
 * host, trailing slash; Udemy course URLs become https://www.udemy.com/course/<slug>/ whatever
 * follows the slug, and affiliate wrappers are removed first. It is the course's public
 * identity across coupons and sources.
 */
export function canonicalCourseLink(courseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(unwrapCourseUrl(courseUrl.trim()));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  if (isUdemyHost(host)) {
    const course = /^\/course\/([^/]+)/.exec(url.pathname);
    if (course) return `https://www.udemy.com/course/${course[1]}/`;
  }
  const pathname = url.pathname.replace(/\/+$/, "");
  if (pathname === "") return null;
  return `https://${host}${pathname}/`;
}

function slugFromLink(link: string): string {
  const segments = new URL(link).pathname.split("/").filter((segment) => segment !== "");
  return (segments.at(-1) ?? "course").toLowerCase().slice(0, 120);
}

function toCourseRow(record: CouponRecord, source: string): NewCourseRow | string {
  const link = canonicalCourseLink(record.courseUrl);
  if (!link) return `unusable course URL "${record.courseUrl}"`;
  const title = cleanCourseTitle(record.title);
  if (title === "") return `empty title for ${link}`;
  const couponCode = record.couponCode?.trim() || null;
  const couponUrl = couponCode ? `${link}?couponCode=${encodeURIComponent(couponCode)}` : link;
  return {
    slug: slugFromLink(link),
    title,
    link,
    couponCode,
    couponUrl,
    category: normaliseCategory({
      category: record.category,
      subCategory: record.subCategory,
      title,
    }),
    subCategory: record.subCategory,
    language: normaliseLanguage(record.language),
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

/** Columns whose change makes an incoming record an update rather than a repeat. */
const TRACKED_COLUMNS = [
  "title",
  "couponCode",
  "couponUrl",
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
  "active",
  "date",
] as const satisfies ReadonlyArray<keyof CourseRow>;

type TrackedColumn = (typeof TRACKED_COLUMNS)[number];
type StoredCourse = Pick<CourseRow, TrackedColumn | "id" | "link" | "lastSeenAt" | "source">;

const storedColumns = {
  id: courses.id,
  link: courses.link,
  lastSeenAt: courses.lastSeenAt,
  source: courses.source,
  ...Object.fromEntries(TRACKED_COLUMNS.map((column) => [column, courses[column]])),
} as Record<keyof StoredCourse, (typeof courses)[keyof StoredCourse]>;

function sameValue(column: TrackedColumn, stored: unknown, incoming: unknown): boolean {
  const a = stored ?? null;
  const b = incoming ?? null;
  if (a === null || b === null) return a === b;
  if (a instanceof Date || b instanceof Date) {
    return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  }
  // udemy_rating is a 4-byte real: compare at that precision.
  if (column === "udemyRating") return Math.fround(Number(a)) === Math.fround(Number(b));
  return a === b;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const toSnake = (column: string) =>
  column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const CHUNK_SIZE = 250;

/**
 * Upserts coupon records by canonical course link. A course keeps its id (and so its reviews,
 * favourites and history) when its coupon changes; its `date` moves to the day the new coupon
 * was found, and a retired course comes back. Records are compared with the stored rows in
 * code: a record identical to what is stored writes no tracked column (importing the same feed
 * twice reports nothing added or updated) but still moves `last_seen_at` forward, which is what
 * staleness and the ordering below go by. A sighting older than the stored one changes nothing.
 * A retired coupon (inactive) stays retired until a new coupon code arrives.
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
    const stored = (await services.db
      .select(storedColumns)
      .from(courses)
      .where(
        inArray(
          courses.link,
          chunk.map((row) => row.link),
        ),
      )) as StoredCourse[];
    const storedByLink = new Map(stored.map((row) => [row.link, row]));

    const writes: NewCourseRow[] = [];
    const sightings: Array<{ id: number; seenAt: Date; source: string }> = [];
    for (const row of chunk) {
      const current = storedByLink.get(row.link);
      if (!current) {
        writes.push(row);
        continue;
      }
      const seenAt = row.lastSeenAt as Date;
      if (seenAt < current.lastSeenAt) continue;
      const couponChanged = current.couponCode !== row.couponCode;
      const next: NewCourseRow = {
        ...row,
        date: couponChanged ? row.date : current.date,
        active: couponChanged ? true : current.active,
      };
      const changed = TRACKED_COLUMNS.some(
        (column) => !sameValue(column, current[column], next[column]),
      );
      if (changed) writes.push(next);
      else if (seenAt > current.lastSeenAt || current.source !== row.source) {
        sightings.push({ id: current.id, seenAt, source: row.source });
      }
    }

    if (writes.length > 0) {
      const written = await services.db
        .insert(courses)
        .values(writes)
        .onConflictDoUpdate({
          target: courses.link,
          set: {
            ...Object.fromEntries(
              TRACKED_COLUMNS.map((column) => [column, excluded(toSnake(column))]),
            ),
            source: excluded("source"),
            lastSeenAt: sql`greatest(${courses.lastSeenAt}, excluded.last_seen_at)`,
          },
          // A newer sighting written by someone else in the meantime wins.
          setWhere: sql`excluded.last_seen_at >= ${courses.lastSeenAt}`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of written) {
        if (row.inserted) added += 1;
        else updated += 1;
      }
    }
    if (sightings.length > 0) {
      await services.db.execute(sql`
        update courses
           set last_seen_at = greatest(courses.last_seen_at, seen.at), source = seen.source
          from (values ${sql.join(
            sightings.map(
              (sighting) =>
                sql`(${sighting.id}::int, ${sighting.seenAt.toISOString()}::timestamptz, ${sighting.source}::text)`,
            ),
            sql`, `,
          )}) as seen(id, at, source)
         where courses.id = seen.id`);
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

// ---------------------------------------------------------------------------------------------
// Runs: one at a time across every process on the database

export const INGEST_IN_PROGRESS_MESSAGE = "An ingest run is already in progress.";

export class IngestInProgress extends Conflict {
  override name = "IngestInProgress";
  constructor() {
    super(INGEST_IN_PROGRESS_MESSAGE);
  }
}

/** Advisory-lock key of ingestion ("KKIN"). */
const INGEST_LOCK_KEY = 0x4b4b494e;

async function withIngestLock<T>(services: Services, work: () => Promise<T>): Promise<T> {
  const lock = await tryJobLock(services.db, INGEST_LOCK_KEY);
  if (!lock) throw new IngestInProgress();
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

const MAX_STORED_ERRORS = 200;

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
      errors: summary.rejected.slice(0, MAX_STORED_ERRORS),
    })
    .where(eq(ingestRuns.id, run!.id));
  return summary;
}

export type FileImportRequest = {
  file: string;
  /** Name recorded in ingest_runs; defaults to "file:<basename>". */
  source?: string;
  /** UTC offset of the feed's zone-less timestamps, e.g. "+01:00". */
  updateTimeOffset?: string;
};

/**
 * `npm run ingest -- --file …`: imports a coupon feed file and records the run. Like every run,
 * it waits for no one: while another run holds the lock it throws IngestInProgress.
 */
export function importCouponFile(
  services: Services,
  request: FileImportRequest,
): Promise<ImportSummary> {
  const source = request.source ?? `file:${request.file.split(/[\\/]/).at(-1)}`;
  return withIngestLock(services, () =>
    runRecordedImport(services, source, () =>
      loadCouponFile(request.file, {
        now: services.clock.now(),
        updateTimeOffset: request.updateTimeOffset,
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// A run of the configured sources

export type SourceOutcome = {
  name: string;
  kind: CouponSource["kind"];
  /** False when the source could not be read at all. */
  ok: boolean;
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  errors: string[];
};

export type RetiredCounts = {
  /** Past their expiry time. */
  pastExpiry: number;
  /** Not seen by their source for STALE_AFTER_DAYS. */
  stale: number;
  /** Reported invalid by Udemy. */
  invalid: number;
};

export type IngestRunSummary = {
  runId: number;
  /** As recorded in ingest_runs: a source's name, or "all". */
  source: string;
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Coupons that left the list in this run (sum of `retired`). */
  expired: number;
  retired: RetiredCounts;
  /** Coupons re-checked with Udemy. */
  checked: number;
  errors: string[];
  sources: SourceOutcome[];
};

export type IngestProgress =
  | { event: "started"; runId: number; sources: string[] }
  | { event: "source"; outcome: SourceOutcome }
  | { event: "checked"; checked: number; invalid: number };

export type IngestRunOptions = {
  /** Run only this source (by name, any letter case). */
  source?: string;
  /** Refuse (ValidationError) when no source is configured, instead of only retiring coupons. */
  requireSources?: boolean;
  /** Stops fetching and checking (server shutdown); what was imported stays. */
  signal?: AbortSignal;
  onProgress?: (event: IngestProgress) => void;
};

export const NO_SOURCES_MESSAGE =
  "No coupon feed sources are configured (set INGEST_SOURCES, or use --file).";

const MAX_ERRORS_PER_SOURCE = 50;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Coupons this close to their end, or with fewer uses left, are re-checked first. */
const RECHECK_SOON_MS = 2 * HOUR_MS;
const RECHECK_FEW_USES = 50;
const RECHECK_CONCURRENCY = 4;

/**
 * One ingest run: every configured source (or one), each on its own so that a broken source
 * never stops the others; then coupons past their expiry, not seen for STALE_AFTER_DAYS, or
 * reported invalid by Udemy leave the list. Recorded in ingest_runs and logged. Throws
 * IngestInProgress when a run is under way anywhere on this database.
 */
export async function runIngest(
  services: IngestServices,
  options: IngestRunOptions = {},
): Promise<IngestRunSummary> {
  const configured = services.feeds.sources;
  let selected: readonly CouponSource[] = configured;
  if (options.source !== undefined) {
    const wanted = options.source.toLowerCase();
    const match = configured.find((source) => source.name.toLowerCase() === wanted);
    if (!match) {
      throw new ValidationError(
        configured.length === 0
          ? NO_SOURCES_MESSAGE
          : `Unknown source "${options.source}". Configured sources: ${configured.map((source) => source.name).join(", ")}.`,
      );
    }
    selected = [match];
  } else if (options.requireSources && configured.length === 0) {
    throw new ValidationError(NO_SOURCES_MESSAGE);
  }

  return withIngestLock(services, async () => {
    const runSource = options.source === undefined ? "all" : selected[0]!.name;
    const [run] = await services.db
      .insert(ingestRuns)
      .values({ source: runSource, startedAt: services.clock.now() })
      .returning({ id: ingestRuns.id });
    const runId = run!.id;
    const log = services.logger.child({ ingestRun: runId });
    log.info({ sources: selected.map((source) => source.name) }, "ingest run started");
    options.onProgress?.({
      event: "started",
      runId,
      sources: selected.map((source) => source.name),
    });

    const outcomes: SourceOutcome[] = [];
    for (const source of selected) {
      const outcome = options.signal?.aborted
        ? failedOutcome(source, "not run: the run was stopped")
        : await importSource(services, source, options.signal);
      outcomes.push(outcome);
      if (outcome.ok) {
        log.info({ ...outcome, errors: outcome.errors.length }, "ingest source imported");
      } else log.warn({ source: outcome.name, errors: outcome.errors }, "ingest source failed");
      options.onProgress?.({ event: "source", outcome });
    }

    const errors = outcomes.flatMap((outcome) =>
      outcome.errors.map((error) => `[${outcome.name}] ${error}`),
    );
    const retired: RetiredCounts = { pastExpiry: 0, stale: 0, invalid: 0 };
    let checked = 0;
    try {
      retired.pastExpiry = await retirePastExpiry(services);
      retired.stale = await retireStale(
        services,
        selected.map((source) => source.name),
      );
      if (services.udemyCheck && !options.signal?.aborted) {
        const recheck = await recheckCoupons(services, services.udemyCheck, options.signal);
        checked = recheck.checked;
        retired.invalid = recheck.invalid;
        errors.push(...recheck.errors);
        options.onProgress?.({ event: "checked", checked, invalid: recheck.invalid });
      }
    } catch (error) {
      errors.push(`[expiry] ${(error as Error).message}`);
    }

    const totals = outcomes.reduce(
      (sum, outcome) => ({
        found: sum.found + outcome.found,
        added: sum.added + outcome.added,
        updated: sum.updated + outcome.updated,
        unchanged: sum.unchanged + outcome.unchanged,
      }),
      { found: 0, added: 0, updated: 0, unchanged: 0 },
    );
    const expired = retired.pastExpiry + retired.stale + retired.invalid;
    if (expired > 0) services.cache.forget("catalog:");
    await services.db
      .update(ingestRuns)
      .set({
        finishedAt: services.clock.now(),
        ...totals,
        expired,
        errors: errors.slice(0, MAX_STORED_ERRORS),
      })
      .where(eq(ingestRuns.id, runId));
    const summary: IngestRunSummary = {
      runId,
      source: runSource,
      ...totals,
      expired,
      retired,
      checked,
      errors,
      sources: outcomes,
    };
    log.info(
      { ...totals, expired, retired, checked, errors: errors.length },
      "ingest run finished",
    );
    return summary;
  });
}

function failedOutcome(source: CouponSource, error: string): SourceOutcome {
  return {
    name: source.name,
    kind: source.kind,
    ok: false,
    found: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    errors: [error],
  };
}

function capErrors(errors: string[]): string[] {
  return errors.length <= MAX_ERRORS_PER_SOURCE
    ? errors
    : [
        ...errors.slice(0, MAX_ERRORS_PER_SOURCE),
        `… and ${errors.length - MAX_ERRORS_PER_SOURCE} more`,
      ];
}

async function importSource(
  services: Services,
  source: CouponSource,
  signal: AbortSignal | undefined,
): Promise<SourceOutcome> {
  let loaded: { records: CouponRecord[]; rejected: string[] };
  try {
    loaded = await source.load({ now: services.clock.now(), signal });
  } catch (error) {
    return failedOutcome(source, `failed: ${(error as Error).message}`);
  }
  try {
    const imported = await importCouponRecords(services, loaded.records, source.name);
    return {
      name: source.name,
      kind: source.kind,
      ok: true,
      found: imported.found,
      added: imported.added,
      updated: imported.updated,
      unchanged: imported.unchanged,
      errors: capErrors([...loaded.rejected, ...imported.rejected]),
    };
  } catch (error) {
    return {
      ...failedOutcome(source, `import failed: ${(error as Error).message}`),
      found: loaded.records.length,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Coupons leaving the list

async function retirePastExpiry(services: Services): Promise<number> {
  const retired = await services.db
    .update(courses)
    .set({ active: false })
    .where(and(eq(courses.active, true), lte(courses.expiresAt, services.clock.now())))
    .returning({ id: courses.id });
  return retired.length;
}

/**
 * Coupons whose freshest sighting by one of these sources (by the source's own time) is older
 * than STALE_AFTER_DAYS. Only sources polled in this run count: coupons of the demo catalogue,
 * of file imports or of sources no longer configured leave by their expiry time alone.
 */
async function retireStale(services: IngestServices, sourceNames: string[]): Promise<number> {
  if (sourceNames.length === 0) return 0;
  const cutoff = new Date(
    services.clock.now().getTime() - services.config.ingest.staleAfterDays * DAY_MS,
  );
  const retired = await services.db
    .update(courses)
    .set({ active: false })
    .where(
      and(
        eq(courses.active, true),
        inArray(courses.source, sourceNames),
        lt(courses.lastSeenAt, cutoff),
      ),
    )
    .returning({ id: courses.id });
  return retired.length;
}

/**
 * Asks Udemy about listed coupons, those expiring within 2 hours or with fewer than 50 uses
 * left first, then the soonest to expire. Invalid ones leave the list; valid ones get Udemy's
 * end time and uses left. A check that cannot tell changes nothing.
 */
async function recheckCoupons(
  services: IngestServices,
  udemyCheck: UdemyCheck,
  signal: AbortSignal | undefined,
): Promise<{ checked: number; invalid: number; errors: string[] }> {
  const now = services.clock.now();
  const soon = new Date(now.getTime() + RECHECK_SOON_MS).toISOString();
  const due = await services.db
    .select({
      id: courses.id,
      link: courses.link,
      couponCode: courses.couponCode,
      imageUrl: courses.imageUrl,
      expiresAt: courses.expiresAt,
    })
    .from(courses)
    .where(and(listedCondition(services, now), isNotNull(courses.couponCode)))
    .orderBy(
      sql`case when ${courses.expiresAt} < ${soon}::timestamptz or ${courses.usesRemaining} < ${RECHECK_FEW_USES} then 0 else 1 end`,
      sql`${courses.expiresAt} asc nulls last`,
      asc(courses.id),
    )
    .limit(services.config.ingest.udemyCheckLimit);

  let checked = 0;
  let invalid = 0;
  let unknown = 0;
  let firstUnknown = "";
  let next = 0;
  const worker = async () => {
    while (next < due.length && !signal?.aborted) {
      const course = due[next++]!;
      const couponCode = course.couponCode!;
      let result: CouponCheckResult;
      try {
        result = await udemyCheck.checkCoupon(
          { link: course.link, couponCode, imageUrl: course.imageUrl },
          signal,
        );
      } catch (error) {
        result = { status: "unknown", reason: (error as Error).message };
      }
      checked += 1;
      if (result.status === "free" && result.expiresAt && result.expiresAt <= now) {
        result = { status: "invalid", reason: "campaign ended" };
      }
      // Only the coupon that was checked: a new one may have arrived meanwhile.
      const sameCoupon = and(eq(courses.id, course.id), eq(courses.couponCode, couponCode));
      if (result.status === "invalid") {
        const retired = await services.db
          .update(courses)
          .set({ active: false })
          .where(and(sameCoupon, eq(courses.active, true)))
          .returning({ id: courses.id });
        invalid += retired.length;
      } else if (result.status === "free") {
        const facts: Partial<NewCourseRow> = {};
        if (result.expiresAt) facts.expiresAt = result.expiresAt;
        if (result.usesRemaining !== null) facts.usesRemaining = result.usesRemaining;
        if (Object.keys(facts).length > 0) {
          await services.db.update(courses).set(facts).where(sameCoupon);
        }
      } else {
        unknown += 1;
        firstUnknown ||= `${course.link}: ${result.reason}`;
      }
    }
  };
  await Promise.all(Array.from({ length: RECHECK_CONCURRENCY }, worker));
  const errors =
    unknown > 0
      ? [`[udemy-check] ${unknown} of ${checked} coupons could not be checked (${firstUnknown})`]
      : [];
  return { checked, invalid, errors };
}
