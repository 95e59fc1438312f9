import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses, signInUser } from "../../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../../tests/setup/web-test-server";

let site: WebTestServer;

beforeAll(async () => {
  site = await startWebTestServer();
  await seedCourses(site.services, [couponRecord({ slug: "public-read-one" })]);
}, 300_000);
afterAll(async () => site?.stop());

/** The app's poll: from its own address, gzip taken, the ETag it kept (if any) sent back. */
function poll(query: string, headers: Record<string, string> = {}) {
  return fetch(`${site.baseUrl}/api?${query}`, {
    headers: { "accept-encoding": "gzip", ...headers },
  });
}

describe("the API's public reads, answered like the shared pages", () => {
  it("getCourses is made once for every client, with an ETag and a 304 for an unchanged list", async () => {
    const first = await poll("action=getCourses&page=1");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("x-total-count")).toBe("1");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const courses = (await first.json()) as Array<{ slug: string }>;
    expect(courses.map((course) => course.slug)).toEqual(["public-read-one"]);

    // The same question in another order, from a client holding the ETag: nothing to send.
    const unchanged = await poll("page=1&action=getCourses", { "if-none-match": etag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    // A client without it gets the same bytes.
    const again = await poll("action=getCourses&page=1");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-total-count")).toBe("1");
  });

  it("a new course (the catalogue's write) gives a new list and a new ETag at once", async () => {
    const before = await poll("action=getCourses");
    const etag = before.headers.get("etag")!;
    await seedCourses(site.services, [couponRecord({ slug: "public-read-two" })]);
    const after = await poll("action=getCourses", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.headers.get("x-total-count")).toBe("2");
  });

  it("a signed-in reader's reviews are their own: answered for them, never kept", async () => {
    const user = await signInUser(site.services, "public-reads@example.com");
    const link = "https://www.udemy.com/course/public-read-one/";
    const shared = await poll(`action=getReviews&courseLink=${encodeURIComponent(link)}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("no-cache");
    const own = await poll(`action=getReviews&courseLink=${encodeURIComponent(link)}`, {
      cookie: user.cookie,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
  });
});
