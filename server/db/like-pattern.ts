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
