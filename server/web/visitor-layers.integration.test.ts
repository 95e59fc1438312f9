import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import { users } from "../db/schema";
import { signInUser } from "../../tests/setup/api-test-server";
import {
  BROWSER_UA,
  startWebTestServerWithCourses,
  type WebTestServer,
} from "../../tests/setup/web-test-server";

let site: WebTestServer;
let courseIds: number[];

beforeAll(async () => {
  ({ site, courseIds } = await startWebTestServerWithCourses(["kept-layer-one", "kept-layer-two"]));
}, 120_000);
afterAll(async () => site?.stop());

/**
 * The personal layer at the end of a shared page (a course page) for this cookie. Not the course
 * list: a learner who opened a course has claimed it, and their list is rendered for them.
 */
async function layerOnSharedPage(cookie: string): Promise<PersonalLayer> {
  const response = await fetch(`${site.baseUrl}/course/kept-layer-one`, {
    headers: { cookie, "user-agent": BROWSER_UA },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  const block = new RegExp(`id="${PERSONAL_LAYER_ELEMENT_ID}">(.*?)</script>`).exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!) as PersonalLayer;
}

function heart(cookie: string, courseId: number) {
  return fetch(`${site.baseUrl}/favourites`, {
    method: "POST",
    body: new URLSearchParams({ courseId: String(courseId), favourite: "true" }),
    headers: { cookie, origin: site.baseUrl, "user-agent": BROWSER_UA },
    redirect: "manual",
  });
}

function open(cookie: string, courseId: number) {
  return fetch(`${site.baseUrl}/go/${courseId}`, {
    redirect: "manual",
    headers: {
      cookie,
      "user-agent": BROWSER_UA,
      "sec-fetch-dest": "document",
      "sec-fetch-mode": "navigate",
      "sec-fetch-site": "same-origin",
    },
  });
}

describe("a visitor's personal layer, kept between page views", () => {
  it("shows each device the account's own writes at once, and never another account's", async () => {
    const phone = await signInUser(site.services, "ana@example.com");
    const laptop = await signInUser(site.services, "ana@example.com");
    const budi = await signInUser(site.services, "budi@example.com");
    const [first, second] = courseIds as [number, number];

    for (const device of [phone, laptop, budi]) {
      const layer = await layerOnSharedPage(device.cookie);
      expect(layer.favouriteCourseIds).toEqual([]);
      expect(layer.viewer.creditsRemaining).toBe(10);
    }

    expect((await heart(laptop.cookie, first)).status).toBeLessThan(400);
    expect((await layerOnSharedPage(phone.cookie)).favouriteCourseIds).toEqual([first]);
    expect((await layerOnSharedPage(laptop.cookie)).favouriteCourseIds).toEqual([first]);
    expect((await layerOnSharedPage(budi.cookie)).favouriteCourseIds).toEqual([]);

    // Opening a course is a GET that spends: the other device sees the credit gone and the badge.
    expect((await open(phone.cookie, second)).status).toBe(302);
    const afterOpening = await layerOnSharedPage(laptop.cookie);
    expect(afterOpening.viewer.creditsRemaining).toBe(9);
    expect(afterOpening.visitedCourseIds).toEqual([second]);
    const budiAfter = await layerOnSharedPage(budi.cookie);
    expect(budiAfter.viewer.creditsRemaining).toBe(10);
    expect(budiAfter.visitedCourseIds).toEqual([]);
  });

  it("is kept: a change nobody announced shows only once the kept layer's minute is over", async () => {
    const carla = await signInUser(site.services, "carla@example.com");
    expect((await layerOnSharedPage(carla.cookie)).viewer.creditsRemaining).toBe(10);
    await site.services.db
      .update(users)
      .set({ creditBalance: 4 })
      .where(eq(users.id, carla.userId));
    expect((await layerOnSharedPage(carla.cookie)).viewer.creditsRemaining).toBe(10);
    site.clock.advance(60_000);
    expect((await layerOnSharedPage(carla.cookie)).viewer.creditsRemaining).toBe(4);
  });
});
