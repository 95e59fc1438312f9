import { sql } from "drizzle-orm";
import type { Services } from "../../services";
import { lowerTitleHoldsEveryWord } from "../../db/like-pattern";
import { listedCondition } from "../catalog/catalog";
import { ANCHOR_LENGTH } from "./saved-searches";

/**
 * New courses one saved search tells of per matching statement (its best-rated ones): a digest
 * or a phone should hear of the best ten, not of every course a whole category listed today.
 * The search's private feed and the home list still show every match.
 */
export const MAX_COURSES_PER_SEARCH_PER_RUN = 10;

/** Coupons matched per statement: bounds one statement's work after a very large ingest. */
const COUPONS_PER_STATEMENT = 2_000;

export type MatchOutcome = {
  /** Listed coupons looked at for the first time. */
  coupons: number;
  /** Deliveries queued for them. */
  queued: number;
};

type Counts = { coupons: number | string; queued: number | string };

/**
 * Queues alert deliveries for every listed coupon that matching has not looked at yet, in SQL,
 * without loading users or searches into memory. Runs after an ingest run has committed (and
 * again on each digest tick, which catches up a run that died in between). Each coupon is looked
 * at once (alert_matched_coupons), in the same statement that queues its deliveries.
 *
 * Who is told:
 * - users watching the course: once per new coupon of it;
 * - users with a saved search the course now matches (every word in the title, as the home
 *   search; the category, language and minimum rating of our reviews, as the home filters) —
 *   never about a course they were already told about, whatever the coupon, and of at most
 *   MAX_COURSES_PER_SEARCH_PER_RUN courses per search and statement;
 * one delivery per channel that the alert names and the user has on (e-mail; push while one of
 * their browsers takes it; Telegram while their linked chat takes it), and one per course and
 * coupon whether one reason or several point at it (a watch wins over a search).
 *
 * Saved searches are found through their anchor (first four characters of the longest word):
 * every piece of a new title of one to four characters is joined with the anchors, so a search is
 * only checked word by word against titles that hold its anchor.
 */
export async function queueAlertsForNewCoupons(services: Services): Promise<MatchOutcome> {
  const total: MatchOutcome = { coupons: 0, queued: 0 };
  for (;;) {
    const result = (await services.db.execute(
      matchingStatement(services, services.clock.now()),
    )) as unknown as { rows: Counts[] };
    const counts = result.rows[0]!;
    const coupons = Number(counts.coupons);
    total.coupons += coupons;
    total.queued += Number(counts.queued);
    if (coupons < COUPONS_PER_STATEMENT) return total;
  }
}

/**
 * The one statement that matches a batch of new coupons and queues their deliveries; "count"
 * only counts what it would queue (the bench times finding apart from writing).
 */
