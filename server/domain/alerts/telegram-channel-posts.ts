import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "../catalog/catalog";
import { claimedBy, claimLapsed, statusAfterFailedTry } from "./delivery-queue";
import { buildCourseMessage } from "./telegram-message";

/**
 * The site's Telegram channel (TELEGRAM_CHANNEL): every coupon listed from the moment the channel
 * was first served on is posted there once. Coupons come from alert matching's record of the
 * coupons it looked at (alert_matched_coupons: each listed coupon once), so a coupon is news to
 * the channel exactly when it is news to alerts. Posting runs on the instance holding the bot's
 * lease, one post at a time, under Telegram's limit for one chat.
 */

/**
 * The channel is one public chat for the whole site, so it speaks one language: Indonesian, the
 * language of most of the site's visitors (decision 0026, "the language alerts speak"). Its links
 * open the Indonesian pages; each page has its language switch.
 */
export const CHANNEL_LOCALE: Locale = "id";

/** Telegram's limit of messages a minute to one group or channel. */
export const CHANNEL_POSTS_PER_MINUTE = 20;
/** Posts spread evenly over the minute rather than in a burst. */
export const CHANNEL_POST_GAP_MS = 60_000 / CHANNEL_POSTS_PER_MINUTE;
/**
 * Matching stamps coupons with the time of its statement, which commits moments later; looking
 * back this far (never before the channel's start) finds every coupon matched since the last look
 * while reading only recent rows.
 */
const LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

export type ChannelPostOutcome = {
  posted: number;
  skipped: number;
  failed: number;
  /** Why posting stopped early: the minute's allowance is used, or Telegram failed. */
  stoppedBy: "rate" | "telegram" | null;
};

/** Queues the coupons matched since the channel's start (its first look); returns how many new. */
export async function queueChannelPosts(services: Services, channel: string): Promise<number> {
  const now = services.clock.now();
  const sinceKey = `channel_since:${channel}`;
  // A new channel starts now: the catalogue listed before it is not news.
  await services.db.execute(sql`
    insert into telegram_bot_state (key, value, updated_at)
    values (${sinceKey}, ${now.toISOString()}, ${now.toISOString()}::timestamptz)
    on conflict (key) do nothing`);
  const floor = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const queued = (await services.db.execute(sql`
    insert into telegram_channel_posts (channel, course_id, coupon_code, created_at)
    select ${channel}, m.course_id, m.coupon_code, ${now.toISOString()}::timestamptz
      from alert_matched_coupons m
     where m.matched_at >= greatest(
             (select value::timestamptz from telegram_bot_state where key = ${sinceKey}),
             ${floor}::timestamptz)
     order by m.matched_at, m.course_id
    on conflict do nothing
    returning 1`)) as unknown as { rows: unknown[] };
  return queued.rows.length;
}

type Claimed = { courseId: number; couponCode: string };

async function postedInLastMinute(services: Services, channel: string): Promise<number> {
  const since = new Date(services.clock.now().getTime() - 60_000).toISOString();
  const result = (await services.db.execute(sql`
    select count(*)::int as posted from telegram_channel_posts
     where channel = ${channel} and status = 'posted' and posted_at > ${since}::timestamptz`)) as unknown as {
    rows: Array<{ posted: number }>;
  };
  return Number(result.rows[0]?.posted ?? 0);
}

/** The oldest waiting post (pending, and not under a live claim), claimed with SKIP LOCKED. */
async function claimNextPost(
  services: Services,
  channel: string,
  token: string,
): Promise<Claimed | null> {
  const now = services.clock.now();
  const result = (await services.db.execute(sql`
    update telegram_channel_posts p
       set ${claimedBy(token, now)}
     where (p.channel, p.course_id, p.coupon_code) = (
             select w.channel, w.course_id, w.coupon_code from telegram_channel_posts w
              where w.channel = ${channel} and w.status = 'pending'
                and ${claimLapsed(sql`w.claimed_at`, now)}
              order by w.created_at, w.course_id
              limit 1
              for update skip locked)
    returning p.course_id, p.coupon_code`)) as unknown as {
    rows: Array<{ course_id: number; coupon_code: string }>;
  };
  const row = result.rows[0];
  return row ? { courseId: Number(row.course_id), couponCode: row.coupon_code } : null;
}

