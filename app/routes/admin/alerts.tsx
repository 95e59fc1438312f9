import { AdminTable, cardClass } from "../../components/admin/admin-ui";
import { formatCount } from "../../../core/numbers";
import { readAlertDeliveryStats } from "../../../server/domain/alerts/delivery-stats";
import { operatorOr404 } from "./console.server";
import type { Route } from "./+types/alerts";

/** /admin/alerts: how alerts are getting out, per channel, and what failed. */
export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return { stats: await readAlertDeliveryStats(context.services) };
}

const row = "border-t border-slate-200 dark:border-slate-800";

export default function AdminAlerts({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  return (
    <div className="mt-6 grid gap-6">
      <div>
        <h2 className="mb-2 font-semibold">Deliveries per channel</h2>
        <AdminTable
          headers={[
            "Channel",
            "Waiting",
            "Sent, last 24 h",
            "Sent, last 7 days",
            "Failed, last 7 days",
            "Cancelled, last 7 days",
          ]}
          empty={stats.channels.length === 0 ? "No alert has been queued yet." : null}
        >
          {stats.channels.map((channel) => (
            <tr key={channel.channel} className={row}>
              <td className="p-2 font-semibold">{channel.channel}</td>
              <td className="p-2">{formatCount(channel.waiting)}</td>
              <td className="p-2">{formatCount(channel.sentLastDay)}</td>
              <td className="p-2">{formatCount(channel.sentLast7Days)}</td>
              <td className="p-2">{formatCount(channel.failedLast7Days)}</td>
              <td className="p-2">{formatCount(channel.cancelledLast7Days)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <div className={cardClass}>
          <dt className="text-sm text-slate-600 dark:text-slate-300">E-mail turned off by us</dt>
          <dd className="text-2xl font-bold">{formatCount(stats.channelsOff.email)}</dd>
        </div>
        <div className={cardClass}>
          <dt className="text-sm text-slate-600 dark:text-slate-300">Browsers turned off</dt>
          <dd className="text-2xl font-bold">{formatCount(stats.channelsOff.push)}</dd>
        </div>
        <div className={cardClass}>
          <dt className="text-sm text-slate-600 dark:text-slate-300">Telegram chats turned off</dt>
          <dd className="text-2xl font-bold">{formatCount(stats.channelsOff.telegram)}</dd>
        </div>
      </dl>
      <div>
        <h2 className="mb-2 font-semibold">Latest failures</h2>
        <AdminTable
          headers={["When", "Channel", "User", "Course", "Error"]}
          empty={stats.recentFailures.length === 0 ? "No failures." : null}
        >
          {stats.recentFailures.map((failure, index) => (
            <tr key={`${failure.at}-${index}`} className={row}>
              <td className="p-2">{failure.at.replace("T", " ").slice(0, 19)}</td>
              <td className="p-2">{failure.channel}</td>
              <td className="p-2">{failure.userEmail}</td>
              <td className="p-2">{failure.courseTitle}</td>
              <td className="p-2 font-mono text-xs">{failure.error ?? "—"}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </div>
  );
}
