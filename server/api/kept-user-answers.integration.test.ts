import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { courses } from "../db/schema";
import { signInUser } from "../../tests/setup/api-test-server";
import {
  clickViewCourse,
  startWebTestServerWithCourses,
  type WebTestServer,
} from "../../tests/setup/web-test-server";

let site: WebTestServer;
let courseIds: number[];

beforeAll(async () => {
  ({ site, courseIds } = await startWebTestServerWithCourses(["kept-user-one", "kept-user-two"]));
}, 300_000);
afterAll(async () => site?.stop());

type Profile = { creditBalance: number; history: Array<{ courseId: number; title: string }> };

/** The app's (or the dashboard's) question: who am I, with my lists. */
function getUser(headers: Record<string, string>, query = "action=getUser") {
  return fetch(`${site.baseUrl}/api?${query}`, {
    headers: { "accept-encoding": "gzip", ...headers },
  });
}

/** A click on View Course: a write by the account (one credit, one history entry). */
const open = (courseId: number, cookie: string) => clickViewCourse(site.baseUrl, courseId, cookie);

/** Counts the database questions a block of work asks. */
async function queriesDuring(work: () => Promise<void>): Promise<number> {
  const select = vi.spyOn(site.services.db, "select");
  const execute = vi.spyOn(site.services.db, "execute");
  try {
    await work();
    return select.mock.calls.length + execute.mock.calls.length;
  } finally {
    select.mockRestore();
    execute.mockRestore();
  }
}

describe("getUser for a signed-in session, kept like a signed-in page", () => {
  it("is answered again without the database, never stored, and 304 for the ETag held", async () => {
    const user = await signInUser(site.services, "kept-user-again@example.com");
    const first = await getUser({ cookie: user.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(((await first.json()) as Profile).creditBalance).toBe(10);

    const queries = await queriesDuring(async () => {
      const again = await getUser({ cookie: user.cookie });
      expect(again.headers.get("etag")).toBe(etag);
      const unchanged = await getUser({ cookie: user.cookie, "if-none-match": etag });
      expect(unchanged.status).toBe(304);
    });
    expect(queries).toBe(0);
  });

  it("is forgotten when the account writes, on every one of its devices", async () => {
    const phone = await signInUser(site.services, "kept-user-devices@example.com");
    const laptop = await signInUser(site.services, "kept-user-devices@example.com");
    const before = await getUser({ cookie: phone.cookie });
    const etag = before.headers.get("etag")!;

    expect((await open(courseIds[0]!, laptop.cookie)).status).toBe(302);
    const after = await getUser({ cookie: phone.cookie, "if-none-match": etag });
    expect(after.status).toBe(200);
    const profile = (await after.json()) as Profile;
    expect(profile.creditBalance).toBe(9);
    expect(profile.history.map((entry) => entry.courseId)).toEqual([courseIds[0]]);
  });

  it("is forgotten when the catalogue changes (a history entry's title)", async () => {
    const user = await signInUser(site.services, "kept-user-catalogue@example.com");
    await open(courseIds[1]!, user.cookie);
    expect(
      ((await (await getUser({ cookie: user.cookie })).json()) as Profile).history[0],
    ).toMatchObject({
      courseId: courseIds[1],
    });
    await site.services.db
      .update(courses)
      .set({ title: "A Title Udemy Changed" })
      .where(eq(courses.id, courseIds[1]!));
    site.services.cache.forget("catalog:");
    const renamed = (await (await getUser({ cookie: user.cookie })).json()) as Profile;
    expect(renamed.history[0]?.title).toBe("A Title Udemy Changed");
  });

  it("ends with sign-out: the session's next question is 401", async () => {
    const user = await signInUser(site.services, "kept-user-signout@example.com");
    expect((await getUser({ cookie: user.cookie })).status).toBe(200);
    const signOut = await fetch(`${site.baseUrl}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: site.baseUrl, cookie: user.cookie },
    });
    expect(signOut.status).toBeLessThan(400);
    expect((await getUser({ cookie: user.cookie })).status).toBe(401);
  });

  it("is never what a Bearer request or a question naming another user gets", async () => {
    const user = await signInUser(site.services, "kept-user-bearer@example.com");
    expect((await getUser({ cookie: user.cookie })).status).toBe(200);
    // With an Authorization header the token alone says who asks, however good the cookie.
    const bearer = await getUser({ cookie: user.cookie, authorization: "Bearer not-a-token" });
    expect(bearer.status).toBe(401);
    const someoneElse = await getUser(
      { cookie: user.cookie },
      "action=getUser&userId=someone-else",
    );
    expect(someoneElse.status).toBe(403);
  });
});
