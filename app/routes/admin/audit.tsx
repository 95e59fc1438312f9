import { AdminTable } from "../../components/admin/admin-ui";
import { listAuditLog } from "../../../server/domain/admin/admin";
import { jakartaWallClock } from "../../../core/dates";
import { operatorOr404 } from "./console.server";
import type { Route } from "./+types/audit";

/** /admin/audit: what operators did, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return { entries: await listAuditLog(context.services) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <div className="mt-6">
      <AdminTable
        headers={["When", "Who", "What", "Target"]}
        empty={entries.length === 0 ? "Nothing yet." : null}
      >
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 dark:border-slate-800">
            <td className="p-2 whitespace-nowrap">{jakartaTimestamp(entry.createdAt)}</td>
            <td className="p-2">{entry.actorEmail}</td>
            <td className="p-2">{entry.action}</td>
            <td className="p-2 font-mono text-xs">{entry.target}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

/** An audit time as operators in Jakarta read it: "2026-11-22 10.00 WIB", never bare UTC. */
function jakartaTimestamp(iso: string): string {
  const { day, clock } = jakartaWallClock(new Date(iso));
  return `${day} ${clock} WIB`;
}
