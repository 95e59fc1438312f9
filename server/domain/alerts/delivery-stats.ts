import { sql } from "drizzle-orm";
import type { Services } from "../../services";

/** How alerts are getting out, per channel, for the operator console. */
export type ChannelDeliveryStats = {
  channel: string;
  /** Queued and not sent yet (waiting for the digest hour, the morning, or tomorrow's cap). */
  waiting: number;
  sentLastDay: number;
  sentLast7Days: number;
  failedLast7Days: number;
  /** Given up on because the channel went away (unsubscribed, browser gone). */
  cancelledLast7Days: number;
};

export type DeliveryFailure = {
  at: string;
  channel: string;
  userEmail: string;
  courseTitle: string;
  error: string | null;
};

export type AlertDeliveryStats = {
  channels: ChannelDeliveryStats[];
  /** Channels we switched off (a refused address, a gone browser, a blocked bot). */
  channelsOff: { email: number; push: number; telegram: number };
  recentFailures: DeliveryFailure[];
};

/** Failures listed on the console, newest first. */
export const RECENT_FAILURES = 20;

type ChannelRow = Record<keyof ChannelDeliveryStats, string | number>;

/**
 * Deliveries per channel (waiting, sent in the last day and week, failed and cancelled in the
 * last week), channels switched off, and the latest failures with their error. One statement per
 * part; the counts read the queue table's indexes, never users' rows one by one.
 */
export async function readAlertDeliveryStats(services: Services): Promise<AlertDeliveryStats> {
  const now = services.clock.now().getTime();
  const dayAgo = new Date(now - 86_400_000).toISOString();
  const weekAgo = new Date(now - 7 * 86_400_000).toISOString();
  const [channels, off, failures] = await Promise.all([
    services.db.execute(sql`
      select channel,
             count(*) filter (where status in ('pending', 'sending')) as waiting,
             count(*) filter (where status = 'sent' and sent_at >= ${dayAgo}::timestamptz)
               as "sentLastDay",
             count(*) filter (where status = 'sent' and sent_at >= ${weekAgo}::timestamptz)
               as "sentLast7Days",
             count(*) filter (where status = 'failed' and created_at >= ${weekAgo}::timestamptz)
               as "failedLast7Days",
             count(*) filter (where status = 'cancelled' and created_at >= ${weekAgo}::timestamptz)
               as "cancelledLast7Days"
        from alert_deliveries
       group by channel
       order by channel`),
    services.db.execute(sql`
      select (select count(*) from alert_channels
               where not email_enabled and email_note is not null) as email,
             (select count(*) from push_subscriptions where disabled_at is not null) as push,
             (select count(*) from telegram_chats where disabled_at is not null) as telegram`),
    services.db.execute(sql`
      select coalesce(d.claimed_at, d.created_at) as at, d.channel, u.email as "userEmail",
             c.title as "courseTitle", d.error
        from alert_deliveries d
        join users u on u.id = d.user_id
        join courses c on c.id = d.course_id
       where d.status = 'failed'
       order by d.id desc
       limit ${RECENT_FAILURES}`),
  ]);
  const rows = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
  const offRow = rows(off)[0] ?? {};
  return {
    channels: (rows(channels) as ChannelRow[]).map((row) => ({
      channel: String(row.channel),
      waiting: Number(row.waiting),
      sentLastDay: Number(row.sentLastDay),
      sentLast7Days: Number(row.sentLast7Days),
      failedLast7Days: Number(row.failedLast7Days),
      cancelledLast7Days: Number(row.cancelledLast7Days),
    })),
    channelsOff: {
      email: Number(offRow.email ?? 0),
      push: Number(offRow.push ?? 0),
      telegram: Number(offRow.telegram ?? 0),
    },
    recentFailures: rows(failures).map((row) => ({
      at: new Date(row.at as string).toISOString(),
      channel: String(row.channel),
      userEmail: String(row.userEmail),
      courseTitle: String(row.courseTitle),
      error: (row.error as string | null) ?? null,
    })),
  };
}
