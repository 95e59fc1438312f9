import { formatJakartaDayAndTime } from "../core/dates";
import type { SourceOutcome } from "../server/domain/ingest/run-sources";

/**
 * One source's line in the CLI's progress. A source that answered 304 Not Modified was not read
 * (its first page had not changed since the last full read): said so in words, so an operator
 * does not take its zero counts for a broken source.
 */
export function describeOutcome(outcome: SourceOutcome): string {
  if (!outcome.ok) return `  ${outcome.name} (${outcome.kind}): ${outcome.errors.join("; ")}`;
  if (outcome.notModified) {
    const since = outcome.notModifiedSince
      ? ` since ${formatJakartaDayAndTime(new Date(outcome.notModifiedSince), "en")}`
      : "";
    return `  ${outcome.name} (${outcome.kind}): not modified${since} (304): nothing new`;
  }
  const errors = outcome.errors.length > 0 ? `, errors ${outcome.errors.length}` : "";
  return `  ${outcome.name} (${outcome.kind}): found ${outcome.found}, added ${outcome.added}, updated ${outcome.updated}, unchanged ${outcome.unchanged}${errors}`;
}
