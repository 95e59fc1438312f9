import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { coursePath } from "../../../core/course-paths";
import { TRUNCATE, truncate } from "../../../core/text";
import type { Services } from "../../services";
import { sendPushToUser } from "../push-subscriptions";
import { DIGEST_LEASE_MS, jakartaHour, MAX_DIGEST_ATTEMPTS } from "./email-digest";

/** Pushes wait through the night: from 22:00 to 06:00 Asia/Jakarta nothing is sent. */
export const QUIET_HOURS = { from: 22, to: 6 } as const;
/** A user gets at most this many alert pushes a Jakarta day; the rest wait for the next day. */
export const MAX_PUSHES_PER_DAY = 20;
/** Deliveries claimed per claim statement. */
const PUSHES_PER_CLAIM = 100;

export type PushTickOutcome = { sent: number; failed: number; held: number };

export function inQuietHours(instant: Date): boolean {
  const hour = jakartaHour(instant);
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.to;
}

/** The start of the Jakarta day that holds `instant` (UTC+7, no DST). */
function startOfJakartaDay(instant: Date): Date {
  const jakarta = new Date(instant.getTime() + 7 * 3600_000);
  jakarta.setUTCHours(0, 0, 0, 0);
  return new Date(jakarta.getTime() - 7 * 3600_000);
}

type Claimed = { id: number; userId: string; courseId: number; slug: string; title: string };

/**
 * Claims waiting push deliveries (pending, or claimed longer ago than the lease by a sender that
 * died) with SKIP LOCKED, so instances share them and none is sent twice by two of them. Only a
 * user's deliveries that fit under today's cap are claimed; the rest stay pending.
 */
async function claimDuePushes(services: Services, token: string): Promise<Claimed[]> {
  const now = services.clock.now();
  const staleBefore = new Date(now.getTime() - DIGEST_LEASE_MS).toISOString();
  const dayStart = startOfJakartaDay(now).toISOString();
  const result = (await services.db.execute(sql`
    with sent_today as (
      select user_id, count(*)::int as sent
        from alert_deliveries
       where channel = 'push' and status = 'sent' and sent_at >= ${dayStart}::timestamptz
       group by user_id
    ),
    waiting as (
      select d.id, d.user_id,
             row_number() over (partition by d.user_id order by d.id) as position
        from alert_deliveries d
       where d.channel = 'push'
         and d.status in ('pending', 'sending')
         and (d.claimed_at is null or d.claimed_at < ${staleBefore}::timestamptz)
    ),
    under_cap as (
      select w.id from waiting w left join sent_today s on s.user_id = w.user_id
       where w.position <= ${MAX_PUSHES_PER_DAY} - coalesce(s.sent, 0)
       order by w.id
       limit ${PUSHES_PER_CLAIM}
    ),
    claimed as (
      update alert_deliveries set status = 'sending', claim_token = ${token},
             claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
       where id in (select d.id from alert_deliveries d
                     where d.id in (select id from under_cap)
                     for update skip locked)
      returning id, user_id, course_id
    )
    select claimed.id, claimed.user_id, claimed.course_id, c.slug, c.title
      from claimed join courses c on c.id = claimed.course_id
     order by claimed.id`)) as unknown as {
    rows: Array<{
      id: number | string;
      user_id: string;
      course_id: number;
      slug: string;
      title: string;
    }>;
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    courseId: Number(row.course_id),
    slug: row.slug,
    title: row.title,
  }));
}

async function settle(
  services: Services,
  delivery: Claimed,
  token: string,
  status: "sent" | "failed" | "retry",
  error: string | null,
) {
  const now = services.clock.now().toISOString();
  const next =
    status === "retry"
      ? sql`case when attempts >= ${MAX_DIGEST_ATTEMPTS} then 'failed' else 'pending' end`
      : sql`${status}`;
  await services.db.execute(sql`
    update alert_deliveries
       set status = ${next}, claim_token = null, error = ${error},
           sent_at = ${status === "sent" ? sql`${now}::timestamptz` : sql`sent_at`}
     where id = ${delivery.id} and claim_token = ${token}`);
}

/**
 * One tick of push alerts: outside quiet hours, sends each waiting push delivery to every active
 * browser of its user (one notification per course; the same tag replaces an older one). Marked
 * sent once a push service accepted it; a user whose browsers are all gone gets the delivery
 * marked failed (the dashboard says why each browser stopped); a push service that failed for a
 * while puts it back, failed after MAX_DIGEST_ATTEMPTS tries.
 */
export async function sendDuePushes(services: Services): Promise<PushTickOutcome> {
  const outcome: PushTickOutcome = { sent: 0, failed: 0, held: 0 };
  if (!services.push || inQuietHours(services.clock.now())) return outcome;
  for (;;) {
    const token = randomBytes(16).toString("hex");
    const claimed = await claimDuePushes(services, token);
    if (claimed.length === 0) return outcome;
    for (const delivery of claimed) {
      const result = await sendPushToUser(services, delivery.userId, {
        title: truncate(delivery.title, TRUNCATE.cardTitle),
        body: "Free now on Kursusku. Open it before the coupon runs out.",
        url: coursePath(delivery.slug),
        tag: `course-${delivery.courseId}`,
      });
      if (result.sent > 0) {
        await settle(services, delivery, token, "sent", null);
        outcome.sent += 1;
      } else if (result.retryable) {
        await settle(services, delivery, token, "retry", "push service failed");
        outcome.held += 1;
      } else {
        await settle(services, delivery, token, "failed", "no browser takes push alerts");
        outcome.failed += 1;
      }
    }
    if (claimed.length < PUSHES_PER_CLAIM) return outcome;
  }
}
