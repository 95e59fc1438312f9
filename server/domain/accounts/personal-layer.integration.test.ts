import { beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { newCouponRecord } from "../../adapters/coupon-feeds/coupon-record";
import { courses } from "../../db/schema";
import { describeViewer, signInWithLocalIdentity } from "./accounts";
import { openCourse } from "./credits";
import { setFavourite } from "../catalog/favourites";
import { importCouponRecords } from "../ingest/import-records";
import { loadVisitorFacts, personalLayerFrom } from "./personal-layer";
import { createRedeemCodes, redeemCode } from "./redeem";
import { addReview } from "../catalog/reviews";
import type { PersonalScope } from "../../../core/personal-layer";
import type { UserRow } from "../../db/schema";

let harness: TestServices;
let courseIds: number[] = [];

async function userNamed(label: string): Promise<UserRow> {
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${label}@example.com`,
  });
  return user;
}

/** The layer a page shows, cut from the visitor's facts (every list kept, or asked per page). */
async function layerOf(
  user: UserRow | null,
  scope: Partial<PersonalScope>,
  options: { anonymousId?: string; marksKept?: number } = {},
) {
  const identity = { user, anonymousId: options.anonymousId ?? null, isAppClient: false };
  const fresh = { ...identity, viewer: await describeViewer(harness.services, identity) };
  const facts = await loadVisitorFacts(harness.services, fresh, options.marksKept);
  return personalLayerFrom(harness.services, facts!, {
    courseIds: [],
    showsRedemptions: false,
    reviewCourseId: null,
    ...scope,
  });
}

beforeAll(async () => {
  harness = await createTestServices({ now: "2026-11-22T10:00:00+07:00" });
  const records = Array.from({ length: 4 }, (_, index) =>
    newCouponRecord({
      courseUrl: `https://www.udemy.com/course/layer-${index}/?couponCode=LAYER${index}`,
      couponCode: `LAYER${index}`,
      title: `Layer course ${index}`,
      category: "Development",
      expiresAt: new Date("2026-12-31T00:00:00Z"),
      foundAt: new Date("2026-11-21T02:00:00Z"),
    }),
  );
  await importCouponRecords(harness.services, records, "test");
  courseIds = (await harness.services.db.select({ id: courses.id }).from(courses)).map(
    (row) => row.id,
  );
});

describe("a visitor's personal layer", () => {
  it("holds only this visitor's marks, among the page's courses, and their credits", async () => {
    const ana = await userNamed("layer-ana");
    const budi = await userNamed("layer-budi");
    const [first, second, third] = courseIds as [number, number, number];
    await setFavourite(harness.services, ana.id, first, true);
    await setFavourite(harness.services, ana.id, third, true);
    await setFavourite(harness.services, budi.id, second, true);
    await openCourse(harness.services, { kind: "user", userId: ana.id }, second);

    const anaAfterOpen = (await harness.services.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.id, ana.id),
    }))!;
    // The page shows the first two courses: the third is Ana's favourite but not on it.
    const anaLayer = await layerOf(anaAfterOpen, { courseIds: [first, second] });
    expect(anaLayer.favouriteCourseIds).toEqual([first]);
    expect(anaLayer.visitedCourseIds).toEqual([second]);
    expect(anaLayer.viewer).toMatchObject({ signedIn: true, email: "layer-ana@example.com" });
    expect(anaLayer.viewer.creditsRemaining).toBe(9);

    const budiLayer = await layerOf(budi, { courseIds: [first, second] });
    expect(budiLayer.favouriteCourseIds).toEqual([second]);
    expect(budiLayer.visitedCourseIds).toEqual([]);
    expect(budiLayer.viewer.creditsRemaining).toBe(10);
  });

  it("lists redemptions only for a page that shows the redeem section", async () => {
    const cita = await userNamed("layer-cita");
    const [code] = await createRedeemCodes(harness.services, {
      type: "credits",
      credits: 5,
      maxUses: 1,
    });
    expect((await redeemCode(harness.services, cita.id, code!)).success).toBe(true);
    expect(
      (await layerOf(cita, { showsRedemptions: true })).redemptions.map((entry) => entry.code),
    ).toEqual([code]);
    expect((await layerOf(cita, {})).redemptions).toEqual([]);
  });

  it("cuts the same layer from the facts whether a visitor's lists are kept or too long to keep", async () => {
    const dewi = await userNamed("layer-dewi");
    const [first, second, third, fourth] = courseIds as [number, number, number, number];
    await setFavourite(harness.services, dewi.id, first, true);
    await setFavourite(harness.services, dewi.id, fourth, true);
    await openCourse(harness.services, { kind: "user", userId: dewi.id }, third);
    await addReview(harness.services, dewi.id, {
      courseId: third,
      rating: 5,
      text: "Clear and useful",
    });
    const dewiNow = (await harness.services.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.id, dewi.id),
    }))!;
    const scopes: Partial<PersonalScope>[] = [
      { courseIds: [first, second, third] },
      { courseIds: [third], reviewCourseId: third },
      { courseIds: [second], reviewCourseId: second },
    ];
    const expected = [
      { favouriteCourseIds: [first], visitedCourseIds: [third], review: null },
      { favouriteCourseIds: [], visitedCourseIds: [third], review: { reviewed: true } },
      { favouriteCourseIds: [], visitedCourseIds: [], review: { reviewed: false } },
    ];
    for (const marksKept of [500, 0]) {
      for (const [index, scope] of scopes.entries()) {
        const layer = await layerOf(dewiNow, scope, { marksKept });
        expect(layer).toMatchObject(expected[index]!);
        if (layer.review) expect(layer.review.reviewsLeft).toBeGreaterThan(0);
      }
    }
  });

  it("gives an anonymous visitor their own Visited badges, and no review or redemptions", async () => {
    const anonymousId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const [first, second] = courseIds as [number, number];
    await openCourse(
      harness.services,
      { kind: "anonymous", anonymousId, ip: "203.0.113.9" },
      second,
    );
    const layer = await layerOf(
      null,
      { courseIds: [first, second], reviewCourseId: second, showsRedemptions: true },
      { anonymousId },
    );
    expect(layer).toMatchObject({ visitedCourseIds: [second], redemptions: [], review: null });
    expect(layer.viewer.signedIn).toBe(false);
  });

  it("has no facts for a request that is nobody", async () => {
    const identity = { user: null, anonymousId: null, isAppClient: false };
    const viewer = await describeViewer(harness.services, identity);
    expect(await loadVisitorFacts(harness.services, { ...identity, viewer })).toBeNull();
  });
});
