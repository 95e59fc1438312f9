import { toJakartaDay } from "../../../core/dates";
import type { UserRow } from "../../db/schema";
import type { Services } from "../../services";
import { hasPremium } from "./accounts";
import { listHistory } from "./credits";
import { listFavourites } from "../catalog/favourites";
import { listRedemptions } from "./redeem";

/** getUser: the account with its history, redeem history and liked courses. */
export async function getUserProfile(services: Services, user: UserRow) {
  const [history, favourites, redeemHistory] = await Promise.all([
    listHistory(services, user.id),
    listFavourites(services, user.id),
    listRedemptions(services, user.id),
  ]);
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
    history: history.map((entry) => ({
      link: entry.link,
      title: entry.title || "Course",
      date: toJakartaDay(new Date(entry.visitedAt)),
      courseId: entry.courseId,
    })),
    redeemHistory,
    likedCourses: favourites.map((course) => course.link),
  };
}
