/** One ingest run as the console shows it. */
export type IngestRunRow = {
  id: number;
  source: string;
  startedAt: string;
  found: number;
  added: number;
  updated: number;
  expired: number;
  errors: string[];
};

/** Ingest runs, newest first; a run's errors open from their count. */
export function RunTable({ runs }: { runs: IngestRunRow[] }) {
  if (runs.length === 0) return <p className="mt-2 text-sm">No ingest runs yet.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th className="p-2">Source</th>
            <th className="p-2">Started</th>
            <th className="p-2">Found</th>
            <th className="p-2">Added</th>
            <th className="p-2">Updated</th>
            <th className="p-2">Expired</th>
            <th className="p-2">Errors</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-slate-200 align-top dark:border-slate-800">
              <td className="p-2">{run.source}</td>
              <td className="p-2">{run.startedAt.replace("T", " ").slice(0, 19)}</td>
              <td className="p-2">{run.found}</td>
              <td className="p-2">{run.added}</td>
              <td className="p-2">{run.updated}</td>
              <td className="p-2">{run.expired}</td>
              <td className="p-2">
                <ErrorCount errors={run.errors} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many errors, opening to the first 20 of them. */
export function ErrorCount({ errors }: { errors: string[] }) {
  if (errors.length === 0) return "0";
  return (
    <details>
      <summary>{errors.length}</summary>
      <ul className="mt-1 list-disc pl-4">
        {errors.slice(0, 20).map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </details>
  );
}
