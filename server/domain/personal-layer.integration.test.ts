import { beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../tests/setup/test-services";
import { newCouponRecord } from "../adapters/coupon-feeds/coupon-record";
import { courses } from "../db/schema";
import { describeViewer, signInWithLocalIdentity } from "./accounts";
import { openCourse } from "./credits";
import { setFavourite } from "./favourites";
import { importCouponRecords } from "./ingest/import-records";
import { buildPersonalLayer } from "./personal-layer";
import { createRedeemCodes, redeemCode } from "./redeem";
import type { UserRow } from "../db/schema";

let harness: TestServices;
let courseIds: number[] = [];

async function userNamed(label: string): Promise<UserRow> {
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${label}@example.com`,
  });
  return user;
}

async function layerOf(user: UserRow, scopeIds: number[], showsRedemptions: boolean) {
  const identity = { user, anonymousId: null, isAppClient: false };
  const fresh = { ...identity, viewer: await describeViewer(harness.services, identity) };
  return buildPersonalLayer(harness.services, fresh, {
    courseIds: scopeIds,
    showsRedemptions,
    reviewCourseId: null,
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
    const anaLayer = await layerOf(anaAfterOpen, [first, second], false);
    expect(anaLayer.favouriteCourseIds).toEqual([first]);
    expect(anaLayer.visitedCourseIds).toEqual([second]);
    expect(anaLayer.viewer).toMatchObject({ signedIn: true, email: "layer-ana@example.com" });
    expect(anaLayer.viewer.creditsRemaining).toBe(9);

    const budiLayer = await layerOf(budi, [first, second], false);
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
    expect((await layerOf(cita, [], true)).redemptions.map((entry) => entry.code)).toEqual([code]);
    expect((await layerOf(cita, [], false)).redemptions).toEqual([]);
  });
});
