import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logRequests } from "./request-log";

type Line = {
  level: number;
  msg: string;
  req: { id: string; method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
  err?: { message: string };
};

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An app answering `/status/:code` with that status, and the lines its log received. */
async function start(level: string) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const app = express();
  app.use(logRequests(pino({ level }, sink)));
  app.use((request, response) => {
    const code = Number(/\/status\/(\d+)/.exec(request.url)?.[1] ?? 200);
    response.status(code).json({ id: request.id });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = async (urlPath: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}${urlPath}`, { headers });
    const body = (await answer.json()) as { id: string };
    return { answer, body };
  };
  return { lines, request };
}

describe("logRequests", () => {
  it("repeats a well-formed X-Request-Id and makes one up otherwise", async () => {
    const { request } = await start("info");
    const kept = await request("/", { "x-request-id": "edge-42_a" });
    expect(kept.answer.headers.get("x-request-id")).toBe("edge-42_a");
    expect(kept.body.id).toBe("edge-42_a");
    const replaced = await request("/", { "x-request-id": "bad id\u00e9" });
    expect(replaced.answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.body.id).toBe(replaced.answer.headers.get("x-request-id"));
  });

  it("logs each answer at the level its status calls for, with pino-http's fields", async () => {
    const { lines, request } = await start("info");
    await request("/status/200?q=1", { "x-request-id": "one" });
    await request("/status/404", { "x-request-id": "two" });
    await request("/status/503", { "x-request-id": "three" });
    // A line is written once the answer is done, a moment after the client has it.
    await vi.waitFor(() => expect(lines).toHaveLength(3));
    expect(lines.map((line) => [line.req.id, line.level, line.res.statusCode])).toEqual([
      ["one", 30, 200],
      ["two", 40, 404],
      ["three", 50, 503],
    ]);
    expect(lines[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/status/200?q=1" },
    });
    expect(typeof lines[0]!.responseTime).toBe("number");
    expect(lines[2]!.err?.message).toBe("failed with status code 503");
  });

  it("leaves out successful static files and whatever the level does not let through", async () => {
    const info = await start("info");
    await info.request("/assets/app.css");
    await info.request("/assets/gone.css/status/404");
    await vi.waitFor(() => expect(info.lines).toHaveLength(1));
    expect(info.lines.map((line) => line.res.statusCode)).toEqual([404]);

    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const warn = await start("warn");
    await warn.request("/status/200");
    await warn.request("/status/500");
    await vi.waitFor(() => expect(warn.lines).toHaveLength(1));
    expect(warn.lines.map((line) => line.res.statusCode)).toEqual([500]);
  });
});
