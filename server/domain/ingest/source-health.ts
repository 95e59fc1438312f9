import { desc } from "drizzle-orm";
import { ingestRuns, type SourceRunStats } from "../../db/schema";
import type { IngestServices } from "./ingest-services";

/** A source that found nothing this many runs in a row gets a warning in the console. */
export const QUIET_RUNS_WARNING = 3;
/** Runs read to judge the sources: enough for every source's last few, even run one by one. */
const RUNS_READ = 100;

export type SourceHealth = {
  name: string;
  kind: string;
  /** Configured now (INGEST_SOURCES); false for a source seen only in past runs. */
  configured: boolean;
  lastRunAt: string | null;
  last: SourceRunStats | null;
  /** Found nothing in each of its last QUIET_RUNS_WARNING runs. */
  quiet: boolean;
};

/**
 * What each source has been doing, for the console: its last run's counts (found, new,
 * duplicate, rejected, rejected by Udemy's check) and errors, and a warning when it found
 * nothing in its last three runs — a site that changed its format or went away (a source that
 * answered 304 Not Modified was read OK and is not quiet).
 */
export async function summariseSources(services: IngestServices): Promise<SourceHealth[]> {
  const runs = await services.db
    .select({ startedAt: ingestRuns.startedAt, sources: ingestRuns.sources })
    .from(ingestRuns)
    .orderBy(desc(ingestRuns.startedAt), desc(ingestRuns.id))
    .limit(RUNS_READ);
  const history = new Map<string, Array<{ at: Date; stats: SourceRunStats }>>();
  for (const run of runs) {
    for (const stats of run.sources) {
      const key = stats.name.toLowerCase();
      if (!history.has(key)) history.set(key, []);
      history.get(key)!.push({ at: run.startedAt, stats });
    }
  }
  const configured = services.feeds.sources.map((source) => ({
    name: source.name,
    kind: source.kind,
  }));
  const pastOnly = [...history.values()]
    .map((entries) => entries[0]!.stats)
    .filter(
      (stats) =>
        !configured.some((source) => source.name.toLowerCase() === stats.name.toLowerCase()),
    )
    .map((stats) => ({ name: stats.name, kind: stats.kind }));
  return [
    ...configured.map((source) => ({ ...source, configured: true })),
    ...pastOnly.map((source) => ({ ...source, configured: false })),
  ].map((source) => {
    const entries = history.get(source.name.toLowerCase()) ?? [];
    const recent = entries.slice(0, QUIET_RUNS_WARNING);
    return {
      ...source,
      lastRunAt: entries[0]?.at.toISOString() ?? null,
      last: entries[0]?.stats ?? null,
      // A 304 Not Modified is the site saying nothing changed, not a site gone quiet.
      quiet:
        recent.length === QUIET_RUNS_WARNING &&
        recent.every(({ stats }) => stats.found === 0 && !stats.notModified),
    };
  });
}
