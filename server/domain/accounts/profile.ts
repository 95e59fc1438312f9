import { sql } from "drizzle-orm";
import { toJakartaDay } from "../../../core/dates";
import {
  courses,
  favourites,
  redeemCodes,
  redemptions,
  visits,
  type UserRow,
} from "../../db/schema";
import type { Services } from "../../services";
import { hasPremium } from "./accounts";
import { HISTORY_LIMIT } from "./credits";
import { FAVOURITES_LIMIT } from "../catalog/favourites";

/** getUser: the account with its history, redeem history and liked courses. */
export async function getUserProfile(services: Services, user: UserRow) {
  const { history, likedCourses, redeemHistory } = await readProfileLists(services, user.id);
  const now = services.clock.now();
  return {
    userId: user.id,
    id: user.id,
    email: user.email,
    name: user.name,
    isPremium: user.isPremium || hasPremium(user, now),
    premiumUntil:
      user.premiumUntil && user.premiumUntil > now ? user.premiumUntil.toISOString() : null,
    creditBalance: user.creditBalance,
    clickCount: user.clickCount,
    lastCreditResetDate: user.lastCreditResetDate,
    joinedDate: toJakartaDay(user.joinedAt),
    isAppUser: user.isAppUser,
    history: history.map(([link, title, courseId, visitedAtMs]) => ({
      link,
      title: title || "Course",
      date: toJakartaDay(new Date(visitedAtMs)),
      courseId,
    })),
    redeemHistory: redeemHistory.map(([code, type, redeemedAtMs]) => ({
      code,
      timestamp: new Date(redeemedAtMs).toISOString(),
      type,
    })),
    likedCourses,
  };
}

/** Instants travel as epoch milliseconds: JSON has no timestamp type. */
type ProfileLists = {
  /** Newest first, as the dashboard's history lists them: link, title, course id, visited at. */
  history: Array<[string, string, number, number]>;
  /** The links of the liked courses, newest like first. */
  likedCourses: string[];
  /** Newest first: code, code type, redeemed at. */
  redeemHistory: Array<[string, string, number]>;
};

/**
 * The profile's three lists in one statement: an app polls getUser, and on the embedded database
 * every statement costs a turn of its single connection (three were a third of the read's time).
 * The same rows, order and limits as listHistory, listFavourites and listRedemptions.
 */
async function readProfileLists(services: Services, userId: string): Promise<ProfileLists> {
  const epochMs = (column: typeof visits.visitedAt | typeof redemptions.redeemedAt) =>
    sql`floor(extract(epoch from ${column}) * 1000)::float8`;
  const result = await services.db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(link, title, course_id, at) order by visited_at desc, id desc), '[]'::json)
         from (select ${courses.link} as link, ${courses.title} as title, ${visits.courseId} as course_id,
                      ${visits.visitedAt} as visited_at, ${visits.id} as id, ${epochMs(visits.visitedAt)} as at
                 from ${visits} inner join ${courses} on ${courses.id} = ${visits.courseId}
                where ${visits.subject} = ${userId}
                order by ${visits.visitedAt} desc, ${visits.id} desc
                limit ${HISTORY_LIMIT}) as history) as "history",
      (select coalesce(json_agg(link order by created_at desc), '[]'::json)
         from (select ${courses.link} as link, ${favourites.createdAt} as created_at
                 from ${favourites} inner join ${courses} on ${courses.id} = ${favourites.courseId}
                where ${favourites.subject} = ${userId}
                order by ${favourites.createdAt} desc
                limit ${FAVOURITES_LIMIT}) as liked) as "likedCourses",
      (select coalesce(json_agg(json_build_array(code, type, at) order by redeemed_at desc), '[]'::json)
         from (select ${redemptions.code} as code, ${redeemCodes.type} as type,
                      ${redemptions.redeemedAt} as redeemed_at, ${epochMs(redemptions.redeemedAt)} as at
                 from ${redemptions} inner join ${redeemCodes} on ${redeemCodes.code} = ${redemptions.code}
                where ${redemptions.userId} = ${userId}) as redeemed) as "redeemHistory"
  `);
  const [row] = (result as unknown as { rows: ProfileLists[] }).rows;
  return row!;
}
