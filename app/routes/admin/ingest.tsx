import { useNavigation } from "react-router";
import {
  AdminActionForm,
  buttonClass,
  cardClass,
  fieldClass,
  Notice,
} from "../../components/admin/admin-ui";
import { RunTable } from "../../components/admin/run-table";
import { SourceTable } from "../../components/admin/source-table";
import {
  listIngestRuns,
  listIngestSources,
  listSourceHealth,
} from "../../../server/domain/admin/admin";
import { operatorOr404, sectionAction } from "./console.server";
import type { Route } from "./+types/ingest";
import { ingestForms } from "./ingest-forms.server";

export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return {
    runs: await listIngestRuns(context.services),
    sources: listIngestSources(context.services),
    health: await listSourceHealth(context.services),
  };
}

export const action = (args: Route.ActionArgs) => sectionAction(ingestForms, args);

export default function AdminIngest({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, sources, health } = loaderData;
  const navigation = useNavigation();
  const running =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "run-ingest";
  return (
    <>
      <Notice notice={actionData} />
      <div className="mt-6 grid gap-4">
        <AdminActionForm intent="run-ingest" label="Run ingestion now">
          <label className="flex flex-col text-sm">
            Source
            <select name="source" className={fieldClass} defaultValue="">
              <option value="">All sources</option>
              {sources.map((source) => (
                <option key={source} value={source}>
                  {source}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={running || sources.length === 0} className={buttonClass}>
            {running ? "Running..." : "Run now"}
          </button>
          {sources.length === 0 && (
            <p className="text-sm">No sources configured (INGEST_SOURCES).</p>
          )}
        </AdminActionForm>
        <div className={cardClass}>
          <h2 className="font-semibold">Sources</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            What each source did in its last run. New coupons are listed only when Udemy says they
            are free (UDEMY_CHECK); the ones it refused are counted here.
          </p>
          <SourceTable sources={health} />
        </div>
        <div className={cardClass}>
          <h2 className="font-semibold">Ingest runs</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Runs of every source, newest first; open a run's errors to read them. The schedule is
            INGEST_CRON;
            <code> npm run ingest</code> runs it from the command line.
          </p>
          <RunTable runs={runs} />
        </div>
      </div>
    </>
  );
}
