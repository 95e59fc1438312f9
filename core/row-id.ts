/**
 * Ids of the database's rows are PostgreSQL `integer`s. A number outside 1..2147483647 names no
 * row, and sending it to the database is an overflow error (a 500), so it is refused before any
 * query: callers answer 404 (or their own "unknown" message) for null.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** The id in a URL segment or form field: decimal digits only ("12", not "1e3" or " 12"). */
export function parseRowId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/** True for a whole number that an `integer` id column can hold and a row can have. */
export function isRowId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}
