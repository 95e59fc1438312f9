import { ilike, sql, type Column, type SQL } from "drizzle-orm";
import { searchWordsOf } from "../../core/search-match";

/**
 * An ILIKE pattern that finds `term` anywhere in a text, with the term's own `%`, `_` and `\`
 * matched literally (so a search for "100%" does not match everything).
 */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** A LIKE pattern that finds texts starting with `prefix`, its wildcards matched literally. */
export function startingWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * The SQL side of "matches like the home search" (core/search-match.ts): one ILIKE condition per
 * counted word of the search, every one required. Served by the pg_trgm GIN index on a title.
 */
export function everySearchWordIn(column: Column | SQL, search: string): SQL[] {
  return searchWordsOf(search).map((word) => ilike(column, containing(word)));
}

/**
 * The same rule over words already read by searchWordsOf and stored (a saved search's `words`),
 * against a title already lower-cased: how alert matching checks many searches in one statement.
 */
export function lowerTitleHoldsEveryWord(lowerTitle: SQL, words: SQL): SQL {
  return sql`not exists (select 1 from unnest(${words}) as word where strpos(${lowerTitle}, word) = 0)`;
}