export function matchingStatement(
  services: Services,
  now: Date,
  mode: "queue" | "count" = "queue",
) {
  const at = now.toISOString();
  const wanted = sql`
        select chosen.user_id, chosen.course_id, nc.coupon_code, chosen.channel,
               case when chosen.rank = 0 then 'watch' else 'search' end,
               chosen.saved_search_id, ${at}::timestamptz
          from chosen join new_courses nc on nc.id = chosen.course_id
         where chosen.rank = 0
            or not exists (
              select 1 from told
               where told.user_id = chosen.user_id and told.course_id = chosen.course_id
                 and told.channel = chosen.channel)`;
  return sql`
      with fresh as (
        insert into alert_matched_coupons (course_id, coupon_code, matched_at)
        select courses.id, coalesce(courses.coupon_code, ''), ${at}::timestamptz
          from courses
         where ${listedCondition(services, now)}
           and not exists (
             select 1 from alert_matched_coupons matched
              where matched.course_id = courses.id
                and matched.coupon_code = coalesce(courses.coupon_code, ''))
         order by courses.id
         limit ${COUPONS_PER_STATEMENT}
        on conflict do nothing
        returning course_id, coupon_code
      ),
      new_courses as (
        select c.id, fresh.coupon_code, lower(c.title) as title, c.category, c.language,
               c.review_average
          from fresh join courses c on c.id = fresh.course_id
      ),
      title_pieces as (
        select distinct nc.id as course_id, substr(nc.title, position, size) as piece
          from new_courses nc,
               generate_series(1, ${ANCHOR_LENGTH}::int) as size,
               generate_series(1, length(nc.title) - size + 1) as position
      ),
      -- Materialized, so the planner cannot start from every search against every course.
      candidates as materialized (
        select p.course_id, s.id, s.user_id, s.words, s.category, s.language, s.min_rating,
               s.channels
          from title_pieces p join saved_searches s on s.anchor = p.piece
      ),
      search_matches as (
        select s.user_id, nc.id as course_id, s.id as saved_search_id, s.channels,
               nc.review_average
          from candidates s join new_courses nc on nc.id = s.course_id
         where (s.category is null or s.category = nc.category)
           and (s.language is null or s.language = nc.language)
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
           and ${lowerTitleHoldsEveryWord(sql`nc.title`, sql`s.words`)}
        union all
        -- Searches without words have a filter (saving refuses none): join on the first one.
        select s.user_id, nc.id, s.id, s.channels, nc.review_average
          from saved_searches s join new_courses nc on nc.category = s.category
         where s.anchor is null
           and (s.language is null or s.language = nc.language)
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
        union all
        select s.user_id, nc.id, s.id, s.channels, nc.review_average
          from saved_searches s join new_courses nc on nc.language = s.language
         where s.anchor is null and s.category is null
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
        union all
        select s.user_id, nc.id, s.id, s.channels, nc.review_average
          from saved_searches s join new_courses nc on nc.review_average >= s.min_rating
         where s.anchor is null and s.category is null and s.language is null
      ),
      -- A search tells of its best-rated new courses only (then the newest): a broad search
      -- such as a whole category would otherwise turn one ingest run into a flood.
      capped_search_matches as (
        select ranked.user_id, ranked.course_id, ranked.saved_search_id, ranked.channels
          from (select sm.*,
                       row_number() over (partition by sm.saved_search_id
                                          order by sm.review_average desc nulls last,
                                                   sm.course_id desc) as position
                  from search_matches sm) ranked
         where ranked.position <= ${MAX_COURSES_PER_SEARCH_PER_RUN}
      ),
      matches as (
        select w.user_id, nc.id as course_id, 0 as rank, null::integer as saved_search_id,
               w.channels
          from alert_watches w join new_courses nc on nc.id = w.course_id
        union all
        select c.user_id, c.course_id, 1, c.saved_search_id, c.channels
          from capped_search_matches c
      ),
      -- The channels each matched user has on: e-mail, push while a browser takes it, Telegram
      -- while a linked chat takes it.
      user_channels as (
        select ac.user_id, 'email' as channel from alert_channels ac
         where ac.email_enabled and ac.user_id in (select user_id from matches)
        union
        select ps.user_id, 'push' from push_subscriptions ps
         where ps.disabled_at is null and ps.user_id in (select user_id from matches)
        union
        select tc.user_id, 'telegram' from telegram_chats tc
         where tc.disabled_at is null and tc.user_id in (select user_id from matches)
      ),
      -- One delivery per user, course and channel, on the channels both the alert names and the
      -- user has on; when several alerts point at one course on a channel, a watch wins.
      chosen as (
        select distinct on (m.user_id, m.course_id, uc.channel)
               m.user_id, m.course_id, uc.channel, m.rank, m.saved_search_id
          from matches m
          join user_channels uc
            on uc.user_id = m.user_id and uc.channel = any(m.channels)
         order by m.user_id, m.course_id, uc.channel, m.rank, m.saved_search_id
      ),
      -- Who was told about these courses already on which channel, read once before anything is queued.
      told as materialized (
        select distinct told.user_id, told.course_id, told.channel
          from alert_deliveries told join new_courses nc on nc.id = told.course_id
      ),
      queued as (${
        mode === "queue"
          ? sql`insert into alert_deliveries
                  (user_id, course_id, coupon_code, channel, reason, saved_search_id, created_at)
                ${wanted} on conflict do nothing returning 1`
          : wanted
      })
      select (select count(*) from fresh) as coupons, (select count(*) from queued) as queued
    `;
}

/**
 * Notes every listed coupon as already matched, telling nobody: for a catalogue that arrives all
 * at once (the demo seed of a new site), which is not news to anyone.
 */
export async function noteListedCouponsAsMatched(services: Services): Promise<void> {
  await services.db.execute(sql`
    insert into alert_matched_coupons (course_id, coupon_code, matched_at)
    select courses.id, coalesce(courses.coupon_code, ''), ${services.clock.now().toISOString()}::timestamptz
      from courses where ${listedCondition(services)}
    on conflict do nothing`);
}
