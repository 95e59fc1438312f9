/**
 * The SQLSTATE code of a failed query (PostgreSQL's five-character error code), found on the
 * driver's error or on any error wrapping it (drizzle wraps it as the `cause`); null when none.
 */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return null;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}
