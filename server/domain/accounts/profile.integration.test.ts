import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toJakartaDay } from "../../../core/dates";
import { courses, favourites, visits } from "../../db/schema";
import { couponRecord, seedCourses, signInUser } from "../../../tests/setup/api-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { eq } from "drizzle-orm";
import { listFavourites } from "../catalog/favourites";
import { findSessionUser } from "./accounts";
import { listHistory } from "./credits";
import { getUserProfile } from "./profile";
import { createRedeemCodes, listRedemptions, redeemCode } from "./redeem";

let harness: TestServices;
let courseIds: number[];

beforeAll(async () => {
  harness = await createTestServices();
  await seedCourses(
    harness.services,
    Array.from({ length: 6 }, () => couponRecord()),
  );
  courseIds = (await harness.services.db.select({ id: courses.id }).from(courses)).map(
    (row) => row.id,
  );
}, 60_000);
afterAll(async () => harness?.close());

describe("getUser's profile", () => {
  it("lists the history, liked courses and redemptions as the dashboard's lists do", async () => {
    const { services, clock } = harness;
    const user = await signInUser(services, "profile-lists@example.com");
    const [a, b, c, d] = courseIds as [number, number, number, number];
    // Two visits at one instant (their ids order them), one a day later, across a Jakarta midnight.
    const sameInstant = new Date("2026-11-20T16:30:00Z"); // 23:30 in Jakarta
    await services.db.insert(visits).values([
      { subject: user.userId, courseId: a, visitedAt: sameInstant, day: "2026-11-20" },
      { subject: user.userId, courseId: b, visitedAt: sameInstant, day: "2026-11-20" },
      {
        subject: user.userId,
        courseId: c,
        visitedAt: new Date("2026-11-20T17:30:00.123Z"), // 00:30 the next day in Jakarta
        day: "2026-11-21",
      },
    ]);
    // A course whose title is empty is named "Course".
    await services.db.update(courses).set({ title: "" }).where(eq(courses.id, c));
    await services.db.insert(favourites).values([
      { subject: user.userId, courseId: d, createdAt: new Date("2026-11-19T00:00:00Z") },
      { subject: user.userId, courseId: a, createdAt: new Date("2026-11-21T00:00:00Z") },
    ]);
    const [first, second] = await createRedeemCodes(services, {
      type: "credits",
      credits: 1,
      maxUses: 5,
      count: 2,
    });
    await redeemCode(services, user.userId, first!);
    clock.advance(60_000);
    await redeemCode(services, user.userId, second!);

    const row = (await findSessionUser(services, user.sessionId))!;
    const profile = await getUserProfile(services, row);

    const history = await listHistory(services, user.userId);
    expect(profile.history).toEqual(
      history.map((entry) => ({
        link: entry.link,
        title: entry.title || "Course",
        date: toJakartaDay(new Date(entry.visitedAt)),
        courseId: entry.courseId,
      })),
    );
    expect(profile.history.map((entry) => entry.courseId)).toEqual([c, b, a]);
    expect(profile.history[0]).toMatchObject({ title: "Course", date: "2026-11-21" });
    expect(profile.history[1]!.date).toBe("2026-11-20");

    const liked = await listFavourites(services, user.userId);
    expect(profile.likedCourses).toEqual(liked.map((course) => course.link));
    expect(profile.likedCourses).toHaveLength(2);

    expect(profile.redeemHistory).toEqual(await listRedemptions(services, user.userId));
    expect(profile.redeemHistory.map((entry) => entry.code)).toEqual([second, first]);
    expect(profile.redeemHistory[0]!.timestamp).toBe(clock.now().toISOString());
  });

  it("has empty lists for a user who has done nothing yet", async () => {
    const user = await signInUser(harness.services, "profile-empty@example.com");
    const row = (await findSessionUser(harness.services, user.sessionId))!;
    expect(await getUserProfile(harness.services, row)).toMatchObject({
      history: [],
      likedCourses: [],
      redeemHistory: [],
    });
  });
});
