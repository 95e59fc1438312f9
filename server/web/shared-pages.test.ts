import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { EMPTY_PERSONAL_SCOPE } from "../../core/personal-layer";
import { createSharedPages, forgetSharedPagesAfterWrites, type SharedPages } from "./shared-pages";

const INLINE_SCRIPT = "window.__data = 1;";
// printf '%s' "window.__data = 1;" | openssl dgst -sha256 -binary | base64
const INLINE_SCRIPT_HASH = "sha256-1FovHUsCNr/SqPeJ84xumBwDijpplRdrsab2wNazL6U=";

type Harness = {
  base: string;
  renders: string[];
  pages: SharedPages;
  time: { advance(ms: number): void };
  /** The next render waits for this before answering, when set. */
  hold: { release: () => void } | null;
  answer: { status: number; setCookie?: string };
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** The middleware as http-app.ts mounts it, with a render that counts its calls. */
async function startHarness(): Promise<Harness> {
  let current = 0;
  const harness = {
    renders: [] as string[],
    time: { advance: (ms: number) => (current += ms) },
    hold: null as Harness["hold"],
    answer: { status: 200 } as Harness["answer"],
  };
  const pages = createSharedPages({
    sharedAddress: (request) =>
      ["/", "/articles", "/missing"].includes(request.path) ? request.originalUrl : null,
    sharesNotFoundPage: (address) => address === "/missing",
    preferenceCookies: ["kk_theme"],
    isPersonal: (request) => (request.get("user-agent") ?? "").includes("KursuskuApp"),
    render: async (address, preferenceCookies) => {
      harness.renders.push(`${address} ${preferenceCookies}`.trim());
      const render = harness.renders.length;
      if (harness.hold) {
        const held = harness.hold;
        await new Promise<void>((resolve) => (held.release = resolve));
      }
      const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
      if (harness.answer.setCookie) headers.set("set-cookie", harness.answer.setCookie);
      const response = new Response(
        `<!DOCTYPE html><html><body><p>render ${render}</p><script>${INLINE_SCRIPT}</script></body></html>`,
        { status: harness.answer.status, headers },
      );
      return { response, scope: { ...EMPTY_PERSONAL_SCOPE, courseIds: [render, 100 + render] } };
    },
    // A visitor's session cookie names them; without one they have nothing personal.
    personalEnding: async (request, { courseIds }) => {
      const name = /kk_session=(\w+)/.exec(request.headers.cookie ?? "")?.[1];
      return name ? `<p>layer of ${name} for ${courseIds.join(",")}</p>` : null;
    },
    // A flash cookie's message, for that one request, and the header that clears it.
    oneTimeEnding: (request) => {
      const message = /kk_flash=(\w+)/.exec(request.headers.cookie ?? "")?.[1];
      return message
        ? { html: `<p>flash ${message}</p>`, headers: [["Set-Cookie", "kk_flash=; Max-Age=0"]] }
        : null;
    },
    policy: (hashes) => `script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(" ")}`,
    ttlMs: 5000,
    maxPages: 3,
    now: () => current,
  });
  const app = express();
  app.use(forgetSharedPagesAfterWrites(pages));
  app.use(compression());
  app.post(["/reviews", "/favourites"], (_request, response) => {
    response.status(201).send("saved");
  });
  app.use(pages.middleware);
  app.use((_request, response) => {
    response.send("rendered for this visitor");
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(harness, { base, pages });
}

async function get(harness: Harness, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${harness.base}${path}`, { headers });
  return { response, text: await response.text() };
}

describe("shared pages", () => {
  it("renders a public page once for visitors without cookies and sends the rest the same gzip", async () => {
    const harness = await startHarness();
    const first = await get(harness, "/");
    const second = await get(harness, "/");
    expect(harness.renders).toEqual(["/"]);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    expect(second.text).toBe(first.text);
    expect(second.text).toContain("render 1");
    expect(second.response.headers.get("content-encoding")).toBe("gzip");
    expect(second.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("allows the page's inline scripts by their hash in the CSP, never by a shared nonce", async () => {
    const harness = await startHarness();
    const { response } = await get(harness, "/");
    expect(response.headers.get("content-security-policy")).toBe(
      `script-src 'self' '${INLINE_SCRIPT_HASH}'`,
    );
  });

  it("sends plain HTML to a client that does not accept gzip", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        httpRequest(`${harness.base}/`, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ headers: response.headers, body }));
        })
          .on("error", reject)
          .end();
      },
    );
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.body).toContain("render 1");
    expect(harness.renders).toHaveLength(1);
  });

  it("sends a personal page as plain HTML to a client that does not accept gzip", async () => {
    const harness = await startHarness();
    const body = await new Promise<string>((resolve, reject) => {
      httpRequest(
        `${harness.base}/articles`,
        { headers: { cookie: "kk_session=cita" } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve(text));
        },
      )
        .on("error", reject)
        .end();
    });
    expect(body).toMatch(
      /<p>render 1<\/p><script>[^<]*<\/script><p>layer of cita for 1,101<\/p><\/body><\/html>$/,
    );
  });

  it("gives a visitor with a session the shared page with their own layer before </body>", async () => {
    const harness = await startHarness();
    const anonymous = await get(harness, "/");
    const ana = await get(harness, "/", { cookie: "kk_session=ana" });
    const budi = await get(harness, "/", { cookie: "kk_theme=dark; kk_session=budi" });
    const anaAgain = await get(harness, "/", { cookie: "kk_session=ana" });
    expect(harness.renders).toEqual(["/", "/ kk_theme=dark"]);
    expect(anonymous.text).not.toContain("layer of");
    expect(ana.text).toBe(
      `<!DOCTYPE html><html><body><p>render 1</p><script>${INLINE_SCRIPT}</script><p>layer of ana for 1,101</p></body></html>`,
    );
    // One address, two people: each sees only their own layer.
    expect(budi.text).toContain("<p>layer of budi for 2,102</p></body>");
    expect(budi.text).not.toContain("ana");
    expect(anaAgain.text).toBe(ana.text);
    expect(ana.response.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers the page after a form's redirect from the shared page, its flash added once and cleared", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    const flash = await get(harness, "/", { cookie: "kk_flash=Saved" });
    const signedIn = await get(harness, "/", { cookie: "kk_session=ana; kk_flash=Welcome" });
    const next = await get(harness, "/", { cookie: "kk_session=ana" });
    expect(harness.renders).toEqual(["/"]);
    expect(flash.response.headers.get("x-cache")).toBe("HIT");
    expect(flash.text).toBe(
      `<!DOCTYPE html><html><body><p>render 1</p><script>${INLINE_SCRIPT}</script><p>flash Saved</p></body></html>`,
    );
    expect(flash.response.headers.get("set-cookie")).toBe("kk_flash=; Max-Age=0");
    expect(flash.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(signedIn.text).toContain("<p>layer of ana for 1,101</p><p>flash Welcome</p></body>");
    // Never kept with the visitor's ending: their next page has none.
    expect(next.text).toContain("<p>layer of ana for 1,101</p></body>");
    expect(next.text).not.toContain("flash");
    expect(next.response.headers.get("set-cookie")).toBeNull();
  });

  it("marks personal answers private and every answer as varying by cookie", async () => {
    const harness = await startHarness();
    const anonymous = await get(harness, "/");
    const signedIn = await get(harness, "/", { cookie: "kk_session=ana" });
    const unknownCookie = await get(harness, "/", { cookie: "other=1" });
    expect(anonymous.response.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate",
    );
    expect(signedIn.response.headers.get("cache-control")).toBe("private, no-cache");
    for (const { response } of [anonymous, signedIn, unknownCookie])
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(unknownCookie.text).not.toContain("layer of");
    expect(harness.renders).toEqual(["/"]);
  });

  it("keeps one page per preference, and leaves other paths and the app to the normal render", async () => {
    const harness = await startHarness();
    await get(harness, "/", { cookie: "kk_theme=dark" });
    await get(harness, "/", { cookie: "kk_theme=dark" });
    await get(harness, "/");
    expect(harness.renders).toEqual(["/ kk_theme=dark", "/"]);
    expect((await get(harness, "/dashboard")).text).toBe("rendered for this visitor");
    const app = await get(harness, "/", {
      "user-agent": "Mozilla/5.0 KursuskuApp/2.1",
      cookie: "kk_session=ana",
    });
    expect(app.text).toBe("rendered for this visitor");
  });

  it("keys on the whole address, query included", async () => {
    const harness = await startHarness();
    await get(harness, "/?page=2");
    await get(harness, "/?page=3");
    await get(harness, "/?page=2");
    expect(harness.renders).toEqual(["/?page=2", "/?page=3"]);
  });

  it("sends an old page while one render of its next version runs, then the new one", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    harness.time.advance(4999);
    expect((await get(harness, "/")).text).toContain("render 1");
    expect(harness.renders).toHaveLength(1);
    harness.time.advance(1);
    harness.hold = { release: () => {} };
    const old = await Promise.all([get(harness, "/"), get(harness, "/")]);
    expect(old.map((answer) => answer.text.includes("render 1"))).toEqual([true, true]);
    expect(old[0]!.response.headers.get("x-cache")).toBe("HIT");
    expect(harness.renders).toHaveLength(2);
    harness.hold.release();
    harness.hold = null;
    await expect.poll(async () => (await get(harness, "/")).text).toContain("render 2");
    expect(harness.renders).toHaveLength(2);
  });

  it("renders old pages again one at a time", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    await get(harness, "/articles");
    harness.time.advance(5000);
    harness.hold = { release: () => {} };
    const held = harness.hold;
    await get(harness, "/");
    await get(harness, "/articles");
    await expect.poll(() => harness.renders.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.renders).toEqual(["/", "/articles", "/"]);
    harness.hold = null;
    held.release();
    await expect.poll(() => harness.renders).toEqual(["/", "/articles", "/", "/articles"]);
  });

  it("waits for a new render when the page is more than twice its time to live old", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    harness.time.advance(10_000);
    const late = await get(harness, "/");
    expect(late.text).toContain("render 2");
    expect(late.response.headers.get("x-cache")).toBe("MISS");
  });

  it("stops sending an old page whose next version is no longer shared (an error, a cookie)", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    harness.time.advance(5000);
    harness.answer = { status: 503 };
    expect((await get(harness, "/")).text).toContain("render 1");
    await expect.poll(async () => (await get(harness, "/")).response.status).toBe(503);
  });

  it("does not keep an old page's next version rendered across a write", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    harness.time.advance(5000);
    harness.hold = { release: () => {} };
    await get(harness, "/");
    await expect.poll(() => harness.renders.length).toBe(2);
    harness.pages.forgetAll();
    harness.hold.release();
    harness.hold = null;
    expect((await get(harness, "/")).text).toContain("render 3");
  });

  it("forgets every page once a write that may change them has been answered", async () => {
    const harness = await startHarness();
    await get(harness, "/");
    await get(harness, "/articles");
    // A heart changes only its writer's layer: the pages stay.
    expect((await fetch(`${harness.base}/favourites`, { method: "POST" })).status).toBe(201);
    await get(harness, "/");
    expect(harness.renders).toEqual(["/", "/articles"]);
    const write = await fetch(`${harness.base}/reviews`, { method: "POST" });
    expect(write.status).toBe(201);
    await get(harness, "/");
    await get(harness, "/articles");
    expect(harness.renders).toEqual(["/", "/articles", "/", "/articles"]);
  });

  it("does not keep a page whose render began before a write", async () => {
    const harness = await startHarness();
    harness.hold = { release: () => {} };
    const pending = get(harness, "/");
    await expect.poll(() => harness.renders.length).toBe(1);
    harness.pages.forgetAll();
    harness.hold.release();
    harness.hold = null;
    expect((await pending).text).toContain("render 1");
    expect((await get(harness, "/")).text).toContain("render 2");
  });

  it("lets concurrent visitors wait for one render", async () => {
    const harness = await startHarness();
    harness.hold = { release: () => {} };
    const pending = Array.from({ length: 5 }, () => get(harness, "/"));
    await expect.poll(() => harness.renders.length).toBe(1);
    harness.hold.release();
    const answers = await Promise.all(pending);
    expect(answers.every((answer) => answer.text.includes("render 1"))).toBe(true);
    expect(harness.renders).toHaveLength(1);
  });

  it("does not keep an error page or a page that sets a cookie", async () => {
    const harness = await startHarness();
    harness.answer = { status: 503 };
    expect((await get(harness, "/")).response.status).toBe(503);
    harness.answer = { status: 200, setCookie: "kk_flash=x; Path=/" };
    const withCookie = await get(harness, "/");
    expect(withCookie.response.headers.get("set-cookie")).toContain("kk_flash=x");
    harness.answer = { status: 200 };
    await get(harness, "/");
    await get(harness, "/");
    expect(harness.renders).toHaveLength(3);
  });

  it("keeps and shares the not-found page of a declared address, with its 404 and each visitor's layer", async () => {
    const harness = await startHarness();
    harness.answer = { status: 404 };
    const first = await get(harness, "/missing");
    const again = await get(harness, "/missing");
    const signedIn = await get(harness, "/missing", { cookie: "kk_session=ana" });
    expect([first, again, signedIn].map(({ response }) => response.status)).toEqual([
      404, 404, 404,
    ]);
    expect(again.response.headers.get("x-cache")).toBe("HIT");
    expect(signedIn.text).toContain("<p>layer of ana for 1,101</p></body>");
    expect(harness.renders).toEqual(["/missing"]);
    // Any other address's 404 is sent once, never kept.
    await get(harness, "/");
    await get(harness, "/");
    expect(harness.renders).toEqual(["/missing", "/", "/"]);
  });

  it("holds at most maxPages pages, dropping the oldest", async () => {
    const harness = await startHarness();
    for (const page of [1, 2, 3, 4]) await get(harness, `/?page=${page}`);
    await get(harness, "/?page=4");
    await get(harness, "/?page=1");
    expect(harness.renders).toEqual(["/?page=1", "/?page=2", "/?page=3", "/?page=4", "/?page=1"]);
  });
});
