import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { listenOnLoopback, type LoopbackServer } from "../../tests/setup/loopback-server";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMMUTABLE_FILE, STATIC_FILE, staticFileCacheControl } from "./cache-policy";
import { answerBeforeExpress } from "./before-express";
import { createStaticFiles } from "./static-files";

const css = "body { color: rebeccapurple; }\n".repeat(100);
const script = "console.log('hello');\n".repeat(100);
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`;

let root: string;
let server: LoopbackServer;
let base: string;
/** Counts the requests the fallback (express.static) was asked to answer. */
const fallback = vi.fn();
/** Counts the requests that entered Express at all. */
const entered = vi.fn();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "assets/app-1a2b.css"), css);
  writeFileSync(path.join(root, "assets/app-1a2b.css.br"), brotliCompressSync(css));
  writeFileSync(path.join(root, "assets/app-1a2b.css.gz"), gzipSync(css));
  // Only a gzip copy: a client that takes brotli alone gets the plain file.
  writeFileSync(path.join(root, "assets/entry-9z.js"), script);
  writeFileSync(path.join(root, "assets/entry-9z.js.gz"), gzipSync(script));
  // No copy at all (the build wrote none, or it went missing): the plain file for everyone.
  writeFileSync(path.join(root, "favicon.svg"), svg);
  writeFileSync(path.join(root, "notes.unknownext"), "plain");
  writeFileSync(path.join(root, "assets/untouched-7q.js"), script);
  mkdirSync(path.join(root, "downloads"));

  const files = createStaticFiles({
    root,
    headers: [["X-Content-Type-Options", "nosniff"]],
    cacheControl: staticFileCacheControl,
  });
  const app = express();
  answerBeforeExpress(app, files.answer);
  app.use((request, _response, next) => {
    entered(request.originalUrl);
    next();
  });
  app.use(files.fromMemory);
  app.use((request, _response, next) => {
    fallback(request.originalUrl);
    next();
  });
  app.use(
    "/assets",
    files.onlyForFiles(
      express.static(path.join(root, "assets"), { immutable: true, maxAge: "1y" }),
    ),
  );
  app.use(files.onlyForFiles(express.static(root, { maxAge: "1h", redirect: false })));
  app.use((_request, response) => {
    response.status(404).send("page");
  });
  server = await listenOnLoopback(app);
  base = server.base;
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: Record<string, string | undefined>; body: Buffer };

/** A request whose body is kept as sent (fetch would decode it). */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("static files from memory", () => {
  it("sends the brotli copy to a client that takes brotli, and its decoded bytes are the file", async () => {
    const answer = await get("/assets/app-1a2b.css", { "accept-encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(css);
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe(IMMUTABLE_FILE);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(answer.headers["last-modified"]).toBeDefined();
  });

  it("sends the gzip copy to a client that takes gzip only", async () => {
    const answer = await get("/assets/app-1a2b.css", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(css);
    expect(answer.headers.vary).toBe("Accept-Encoding");
  });

  it("prefers brotli when a browser lists gzip first with the same weight", async () => {
    const answer = await get("/assets/app-1a2b.css", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.headers["content-encoding"]).toBe("br");
  });

  it("sends the plain file without Accept-Encoding, or when every copy is refused", async () => {
    const requests: Array<Record<string, string>> = [{}, { "accept-encoding": "br;q=0, gzip;q=0" }];
    for (const headers of requests) {
      const answer = await get("/assets/app-1a2b.css", headers);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(css);
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(css)));
      expect(answer.headers.vary).toBe("Accept-Encoding");
    }
  });

  it("falls back to the copies that exist, then to the plain file", async () => {
    const brOnly = await get("/assets/entry-9z.js", { "accept-encoding": "br" });
    expect(brOnly.headers["content-encoding"]).toBeUndefined();
    expect(brOnly.body.toString()).toBe(script);
    const gzip = await get("/assets/entry-9z.js", { "accept-encoding": "br, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const icon = await get("/favicon.svg", { "accept-encoding": "br, gzip" });
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.body.toString()).toBe(svg);
    // Nothing varies for a file without copies.
    expect(icon.headers.vary).toBeUndefined();
    expect(icon.headers["cache-control"]).toBe(STATIC_FILE);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
  });

  it("answers a revalidation with 304 and no body, per copy", async () => {
    const first = await get("/assets/app-1a2b.css", { "accept-encoding": "br" });
    const again = await get("/assets/app-1a2b.css", {
      "accept-encoding": "br",
      "if-none-match": first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE_FILE);
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // The gzip copy is another representation: the brotli copy's tag does not match it.
    const gzip = await get("/assets/app-1a2b.css", {
      "accept-encoding": "gzip",
      "if-none-match": first.headers.etag!,
    });
    expect(gzip.status).toBe(200);
    expect(gunzipSync(gzip.body).toString()).toBe(css);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-length"]).toBe(String(gzip.body.length));
    expect(gzip.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const answer = await get("/assets/app-1a2b.css", { "accept-encoding": "gzip" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
    expect(Number(answer.headers["content-length"])).toBe(gzipSync(css).length);
  });
});

describe("before Express", () => {
  it("answers a file in memory without entering Express, the same as inside it", async () => {
    const inside = await get("/assets/app-1a2b.css", { "accept-encoding": "br" });
    entered.mockClear();
    const before = await get("/assets/app-1a2b.css?v=2", { "accept-encoding": "br" });
    expect(entered).not.toHaveBeenCalled();
    for (const header of ["content-type", "cache-control", "etag", "vary", "content-encoding"])
      expect(before.headers[header], header).toBe(inside.headers[header]);
    expect(brotliDecompressSync(before.body).toString()).toBe(css);
    expect(before.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(before.headers["x-request-id"]).not.toBe(inside.headers["x-request-id"]);
  });

  it("leaves the first request for a file, revalidations and ranges to Express", async () => {
    entered.mockClear();
    await get("/no-such-file.svg");
    const first = await get("/assets/untouched-7q.js");
    await get("/assets/untouched-7q.js", { "if-none-match": first.headers.etag! });
    await get("/assets/untouched-7q.js", { range: "bytes=0-1" });
    await get("/assets/untouched-7q.js");
    expect(entered.mock.calls.map(([url]) => url)).toEqual([
      "/no-such-file.svg",
      "/assets/untouched-7q.js",
      "/assets/untouched-7q.js",
      "/assets/untouched-7q.js",
    ]);
  });
});

describe("the fallback", () => {
  it("answers a Range request and a file type memory does not serve", async () => {
    fallback.mockClear();
    const range = await get("/assets/app-1a2b.css", { range: "bytes=0-3" });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(css.slice(0, 4));
    const other = await get("/notes.unknownext");
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe("plain");
    expect(fallback.mock.calls.map(([url]) => url)).toEqual([
      "/assets/app-1a2b.css",
      "/notes.unknownext",
    ]);
  });

  it("gives a file the same type, caching and validators memory gives it", async () => {
    for (const file of ["/assets/app-1a2b.css", "/assets/entry-9z.js", "/favicon.svg"]) {
      const fromMemory = await get(file);
      const fromDisk = await get(file, { range: "bytes=0-" });
      for (const header of ["content-type", "cache-control", "etag", "last-modified"])
        expect(fromMemory.headers[header], `${file} ${header}`).toBe(fromDisk.headers[header]);
    }
  });

  it("is never asked about a path that was not a file at start-up", async () => {
    writeFileSync(path.join(root, "late.css"), css);
    for (const urlPath of ["/", "/downloads", "/late.css", "/assets/missing.js"]) {
      const answer = await get(urlPath);
      expect(answer.body.toString(), urlPath).toBe("page");
    }
  });
});
