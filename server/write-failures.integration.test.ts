import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses, signInUser } from "../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../tests/setup/web-test-server";
import { STORAGE_FULL_MESSAGE } from "./write-failures";

let site: WebTestServer;
let courseId: number;

beforeAll(async () => {
  site = await startWebTestServer();
  await seedCourses(site.services, [couponRecord({ slug: "disk-full-course" })]);
  const found = (await site.services.db.execute(
    sql`select id from courses where slug = 'disk-full-course'`,
  )) as unknown as { rows: Array<{ id: number }> };
  courseId = found.rows[0]!.id;
  // The database itself refuses these tables' writes as PostgreSQL does on a full disk; the
  // health check's own heartbeat still fits, as a tiny write often does.
  await site.services.db.execute(sql`
    create function test_disk_full() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file "base/5/16384": No space left on device'
        using errcode = '53100';
    end $$`);
}, 300_000);
afterAll(async () => site?.stop());

const TABLES = ["favourites", "reviews"];

async function fillTheDisk() {
  for (const table of TABLES)
    await site.services.db.execute(
      sql.raw(
        `create trigger disk_full before insert or update or delete on ${table} for each statement execute function test_disk_full()`,
      ),
    );
}

afterEach(async () => {
  for (const table of TABLES)
    await site.services.db.execute(sql.raw(`drop trigger if exists disk_full on ${table}`));
  site.clock.advance(10 * 60_000);
});

const health = async () => (await fetch(`${site.baseUrl}/healthz`)).status;

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.baseUrl, ...headers },
    redirect: "manual",
  });
}

describe("a page write that fails for lack of storage", () => {
  it("answers the heart's script 503 with a clear message, and /healthz turns 503", async () => {
    expect(await health()).toBe(200);
    await fillTheDisk();
    const answer = await post("/favourites", { courseId: String(courseId), favourite: "true" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("60");
    expect(await answer.json()).toMatchObject({ success: false, message: STORAGE_FULL_MESSAGE });
    expect(await health()).toBe(503);
  });

  it("answers the heart's form with the same message as a flash, in the page's language", async () => {
    await fillTheDisk();
    const answer = await post("/favourites", {
      courseId: String(courseId),
      favourite: "true",
      redirectTo: "/id",
      lang: "id",
    });
    expect(answer.status).toBe(303);
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain(
      "ruang penyimpanan server sedang penuh",
    );
    expect(await health()).toBe(503);
  });

  it("answers a review 503 and marks the instance unhealthy", async () => {
    const user = await signInUser(site.services, "disk-full-reviewer@example.com");
    await fillTheDisk();
    const answer = await post(
      "/reviews",
      { courseId: String(courseId), rating: "5", text: "Clear and useful." },
      { cookie: user.cookie },
    );
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ message: STORAGE_FULL_MESSAGE });
    expect(await health()).toBe(503);
  });

  it("answers an API write 503 and marks the instance unhealthy", async () => {
    const user = await signInUser(site.services, "disk-full-api@example.com");
    await fillTheDisk();
    const answer = await fetch(`${site.baseUrl}/api`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, origin: site.baseUrl },
      body: JSON.stringify({
        action: "addReview",
        courseLink: "https://www.udemy.com/course/disk-full-course/",
        rating: 4,
        reviewText: "Good.",
      }),
    });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: { message: STORAGE_FULL_MESSAGE } });
    expect(await health()).toBe(503);
  });
});
