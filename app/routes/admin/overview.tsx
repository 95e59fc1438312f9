import { cardClass } from "../../components/admin/admin-ui";
import { RunTable } from "../../components/admin/run-table";
import { getAdminOverview } from "../../../server/domain/admin/admin";
import { formatCount } from "../../../core/numbers";
import { operatorOr404 } from "./console.server";
import type { Route } from "./+types/overview";

/** /admin: the catalogue's and the site's numbers at a glance. */
export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return { overview: await getAdminOverview(context.services) };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const max = Math.max(1, ...overview.opensLast7Days.map((day) => day.opens));
  const stats: Array<[string, number]> = [
    ["Courses listed", overview.coursesListed],
    ["Expired", overview.coursesExpired],
    ["Added today", overview.coursesAddedToday],
    ["Opens today", overview.opensToday],
    ["Users", overview.users],
    ["Sign-ups today", overview.signupsToday],
    ["Articles published", overview.articlesPublished],
    ["Articles hidden", overview.articlesHidden],
  ];
  return (
    <div className="mt-6 grid gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label} className={cardClass}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-bold">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <figure className={cardClass}>
        <figcaption className="font-semibold">Course opens, last 7 days</figcaption>
        <ol className="mt-3 flex h-40 items-end gap-2" aria-label="Opens per day">
          {overview.opensLast7Days.map((day) => (
            <li key={day.day} className="flex flex-1 flex-col items-center gap-1 text-xs">
              <span>{day.opens}</span>
              <span
                className="w-full rounded-t bg-brand-500"
                style={{ height: `${(day.opens / max) * 100}px` }}
                aria-hidden="true"
              />
              <span>{day.day.slice(5)}</span>
            </li>
          ))}
        </ol>
      </figure>
      <div className={cardClass}>
        <h2 className="font-semibold">Last ingest run per source</h2>
        <RunTable runs={overview.lastRuns} />
      </div>
    </div>
  );
}
