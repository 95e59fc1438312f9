import { and, count, eq, min, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { CourseFilters } from "../../../core/course-filters";
import { toJakartaDay } from "../../../core/dates";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import {
  excludedCondition,
  factChecks,
  FACT_COLUMNS,
  factCheckSql,
  hasExclusions,
  type FactCheck,
  type FactName,
} from "./learner-filters";

/** How each fact is compared, and so kept in memory (see FactTable). */
const FACT_KINDS = {
  category: "text",
  language: "text",
  level: "text",
  udemyRating: "number",
  students: "number",
  durationMinutes: "number",
  lastUpdatedOn: "day",
  isPaid: "yesNo",
  reviewAverage: "number",
  date: "day",
  /** Milliseconds since 1970. */
  expiresAt: "number",
} as const satisfies Record<FactName | "date" | "expiresAt", string>;
type Column = keyof typeof FACT_KINDS;
const COLUMNS = Object.keys(FACT_KINDS) as Column[];

/**
 * The active courses' facts, one column of numbers per fact: a text is the number of its entry
 * in `texts`, a day its YYYYMMDD, yes/no 1/0, and a missing fact NaN, which no comparison
 * passes (as NULL in SQL). Counting 50 000 courses then reads a few arrays in a tight loop.
 */
export type FactTable = {
  size: number;
  columns: Record<Column, Float64Array>;
  texts: Map<string, number>;
};

/** Between two facts of a course, and between two courses, in the text the database sends. */
export const FACT_SEPARATOR = "\u001f";
export const COURSE_SEPARATOR = "\u001e";

/** The number a fact (as PostgreSQL writes it as text; "" for NULL) is kept as. */
function keptAs(kind: (typeof FACT_KINDS)[Column], text: string, texts: Map<string, number>) {
  if (text === "") return Number.NaN;
  switch (kind) {
    case "number":
      return Number(text);
    case "day":
      return Number(text.replaceAll("-", ""));
    case "yesNo":
      // A boolean is written "t" or "f".
      return text === "t" ? 1 : 0;
    case "text": {
      let code = texts.get(text);
      if (code === undefined) {
        code = texts.size;
        texts.set(text, code);
      }
      return code;
    }
  }
}

/** The table from the text activeCourseFacts reads: one course per line, COLUMNS' order. */
export function factTableFromText(text: string): FactTable {
  const lines = text === "" ? [] : text.split(COURSE_SEPARATOR);
  const texts = new Map<string, number>();
  const columns = Object.fromEntries(
    COLUMNS.map((column) => [column, new Float64Array(lines.length)]),
  ) as FactTable["columns"];
  lines.forEach((line, index) => {
    const fields = line.split(FACT_SEPARATOR);
    COLUMNS.forEach((column, position) => {
      columns[column][index] = keptAs(FACT_KINDS[column], fields[position] ?? "", texts);
    });
  });
  return { size: lines.length, columns, texts };
}

/** A compared value as its fact is kept; a text no course has is -1, which no course's is. */
function targetOf(check: FactCheck, texts: Map<string, number>): number {
  const kind = FACT_KINDS[check.fact];
  if (kind === "text") return texts.get(String(check.value)) ?? -1;
  if (kind === "yesNo") return check.value ? 1 : 0;
  return kind === "day" ? Number(String(check.value).replaceAll("-", "")) : Number(check.value);
}

/**
 * How many of the table's courses are listed on `today` at `nowMs` (found on or before today,
 * coupon not past its expiry) and pass every check, compared as factCheckSql compares.
 */
export function countPassing(
  table: FactTable,
  checks: readonly FactCheck[],
  today: string,
  nowMs: number,
): number {
  const lastDay = Number(today.replaceAll("-", ""));
  const { date, expiresAt } = table.columns;
  const tests = checks.map((check) => ({
    values: table.columns[check.fact],
    op: check.op,
    target: targetOf(check, table.texts),
  }));
  let total = 0;
  rows: for (let index = 0; index < table.size; index += 1) {
    if (date[index]! > lastDay || expiresAt[index]! <= nowMs) continue;
    for (const { values, op, target } of tests) {
      const value = values[index]!;
      if (op === "eq" ? value !== target : op === "gte" ? !(value >= target) : !(value < target))
        continue rows;
    }
    total += 1;
  }
  return total;
}

/** The longest the active courses' facts are kept (writes to the catalogue forget them at once). */
const FACTS_TTL_MS = 60_000;

/** What each column reads, as text in COLUMNS' order (concat writes NULL as ""). */
const COLUMN_SQL: Record<Column, SQLWrapper> = {
  ...FACT_COLUMNS,
  date: courses.date,
  expiresAt: sql`extract(epoch from ${courses.expiresAt}) * 1000`,
};
const FACTS_AS_TEXT = sql.join(
  COLUMNS.map((column) => COLUMN_SQL[column]),
  sql`, ${FACT_SEPARATOR}::text, `,
);

/**
 * Every active course's facts, kept in memory. Counting the courses a combination of filters
 * leaves meant visiting every listed row, 200–500 ms over 50 000 courses on PGlite, for the first
 * visitor of each combination (and again whenever a coupon expired). Over these columns it takes
 * a few milliseconds for any combination. Being listed is checked at counting time, so an expiry
 * changes nothing kept. Read off courses_listed_facts_idx without touching the wide rows, as one
 * text: 50 000 rows of 11 values each cost PGlite 6× longer to hand over.
 */
function activeCourseFacts(services: Services): Promise<FactTable> {
  return services.cache.remember("catalog:facts", FACTS_TTL_MS, async () => {
    const [row] = await services.db
      .select({
        text: sql<string | null>`string_agg(concat(${FACTS_AS_TEXT}), ${COURSE_SEPARATOR}::text)`,
      })
      .from(courses)
      .where(eq(courses.active, true));
    return factTableFromText(row?.text ?? "");
  });
}

/**
 * The number of listed courses the filters leave: `where` is the list's whole condition,
 * `listed` only its "listed now" part (catalog.ts, listedCondition). A search is
 * counted by the database, where the trigram index narrows it to its few matches. Otherwise the
 * facts in memory count the chosen filters, and hidden words and instructors subtract the
 * courses they hide, found by the trigram indexes.
 */
export async function countListedCourses(
  services: Services,
  filters: CourseFilters,
  where: SQL | undefined,
  listed: SQL,
): Promise<number> {
  if (filters.search !== "") return countWhere(services, where);
  const now = services.clock.now();
  const checks = factChecks(filters, services.clock.today());
  const table = await activeCourseFacts(services);
  const chosen = countPassing(table, checks, toJakartaDay(now), now.getTime());
  if (!hasExclusions(filters) || chosen === 0) return chosen;
  const hidden = await countHidden(services, filters, checks, listed);
  return Math.max(0, chosen - hidden);
}

async function countWhere(services: Services, where: SQL | undefined): Promise<number> {
  const [row] = await services.db.select({ total: count() }).from(courses).where(where);
  return row?.total ?? 0;
}

/** A learner's hidden words and instructors repeat on each page they view: so few are kept. */
const REMEMBERED_HIDDEN_COUNTS = 500;
type HiddenCount = { hidden: number; validUntilMs: number };
const hiddenCounts = new WeakMap<Services, Map<string, HiddenCount>>();

function hiddenCountsOf(services: Services): Map<string, HiddenCount> {
  let counts = hiddenCounts.get(services);
  if (!counts) {
    const created = new Map<string, HiddenCount>();
    // Whatever the catalogue forgets (a write, new coupons) these counts forget too.
    services.cache.onForget(() => created.clear());
    hiddenCounts.set(services, created);
    counts = created;
  }
  return counts;
}

/**
 * How many listed courses passing `checks` the hidden words and instructors leave out, found by
 * the trigram indexes (a popular word hides thousands of courses: up to a few hundred ms). Kept
 * per combination, at most REMEMBERED_HIDDEN_COUNTS of them (the oldest go first), until the
 * soonest of those courses' coupons expires (at most FACTS_TTL_MS): it then counts anew.
 */
async function countHidden(
  services: Services,
  filters: CourseFilters,
  checks: FactCheck[],
  listed: SQL,
): Promise<number> {
  const sorted = (entries: string[]) => [...entries].sort();
  const key = JSON.stringify([checks, sorted(filters.hideWords), sorted(filters.hideInstructors)]);
  const counts = hiddenCountsOf(services);
  const nowMs = services.clock.now().getTime();
  const remembered = counts.get(key);
  if (remembered && remembered.validUntilMs > nowMs) return remembered.hidden;
  const [row] = await services.db
    .select({ hidden: count(), nextExpiry: min(courses.expiresAt) })
    .from(courses)
    .where(and(listed, ...checks.map(factCheckSql), excludedCondition(filters)));
  const hidden = row?.hidden ?? 0;
  const nextExpiryMs = row?.nextExpiry ? new Date(row.nextExpiry).getTime() : Infinity;
  counts.delete(key);
  counts.set(key, { hidden, validUntilMs: Math.min(nowMs + FACTS_TTL_MS, nextExpiryMs) });
  if (counts.size > REMEMBERED_HIDDEN_COUNTS) counts.delete(counts.keys().next().value!);
  return hidden;
}
