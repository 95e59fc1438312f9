import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInUser } from "../../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../../tests/setup/web-test-server";
import { sql } from "drizzle-orm";

let site: WebTestServer;

beforeAll(async () => {
  site = await startWebTestServer();
}, 120_000);
afterAll(async () => site?.stop());

async function rowCount(table: string): Promise<number> {
  const result = (await site.services.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body,
    headers: { origin: site.baseUrl, ...headers },
    redirect: "manual",
  });
}

/** Sends `total` bytes in chunks without a Content-Length; resolves with the status and time. */
function postChunked(path: string, total: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(path, site.baseUrl);
    const request = httpRequest(url, {
      method: "POST",
      headers: {
        origin: site.baseUrl,
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
      },
    });
    request.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      request.destroy();
    });
    // The server cuts the connection a moment after refusing: a late write error is expected.
    request.on("error", (error) => setTimeout(() => reject(error), 100));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

describe("form bodies are bounded", () => {
  it("refuses a declared 100 MB body with 413 before reading it", async () => {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(new URL("/favourites", site.baseUrl), {
        method: "POST",
        headers: {
          origin: site.baseUrl,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(100 * 1024 * 1024),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("courseId=1&");
    });
    expect(status).toBe(413);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("answers a chunked 100 MB stream with 413 quickly, without holding it in memory", async () => {
    for (const path of ["/favourites", "/redeem", "/reviews", "/auth/dev", "/articles/new"]) {
      const before = process.memoryUsage().rss;
      const { status, ms } = await postChunked(path, 100 * 1024 * 1024);
      expect(status, path).toBe(413);
      expect(ms, path).toBeLessThan(3000);
      expect(process.memoryUsage().rss - before, path).toBeLessThan(50 * 1024 * 1024);
    }
  });

  it("gives every language's copy of a route the same limit", async () => {
    // A cover image is far over the 64 kB of a text form; the article form takes it.
    const form = new FormData();
    form.set("title", "A title long enough");
    form.set("cover", new Blob([Buffer.alloc(300 * 1024, 1)]), "cover.png");
    for (const path of ["/articles/new", "/id/articles/new"]) {
      const response = await post(path, form);
      expect(response.status, path).not.toBe(413);
    }
  });

  it("answers a browser's own form post that is too large with a page in the visitor's language", async () => {
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const article = await post("/id/articles/new", new Blob([Buffer.alloc(4 * 1024 * 1024)]), {
      ...html,
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(article.status).toBe(413);
    expect(article.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await article.text();
    expect(page).toContain('<html lang="id">');
    expect(page).toContain("Permintaan terlalu besar. Gambar maksimal 2MB.");

    const favourite = await post("/favourites", `courseId=1&x=${"a".repeat(70 * 1024)}`, {
      ...html,
      "content-type": "application/x-www-form-urlencoded",
      cookie: "kk_lang=id",
    });
    expect(favourite.status).toBe(413);
    expect(await favourite.text()).toContain("Permintaan terlalu besar.");
    // The page's scripts still read JSON.
    const scripted = await post("/favourites", `x=${"a".repeat(70 * 1024)}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(await scripted.json()).toMatchObject({ message: "The request is too large." });
  });

  it("still takes a form under 64 kB", async () => {
    const response = await post(
      "/favourites",
      new URLSearchParams({ courseId: "999999", favourite: "true" }),
    );
    expect(response.status).toBe(404);
  });
});

describe("form routes take forms only", () => {
  it("refuses JSON, text and other types with 415 and a clear message", async () => {
    for (const [path, type] of [
      ["/favourites", "application/json"],
      ["/reviews", "text/plain"],
      ["/redeem", "application/xml"],
      ["/auth/dev", "application/json"],
      ["/articles/new", "application/octet-stream"],
    ] as const) {
      const response = await post(path, '{"a":1}', { "content-type": type });
      expect(response.status, path).toBe(415);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /Unsupported content type/,
      );
    }
  });

  it("reads an empty body as an empty form, whatever type it claims (was a 500)", async () => {
    const { cookie } = await signInUser(site.services, "empty-body@example.com");
    for (const path of ["/redeem", "/favourites", "/reviews"]) {
      const response = await post(path, "", { "content-type": "application/json", cookie });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("refuses a broken multipart body with 400", async () => {
    const response = await post("/reviews", "--nope\r\ngarbage", {
      "content-type": "multipart/form-data; boundary=xyz",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      "The form could not be read. Please try again.",
    );
  });
});

describe("NUL characters in forms", () => {
  it("refuses them with 400 and stores nothing, before any AI call", async () => {
    const { cookie } = await signInUser(site.services, "nul-writer@example.com");
    const users = await rowCount("users");
    const sessions = await rowCount("sessions");
    const cases: Array<[string, Record<string, string>]> = [
      ["/reviews", { courseId: "1", rating: "5", text: "fine\u0000text" }],
      ["/auth/dev", { email: "a\u0000b@example.com" }],
      ["/auth/dev", { email: "ok@example.com", name: "Bad\u0000Name" }],
      ["/articles/new", { title: "Title\u0000", content: "content", author: "me" }],
      ["/redeem", { code: "CODE\u0000" }],
    ];
    for (const [path, fields] of cases) {
      const multipart = new FormData();
      for (const [name, value] of Object.entries(fields)) multipart.set(name, value);
      for (const body of [new URLSearchParams(fields), multipart]) {
        const response = await post(path, body, { cookie });
        expect(response.status, path).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe(
          "Text must not contain NUL characters.",
        );
      }
    }
    expect(await rowCount("users")).toBe(users);
    expect(await rowCount("sessions")).toBe(sessions);
    expect(await rowCount("reviews")).toBe(0);
    expect(await rowCount("articles")).toBe(0);
  });
});
