import { sql } from "drizzle-orm";
import type { Services } from "../../services";
import { listedCondition } from "../catalog";

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
 *   never about a course they were already told about, whatever the coupon;
 * one delivery per channel the user has on (e-mail), and one per course and coupon whether one
 * reason or several point at it (a watch wins over a search).
 *
 * Saved searches are found through their anchor (first three characters of the longest word):
 * every 1-, 2- and 3-character piece of a new title is joined with the anchors, so a search is
 * only checked word by word against titles that hold its anchor.
 */
export async function queueAlertsForNewCoupons(services: Services): Promise<MatchOutcome> {
  const total: MatchOutcome = { coupons: 0, queued: 0 };
  for (;;) {
    const now = services.clock.now();
    const at = now.toISOString();
    const result = (await services.db.execute(sql`
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
               generate_series(1, 3) as size,
               generate_series(1, length(nc.title) - size + 1) as position
      ),
      matches as (
        select w.user_id, nc.id as course_id, 0 as rank, null::integer as saved_search_id
          from alert_watches w join new_courses nc on nc.id = w.course_id
        union all
        select s.user_id, nc.id, 1, s.id
          from title_pieces p
          join saved_searches s on s.anchor = p.piece
          join new_courses nc on nc.id = p.course_id
         where (s.category is null or s.category = nc.category)
           and (s.language is null or s.language = nc.language)
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
           and not exists (
             select 1 from unnest(s.words) as word where strpos(nc.title, word) = 0)
        union all
        -- Searches without words have a filter (saving refuses none): join on the first one.
        select s.user_id, nc.id, 1, s.id
          from saved_searches s join new_courses nc on nc.category = s.category
         where s.anchor is null
           and (s.language is null or s.language = nc.language)
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
        union all
        select s.user_id, nc.id, 1, s.id
          from saved_searches s join new_courses nc on nc.language = s.language
         where s.anchor is null and s.category is null
           and (s.min_rating = 0 or nc.review_average >= s.min_rating)
        union all
        select s.user_id, nc.id, 1, s.id
          from saved_searches s join new_courses nc on nc.review_average >= s.min_rating
         where s.anchor is null and s.category is null and s.language is null
      ),
      chosen as (
        select distinct on (m.user_id, m.course_id)
               m.user_id, m.course_id, nc.coupon_code, m.rank, m.saved_search_id
          from matches m join new_courses nc on nc.id = m.course_id
         order by m.user_id, m.course_id, m.rank, m.saved_search_id
      ),
      queued as (
        insert into alert_deliveries
               (user_id, course_id, coupon_code, channel, reason, saved_search_id, created_at)
        select chosen.user_id, chosen.course_id, chosen.coupon_code, 'email',
               case when chosen.rank = 0 then 'watch' else 'search' end,
               chosen.saved_search_id, ${at}::timestamptz
          from chosen
          join alert_channels ac on ac.user_id = chosen.user_id and ac.email_enabled
         where chosen.rank = 0
            or not exists (
              select 1 from alert_deliveries told
               where told.user_id = chosen.user_id and told.course_id = chosen.course_id
                 and told.channel = 'email')
        on conflict do nothing
        returning 1
      )
      select (select count(*) from fresh) as coupons, (select count(*) from queued) as queued
    `)) as unknown as { rows: Counts[] };
    const counts = result.rows[0]!;
    const coupons = Number(counts.coupons);
    total.coupons += coupons;
    total.queued += Number(counts.queued);
    if (coupons < COUPONS_PER_STATEMENT) return total;
  }
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
