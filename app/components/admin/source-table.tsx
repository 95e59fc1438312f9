import { ErrorCount } from "./run-table";

/** One coupon source as the console shows it. */
export type SourceHealthRow = {
  name: string;
  kind: string;
  configured: boolean;
  lastRunAt: string | null;
  last: {
    ok: boolean;
    found: number;
    added: number;
    duplicate: number;
    rejected: number;
    rejectedByCheck: number;
    /** Answered 304 Not Modified: read OK, nothing to read again. */
    notModified?: boolean;
    errors: string[];
  } | null;
  quiet: boolean;
};

/** Per source: its last run's counts and errors, and a warning when it found nothing 3 runs in a row. */
export function SourceTable({ sources }: { sources: SourceHealthRow[] }) {
  if (sources.length === 0) return <p className="mt-2 text-sm">No sources configured.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Coupon sources">
        <thead>
          <tr>
            <th className="p-2">Source</th>
            <th className="p-2">Last run</th>
            <th className="p-2">Found</th>
            <th className="p-2">New</th>
            <th className="p-2">Duplicate</th>
            <th className="p-2">Rejected</th>
            <th className="p-2">Rejected by check</th>
            <th className="p-2">Errors</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr
              key={source.name}
              className="border-t border-slate-200 align-top dark:border-slate-800"
            >
              <td className="p-2">
                {source.name} <span className="text-slate-500">({source.kind})</span>
                {!source.configured && <span className="block text-xs">no longer configured</span>}
                {source.last?.notModified && (
                  <span className="block text-xs">unchanged since its last full read (304)</span>
                )}
                {source.quiet && (
                  <strong role="alert" className="block text-xs text-amber-700 dark:text-amber-300">
                    Found nothing in its last 3 runs: has the site changed?
                  </strong>
                )}
              </td>
              <td className="p-2">
                {source.lastRunAt ? source.lastRunAt.replace("T", " ").slice(0, 19) : "never"}
              </td>
              <td className="p-2">{source.last?.found ?? "–"}</td>
              <td className="p-2">{source.last?.added ?? "–"}</td>
              <td className="p-2">{source.last?.duplicate ?? "–"}</td>
              <td className="p-2">{source.last?.rejected ?? "–"}</td>
              <td className="p-2">{source.last?.rejectedByCheck ?? "–"}</td>
              <td className="p-2">
                {/* A source that failed (no network, a changed site) says why without a click. */}
                {source.last && !source.last.ok && source.last.errors[0] && (
                  <span
                    data-testid="source-error"
                    className="mb-1 block text-xs break-words text-red-700 dark:text-red-300"
                  >
                    {source.last.errors[0]}
                  </span>
                )}
                <ErrorCount errors={source.last?.errors ?? []} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
