import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { parseConfig } from "../../server/config";
import { alertChannels, alertWatches, courses, savedSearches, users } from "../../server/db/schema";
import {
  matchingStatement,
  noteListedCouponsAsMatched,
  queueAlertsForNewCoupons,
} from "../../server/domain/alerts/match-new-coupons";
import { anchorOf } from "../../server/domain/alerts/saved-searches";
import { generateDemoCatalogue } from "../../server/domain/catalog/demo-catalog";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { searchWordsOf } from "../../core/search-match";
import { createServices } from "../../server/services";
import { createSeededRandom } from "../../core/seeded-random";

export type AlertMatchingBench = {
  database: "pglite" | "postgres";
  /** Distinct words the saved searches were drawn from. */
  searchWords: number;
  savedSearches: number;
  watches: number;
  existingCourses: number;
  newCourses: number;
  queued: number;
  /** Finding who to tell, without writing (rolled back). */
  findingMs: number;
  /** The statement an ingest run starts: finding and queuing. */
  matchingMs: number;
  microsPerDelivery: number;
};

class RollBack extends Error {}

/**
 * Alert matching at the scale, on the embedded database in a temporary data dir (or an
 * empty PostgreSQL database):
 * 2 000 users with e-mail on, each with 50 saved searches (100 000) drawn from the words of
 * course titles (some with a category, language or rating filter, some filters only) and 5
 * watched courses; 10 000 courses already matched; then an ingest lists 1 000 new courses and
 * the one matching statement is timed.
 */
export async function benchAlertMatching(
  options: {
    users?: number;
    searchesPerUser?: number;
    existing?: number;
    fresh?: number;
    /** Share of saved searches with filters only (a category, no words): 5 % by default. */
    filterOnlyShare?: number;
    /** An empty PostgreSQL database to run on instead of the embedded one. */
    databaseUrl?: string;
    /** Prints the matching statement's plan (EXPLAIN ANALYZE) before timing it. */
    explain?: boolean;
  } = {},
): Promise<AlertMatchingBench> {
  const userCount = options.users ?? 20_000;
  const searchesPerUser = options.searchesPerUser ?? 5;
  const existing = options.existing ?? 10_000;
  const fresh = options.fresh ?? 1_000;
  const filterOnlyShare = options.filterOnlyShare ?? 0.05;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-bench-alerts-"));
  const config = parseConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    SEED: "none",
    SESSION_SECRET: "x".repeat(40),
    INGEST_SOURCES: "[]",
    UDEMY_CHECK: "false",
  });
  const handle = await createServices(config, pino({ level: "warn" }));
  const { services } = handle;
  try {
    const random = createSeededRandom(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const records = generateDemoCatalogue(services.clock.now(), {
      count: existing + fresh,
      seed: 5,
    });
    for (let start = 0; start < existing; start += 5000) {
      await importCouponRecords(
        services,
        records.slice(start, Math.min(start + 5000, existing)),
        "bench",
      );
    }
    await noteListedCouponsAsMatched(services);

    // What learners search for: topic words. Words in more than 2 % of titles ("complete",
    // "guide", "the", the year) are the title patterns' words, not topics.
    const titleCounts = new Map<string, number>();
    for (const record of records) {
      for (const word of new Set(searchWordsOf(record.title)))
        titleCounts.set(word, (titleCounts.get(word) ?? 0) + 1);
    }
    const titleWords = [...titleCounts]
      .filter(([word, titles]) => word.length >= 2 && titles <= records.length * 0.02)
      .map(([word]) => word);
    const categories = (
      await services.db.selectDistinct({ category: courses.category }).from(courses)
    ).map((row) => row.category);
    const languages = ["English", "Indonesian", "Spanish"];
    const courseIds = (await services.db.select({ id: courses.id }).from(courses)).map(
      (row) => row.id,
    );

    const insertMany = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
      for (let start = 0; start < rows.length; start += 1000)
        await insert(rows.slice(start, start + 1000));
    };
    const userIds = Array.from({ length: userCount }, (_, index) => `alert-bench-${index}`);
    await insertMany(userIds, (chunk) =>
      services.db.insert(users).values(chunk.map((id) => ({ id, email: `${id}@example.com` }))),
    );
    await insertMany(userIds, (chunk) =>
      services.db
        .insert(alertChannels)
        .values(chunk.map((userId) => ({ userId, emailEnabled: true, emailHour: 7 }))),
    );
    // Most saved searches name a topic today's new courses do not have: a word is one of the
    // catalogue's topic words 30 % of the time, else a made-up word of 4 to 9 letters.
    const letters = "abcdefghijklmnopqrstuvwxyz";
    const madeUpWord = () =>
      Array.from({ length: 4 + Math.floor(random() * 6) }, () => pick([...letters])).join("");
    const searchWord = () => (random() < 0.3 ? pick(titleWords) : madeUpWord());
    const searchRows = userIds.flatMap((userId) =>
      Array.from({ length: searchesPerUser }, (_, index) => {
        const roll = random();
        const words =
          roll < filterOnlyShare ? [] : roll < 0.65 ? [searchWord()] : [searchWord(), searchWord()];
        const category = words.length === 0 || random() < 0.3 ? pick(categories) : null;
        const language = random() < 0.1 ? pick(languages) : null;
        const minRating = random() < 0.05 ? 4 : 0;
        return {
          userId,
          search: words.join(" "),
          words,
          anchor: anchorOf(words),
          category,
          language,
          minRating,
          filterKey: `${index}`,
          feedToken: `${userId}-${index}`,
        };
      }),
    );
    await insertMany(searchRows, (chunk) => services.db.insert(savedSearches).values(chunk));
    const watchRows = userIds.flatMap((userId) =>
      Array.from({ length: 2 }, () => ({ userId, courseId: pick(courseIds) })),
    );
    await insertMany(watchRows, (chunk) =>
      services.db.insert(alertWatches).values(chunk).onConflictDoNothing(),
    );
    await services.db.execute(sql`analyze`);

    // The run's new courses, then the statement the ingest run starts once it has committed.
    await importCouponRecords(services, records.slice(existing), "bench");
    if (options.explain) {
      const plan = (await services.db.execute(
        sql`explain (analyze, buffers off) ${matchingStatement(services, services.clock.now())}`,
      )) as unknown as { rows: Array<Record<string, string>> };
      console.log(plan.rows.map((row) => Object.values(row)[0]).join("\n"));
    }
    // Finding alone, rolled back; then the real statement, which also writes the deliveries.
    const findStarted = performance.now();
    let found = 0;
    await services.db
      .transaction(async (tx) => {
        const counted = (await tx.execute(
          matchingStatement(services, services.clock.now(), "count"),
        )) as unknown as { rows: Array<{ queued: string | number }> };
        found = Number(counted.rows[0]!.queued);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    const findingMs = performance.now() - findStarted;
    const started = performance.now();
    const outcome = await queueAlertsForNewCoupons(services);
    const matchingMs = performance.now() - started;
    if (outcome.queued !== found) throw new Error(`found ${found}, queued ${outcome.queued}`);
    return {
      database: options.databaseUrl ? "postgres" : "pglite",
      searchWords: titleWords.length,
      savedSearches: searchRows.length,
      watches: watchRows.length,
      existingCourses: existing,
      newCourses: outcome.coupons,
      queued: outcome.queued,
      findingMs: Math.round(findingMs),
      matchingMs: Math.round(matchingMs),
      microsPerDelivery: Math.round((matchingMs * 1000) / Math.max(1, outcome.queued)),
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
