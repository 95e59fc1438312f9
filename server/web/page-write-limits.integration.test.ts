import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCouponRecord } from "../adapters/coupon-feeds/coupon-record";
import { courses, favourites } from "../db/schema";
import { importCouponRecords } from "../domain/ingest/import-records";
import { PER_IP_LIMITS, TOO_MANY_REQUESTS } from "../domain/accounts/request-limits";
import { signInUser } from "../../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../../tests/setup/web-test-server";

let site: WebTestServer;
let courseId: number;

beforeAll(async () => {
  site = await startWebTestServer({ now: "2024-03-06T10:00:00+07:00" });
  await importCouponRecords(
    site.services,
    [
      newCouponRecord({
        courseUrl: "https://www.udemy.com/course/limits/?couponCode=LIMITS",
        couponCode: "LIMITS",
        title: "Course limits",
        category: "Development",
        language: "English",
        expiresAt: new Date("2030-01-01T00:00:00Z"),
        foundAt: new Date("2024-03-06T01:00:00Z"),
      }),
    ],
    "test",
  );
  const [row] = await site.services.db.select({ id: courses.id }).from(courses);
  courseId = row!.id;
}, 180_000);

afterAll(async () => site?.stop());

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.baseUrl, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

const favouriteRows = async () =>
  (await site.services.db.select({ n: count() }).from(favourites))[0]!.n;

describe("per-IP limits on the pages' own writes", () => {
  it("lets one IP's visitors add favourites as fast as the API's write limit, then answers 429 and stores nothing", async () => {
    // Each request is a new visitor (no cookie): only the IP ties them together.
    for (let index = 0; index < PER_IP_LIMITS.write.points; index += 1) {
      const answer = await post("/favourites", { courseId: String(courseId), favourite: "true" });
      expect(answer.status, `favourite ${index + 1}`).toBe(200);
    }
    const before = await favouriteRows();
    expect(before).toBe(PER_IP_LIMITS.write.points);
    const refused = await post("/favourites", { courseId: String(courseId), favourite: "true" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_REQUESTS);
    expect(await favouriteRows()).toBe(before);

    // The heart's no-JavaScript form goes back with the refusal as a flash.
    const form = await post("/favourites", {
      courseId: String(courseId),
      favourite: "true",
      redirectTo: "/",
    });
    expect(form.status).toBe(303);
    expect(decodeURIComponent(form.headers.get("set-cookie") ?? "")).toContain(TOO_MANY_REQUESTS);
    expect(await favouriteRows()).toBe(before);
  });

  it("a signed-in user's favourite is held by their daily cap, not the IP's (this IP is spent above)", async () => {
    const { cookie, userId } = await signInUser(site.services, "hearts@example.com");
    const answer = await post(
      "/favourites",
      { courseId: String(courseId), favourite: "true" },
      cookie,
    );
    expect(answer.status).toBe(200);
    const mine = await site.services.db
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.subject, userId));
    expect(mine[0]!.n).toBe(1);
  });

  it("counts redeem attempts from one IP across users, as the API does, then answers 429", async () => {
    const users = await Promise.all(
      ["a", "b", "c"].map((name) => signInUser(site.services, `redeemer-${name}@example.com`)),
    );
    // Five tries each from two users: under the per-user failure guard, at the IP's limit.
    for (let index = 0; index < PER_IP_LIMITS.redeem.points; index += 1) {
      const answer = await post("/redeem", { code: `WRONG${index}` }, users[index % 2]!.cookie);
      expect(answer.status, `try ${index + 1}`).not.toBe(429);
    }
    const refused = await post("/redeem", { code: "WRONG-C" }, users[2]!.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_REQUESTS);
  });
});