async function settlePost(
  services: Services,
  channel: string,
  post: Claimed,
  token: string,
  change: "posted" | "skipped" | "failed" | "retry" | "untried",
  error: string | null = null,
) {
  const now = services.clock.now().toISOString();
  const set =
    change === "untried"
      ? sql`claim_token = null, claimed_at = null, attempts = attempts - 1`
      : change === "retry"
        ? sql`claim_token = null, error = ${error},
              status = ${statusAfterFailedTry(sql`attempts`)}`
        : sql`claim_token = null, error = ${error}, status = ${change},
              posted_at = ${change === "posted" ? sql`${now}::timestamptz` : sql`null`}`;
  await services.db.execute(sql`
    update telegram_channel_posts set ${set}
     where channel = ${channel} and course_id = ${post.courseId}
       and coupon_code = ${post.couponCode} and claim_token = ${token}`);
}

/**
 * Posts waiting coupons to the channel, at most `limit`, while fewer than
 * CHANNEL_POSTS_PER_MINUTE were posted in the last minute (counted in the table, so a restart or
 * a new lease holder keeps to it too). A coupon no longer listed when its turn comes is skipped:
 * the channel never advertises a coupon that has ended. A failing channel (the bot is not its
 * admin, Telegram is down) stops the round; each post is tried 5 times, never forever.
 */
export async function postDueChannelPosts(
  services: Services,
  options: { limit: number },
): Promise<ChannelPostOutcome> {
  const outcome: ChannelPostOutcome = { posted: 0, skipped: 0, failed: 0, stoppedBy: null };
  const bot = services.telegram;
  const channel = services.config.telegram?.channel;
  if (!bot || !channel) return outcome;
  const siteUrl = services.config.publicSiteUrl;
  for (let tried = 0; tried < options.limit; tried += 1) {
    if ((await postedInLastMinute(services, channel)) >= CHANNEL_POSTS_PER_MINUTE) {
      outcome.stoppedBy = "rate";
      return outcome;
    }
    const token = randomBytes(16).toString("hex");
    const post = await claimNextPost(services, channel, token);
    if (!post) return outcome;
    const [course] = await services.db
      .select({ slug: courses.slug, title: courses.title, expiresAt: courses.expiresAt })
      .from(courses)
      .where(
        and(
          eq(courses.id, post.courseId),
          sql`coalesce(${courses.couponCode}, '') = ${post.couponCode}`,
          listedCondition(services),
        ),
      );
    if (!course) {
      await settlePost(services, channel, post, token, "skipped", "no longer listed");
      outcome.skipped += 1;
      continue;
    }
    const now = services.clock.now();
    const answer = await bot.sendMessage(
      channel,
      buildCourseMessage(
        siteUrl,
        m.alerts_telegram_channel_heading({}, { locale: CHANNEL_LOCALE }),
        course,
        now,
        CHANNEL_LOCALE,
      ),
    );
    if (answer.ok) {
      await settlePost(services, channel, post, token, "posted");
      outcome.posted += 1;
      continue;
    }
    const { failure } = answer;
    if (failure.kind === "rejected") {
      await settlePost(services, channel, post, token, "failed", failure.description);
      outcome.failed += 1;
      continue;
    }
    services.logger.error({ channel, failure }, "Telegram channel post failed");
    await settlePost(
      services,
      channel,
      post,
      token,
      failure.kind === "rate-limited" ? "untried" : "retry",
      failure.description,
    );
    outcome.stoppedBy = "telegram";
    return outcome;
  }
  return outcome;
}
