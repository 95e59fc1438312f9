import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { FLASH_COOKIE } from "../../server/web/cookies";
import { couponRecord, seedCourses, signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * The page after a form's redirect (it carries the flash cookie) is the shared page with the
 * flash message at its end for that one request, not a page rendered for its visitor (issue 35).
 */

let site: WebTestServer;
let courseId: number;

beforeAll(async () => {
  site = await startWebTestServer();
  await seedCourses(site.services, [
    couponRecord({ slug: "python-for-data-science", title: "Python for Data Science" }),
  ]);
  courseId = (await site.services.db.select({ id: courses.id }).from(courses))[0]!.id;
}, 180_000);
afterAll(async () => site?.stop());

function get(path: string, cookie: string): Promise<Response> {
  return fetch(`${site.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
}

/** The flash cookie a redirect set, as the browser sends it back. */
function flashCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  return cookie!.split(";")[0]!;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("the page after a form's redirect", () => {
  it("is the shared page with the flash once at its end, in the page's language, and clears the cookie", async () => {
    const { cookie: session } = await signInUser(site.services, "flash-shared@example.com");
    // A heart posted without JavaScript from the Indonesian list: back there with a flash.
    const posted = await fetch(`${site.baseUrl}/favourites`, {
      method: "POST",
      body: new URLSearchParams({
        courseId: String(courseId),
        favourite: "true",
        redirectTo: "/id",
        lang: "id",
      }),
      headers: { origin: site.baseUrl, cookie: session },
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const flash = flashCookieOf(posted);
    const message = (
      JSON.parse(decodeURIComponent(flash.split("=").slice(1).join("="))) as {
        message: string;
      }
    ).message;

    expect(message).toBe("Kursus ditambahkan ke favorit!"); // the language of the page that posted
    await get("/id", ""); // the shared page, rendered once after the write
    const after = await get("/id", `${session}; ${flash}`);
    expect(after.headers.get("x-cache")).toBe("HIT");
    const html = await after.text();
    expect(occurrences(html, 'id="kk-flash"')).toBe(1);
    expect(html).toContain('data-testid="no-script-flash"');
    expect(occurrences(html, message)).toBe(2); // the toast's data and the no-script bar
    expect(html).toContain('data-testid="no-script-viewer"');
    expect(after.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^${FLASH_COOKIE}=; Max-Age=0;`)),
    );
    expect(after.headers.get("cache-control")).toBe("private, no-cache");

    const next = await get("/id", session);
    expect(next.headers.get("x-cache")).toBe("HIT");
    const nextHtml = await next.text();
    expect(nextHtml).not.toContain('id="kk-flash"');
    expect(nextHtml).not.toContain(message);
    expect(next.headers.getSetCookie().join()).not.toContain(FLASH_COOKIE);
  });

  it("is still rendered for a browser marked as running no JavaScript", async () => {
    await get("/", "");
    const flash = `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify({ type: "success", message: "Signed in." }))}`;
    const answer = await get("/", `kk_noscript=1; ${flash}`);
    expect(answer.headers.get("x-cache")).toBeNull();
    expect(await answer.text()).not.toContain('id="kk-flash"');
  });
});
