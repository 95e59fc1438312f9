import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPublicReads,
  publicReadKey,
  sendSharedAnswer,
  type ActionAnswer,
} from "./public-reads";

let now = 0;
let made = 0;
let list = ["a", "b"];
const reads = createPublicReads({ ttlMs: 5000, now: () => now });
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get("/list", (request, response) => {
    void reads
      .answer(publicReadKey("list", { page: 1 }), async (): Promise<ActionAnswer> => {
        made += 1;
        return { result: list, headers: new Map([["X-Total-Count", String(list.length)]]) };
      })
      .then((answer) => sendSharedAnswer(request, response, answer));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("public reads", () => {
  it("are made once while fresh, sent with an ETag, and a 304 to a client that holds it", async () => {
    const [first, second] = await Promise.all([fetch(`${base}/list`), fetch(`${base}/list`)]);
    expect(made).toBe(1);
    expect(await first.json()).toEqual(["a", "b"]);
    expect(first.headers.get("x-total-count")).toBe("2");
    const etag = first.headers.get("etag")!;
    expect(second.headers.get("etag")).toBe(etag);
    // fetch() adds Cache-Control: no-cache to a conditional request: still a 304.
    const unchanged = await fetch(`${base}/list`, { headers: { "if-none-match": `W/${etag}` } });
    expect(unchanged.status).toBe(304);
    expect(made).toBe(1);
  });

  it("are made again after their lifetime or a forget, and a write while one is made is not missed", async () => {
    const etag = (await fetch(`${base}/list`)).headers.get("etag")!;
    list = ["a", "b", "c"];
    now += 5001;
    const later = await fetch(`${base}/list`, { headers: { "if-none-match": etag } });
    expect(later.status).toBe(200);
    expect(await later.json()).toEqual(["a", "b", "c"]);

    // A forget that comes while an answer is being made: that answer is not kept.
    const making = fetch(`${base}/list`);
    reads.forgetAll();
    list = ["d"];
    await making;
    expect(await (await fetch(`${base}/list`)).json()).toEqual(["d"]);
  });

  it("key a question by its input, whatever order the client named it in", () => {
    expect(publicReadKey("getCourses", { page: 1, search: "x" })).toBe(
      publicReadKey("getCourses", { search: "x", page: 1 }),
    );
    expect(publicReadKey("getCourses", { page: 1 })).not.toBe(
      publicReadKey("getCourses", { page: 2 }),
    );
  });
});
