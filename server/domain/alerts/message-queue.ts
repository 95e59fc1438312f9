import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { isLocale, type Locale } from "../../../core/locale";
import type { Services } from "../../services";
import { jakartaHour, startOfJakartaDay, toJakartaDay } from "../../../core/dates";
import { claimedBy, claimLapsed, statusAfterFailedTry } from "./delivery-queue";

/**
 * The queue of per-message alert channels (push, Telegram): one message per course, sent outside
 * the quiet hours, at most MAX_ALERTS_PER_DAY a user a Jakarta day per channel, claimed with SKIP
 * LOCKED so instances share the work and none is sent twice, with a lease that hands a dead
 * sender's claims to the next tick.
 */

/** Alerts wait through the night: from 22:00 to 06:00 Asia/Jakarta nothing is sent. */
export const QUIET_HOURS = { from: 22, to: 6 } as const;
/** A user gets at most this many alerts a Jakarta day on one channel; the rest wait a day. */
export const MAX_ALERTS_PER_DAY = 20;
/** Deliveries claimed per claim statement. */
const DELIVERIES_PER_CLAIM = 100;

export type MessageChannel = "push" | "telegram";

export type ClaimedDelivery = {
  id: number;
  userId: string;
  courseId: number;
  slug: string;
  title: string;
  expiresAt: Date | null;
  /** The language the user's alerts speak. */
  locale: Locale;
};

/** How one send went: sent; try again later (counted); failed for good; not tried (uncounted). */
export type SendVerdict = "sent" | "retry" | "failed" | "skip";

export type SendTickOutcome = { sent: number; failed: number; held: number };

export function inQuietHours(instant: Date): boolean {
  const hour = jakartaHour(instant);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.to;
}

/**
 * Claims waiting deliveries of one channel (pending, or claimed longer ago than the lease by a
 * sender that died) with SKIP LOCKED. Only a user's deliveries that fit under today's cap are
 * claimed; the rest stay pending.
 */
async function claimDueDeliveries(
  services: Services,
  channel: MessageChannel,
  token: string,
): Promise<ClaimedDelivery[]> {
  const now = services.clock.now();
  const dayStart = startOfJakartaDay(toJakartaDay(now)).toISOString();
  const result = (await services.db.execute(sql`
    with sent_today as (
      select user_id, count(*)::int as sent
        from alert_deliveries
       where channel = ${channel} and status = 'sent' and sent_at >= ${dayStart}::timestamptz
       group by user_id
    ),
    waiting as (
      select d.id, d.user_id,
             row_number() over (partition by d.user_id order by d.id) as position
        from alert_deliveries d
       where d.channel = ${channel}
         and d.status in ('pending', 'sending')
         and ${claimLapsed(sql`d.claimed_at`, now)}
    ),
    under_cap as (
      select w.id from waiting w left join sent_today s on s.user_id = w.user_id
       where w.position <= ${MAX_ALERTS_PER_DAY} - coalesce(s.sent, 0)
       order by w.id
       limit ${DELIVERIES_PER_CLAIM}
    ),
    claimed as (
      update alert_deliveries set status = 'sending', ${claimedBy(token, now)}
       where id in (select d.id from alert_deliveries d
                     where d.id in (select id from under_cap)
                     for update skip locked)
      returning id, user_id, course_id
    )
    select claimed.id, claimed.user_id, claimed.course_id, c.slug, c.title, c.expires_at,
           u.alert_locale
      from claimed join courses c on c.id = claimed.course_id
      join users u on u.id = claimed.user_id
     order by claimed.id`)) as unknown as {
    rows: Array<{
      id: number | string;
      user_id: string;
      course_id: number;
      slug: string;
      title: string;
      expires_at: string | Date | null;
      alert_locale: string;
    }>;
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    courseId: Number(row.course_id),
    slug: row.slug,
    title: row.title,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    locale: isLocale(row.alert_locale) ? row.alert_locale : "en",
  }));
}

/**
 * Records how a claimed delivery went, only while the claim is still ours: false when it was
 * taken over after the lease, or cancelled meanwhile (the channel was switched off).
 */
async function settle(
  services: Services,
  delivery: ClaimedDelivery,
  token: string,
  verdict: SendVerdict,
  error: string | null,
): Promise<boolean> {
  const now = services.clock.now().toISOString();
  const next = verdict === "retry" ? statusAfterFailedTry(sql`attempts`) : sql`${verdict}`;
  const change =
    verdict === "skip"
      ? // Not tried (the channel is rate-limited): back in the queue at once, the try uncounted.
        sql`status = 'pending', claim_token = null, claimed_at = null, attempts = attempts - 1`
      : sql`status = ${next}, claim_token = null, error = ${error},
            sent_at = ${verdict === "sent" ? sql`${now}::timestamptz` : sql`sent_at`}`;
  const result = (await services.db.execute(sql`
    update alert_deliveries set ${change}
     where id = ${delivery.id} and claim_token = ${token}
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export type MessageSender = (
  delivery: ClaimedDelivery,
) => Promise<{ verdict: SendVerdict; error?: string; stop?: boolean }>;

/**
 * One tick of a per-message channel: outside the quiet hours, claims and sends waiting
 * deliveries batch by batch until none is left. A retry waits out the lease before its next try
 * (a broken service is not hammered) and fails after MAX_DELIVERY_ATTEMPTS. A sender answering
 * `stop` (the service asks us to slow down) ends the tick; what it had claimed goes back unsent.
 */
export async function sendDueMessages(
  services: Services,
  channel: MessageChannel,
  send: MessageSender,
): Promise<SendTickOutcome> {
  const outcome: SendTickOutcome = { sent: 0, failed: 0, held: 0 };
  if (inQuietHours(services.clock.now())) return outcome;
  for (;;) {
    const token = randomBytes(16).toString("hex");
    const claimed = await claimDueDeliveries(services, channel, token);
    if (claimed.length === 0) return outcome;
    let stopped = false;
    for (const delivery of claimed) {
      if (stopped) {
        await settle(services, delivery, token, "skip", null);
        continue;
      }
      const result = await send(delivery);
      const ours = await settle(services, delivery, token, result.verdict, result.error ?? null);
      stopped = result.stop === true;
      if (!ours) continue;
      if (result.verdict === "sent") outcome.sent += 1;
      else if (result.verdict === "failed") outcome.failed += 1;
      else outcome.held += 1;
    }
    if (stopped || claimed.length < DELIVERIES_PER_CLAIM) return outcome;
  }
}
