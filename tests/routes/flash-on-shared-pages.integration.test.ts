import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { FLASH_COOKIE } from "../../server/web/cookies";
import { couponRecord, seedCourses, signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * The page after a script's form post (the flash cookie it left) is the shared page with the flash
 * message at its end for that one request, not a page rendered for its visitor (issue 35). The
 * page after a form the page posted itself (a browser that may run no JavaScript) is still
 * rendered for its visitor, so it shows the form's result (decision 0042).
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

/** A form posted by the page's script (fetch says `Sec-Fetch-Mode: cors`). */
function postByScript(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.baseUrl, "sec-fetch-mode": "cors" },
    redirect: "manual",
  });
}

/**
 * A form the page posted itself, as a browser sends it (`Sec-Fetch-Mode: navigate`, which fetch
 * would replace by `cors`): its status and the cookies it set.
 */
function postByPage(
  path: string,
  fields: Record<string, string>,
  cookie: string,
): Promise<{ status: number; setCookies: string[] }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${site.baseUrl}${path}`,
      {
        method: "POST",
        headers: {
          origin: site.baseUrl,
          cookie,
          "sec-fetch-mode": "navigate",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            setCookies: answer.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The flash cookie a redirect set, as the browser sends it back. */
function flashCookieOf(setCookies: string[]): string {
  const cookie = setCookies.find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  return cookie!.split(";")[0]!;
}

function flashMessageOf(flash: string): string {
  const value = decodeURIComponent(flash.slice(FLASH_COOKIE.length + 1));
  return (JSON.parse(value) as { message: string }).message;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe("the page after a form's redirect", () => {
  it("after a script's post is the shared page with the flash once at its end, in the page's language, and clears the cookie", async () => {
    // The sign-in form's script posts it from the Indonesian list: back there with a flash.
    const posted = await postByScript("/auth/dev", {
      email: "flash-shared@example.com",
      redirectTo: "/id",
      lang: "id",
    });
    expect(posted.status).toBe(302);
    const session = posted.headers
      .getSetCookie()
      .find((c) => c.startsWith("kk_session="))!
      .split(";")[0]!;
    const flash = flashCookieOf(posted.headers.getSetCookie());
    const message = flashMessageOf(flash);

    expect(message).toBe("Akun berhasil dibuat! Selamat datang di Kursusku."); // the page's language
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

  it("after a form the page posted itself is rendered for its visitor, showing the form's result", async () => {
    // A heart posted without JavaScript, before the browser's no-script marker came back.
    const { cookie: session } = await signInUser(site.services, "flash-own@example.com");
    const posted = await postByPage(
      "/favourites",
      { courseId: String(courseId), favourite: "true", redirectTo: "/id", lang: "id" },
      session,
    );
    expect(posted.status).toBe(303);
    const flash = flashCookieOf(posted.setCookies);
    expect(flashMessageOf(flash)).toBe("Kursus ditambahkan ke favorit!");

    await get("/id", ""); // a shared page exists, and is not what this browser gets
    const after = await get("/id", `${session}; ${flash}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("x-cache")).toBeNull();
    const html = await after.text();
    expect(html).not.toContain('id="kk-flash"');
    expect(html).toMatch(/<button type="submit" data-replay="favourite-\d+" aria-pressed="true"/);
  });

  it("is still rendered for a browser marked as running no JavaScript", async () => {
    await get("/", "");
    const flash = `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify({ type: "success", message: "Signed in." }))}`;
    const answer = await get("/", `kk_noscript=1; ${flash}`);
    expect(answer.headers.get("x-cache")).toBeNull();
    expect(await answer.text()).not.toContain('id="kk-flash"');
  });
});
