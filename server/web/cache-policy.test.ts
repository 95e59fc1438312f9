import { listenOnLoopback, type LoopbackServer } from "../../tests/setup/loopback-server";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorAnswersNotStored,
  IMMUTABLE_FILE,
  NOT_STORED,
  setServerAnswerCaching,
  STATIC_FILE,
  staticFileCacheControl,
} from "./cache-policy";

let server: LoopbackServer;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(setServerAnswerCaching());
  app.get("/api", (_request, response) => {
    response.json([]);
  });
  app.get("/api/openapi.json", (_request, response) => {
    response.json({});
  });
  // A React Router route under /api adds its own header (sendFetchResponse appends).
  app.get("/api/updates", (_request, response) => {
    response.append("Cache-Control", "no-cache").json({});
  });
  app.get("/healthz", (_request, response) => {
    response.json({ status: "ok" });
  });
  app.get("/internal/ops/state", (_request, response) => {
    response.json({});
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/", (_request, response) => {
    response.send("<p>page</p>");
  });
  app.use(errorAnswersNotStored);
  server = await listenOnLoopback(app);
  base = server.base;
});

afterAll(async () => {
  await server.close();
});

const cacheControl = async (urlPath: string) =>
  (await fetch(`${base}${urlPath}`)).headers.get("cache-control");

describe("server answer caching", () => {
  it("keeps the action API, the health check and the ops endpoint out of every cache", async () => {
    expect(await cacheControl("/api?action=getCourses")).toBe(NOT_STORED);
    expect(await cacheControl("/healthz")).toBe(NOT_STORED);
    expect(await cacheControl("/internal/ops/state")).toBe(NOT_STORED);
  });

  it("lets the API description be cached, and leaves a route's own header alone", async () => {
    expect(await cacheControl("/api/openapi.json")).toBe("public, max-age=3600");
    expect(await cacheControl("/api/updates")).toBe("no-cache");
  });

  it("leaves pages to decide for themselves", async () => {
    expect(await cacheControl("/")).toBeNull();
  });

  it("marks Express's own error answer as not for keeping", async () => {
    const answer = await fetch(`${base}/boom`);
    expect(answer.status).toBe(500);
    expect(answer.headers.get("cache-control")).toBe(NOT_STORED);
  });
});

describe("staticFileCacheControl", () => {
  it("keeps hashed /assets/ files a year and others an hour", () => {
    expect(staticFileCacheControl("/assets/app-1a2b.css")).toBe(IMMUTABLE_FILE);
    expect(IMMUTABLE_FILE).toBe("public, max-age=31536000, immutable");
    expect(staticFileCacheControl("/favicon.svg")).toBe(STATIC_FILE);
    expect(staticFileCacheControl("/assets-not/x.css")).toBe(STATIC_FILE);
  });

  it("has the service worker revalidated every time, so an update is never held back", () => {
    expect(staticFileCacheControl("/sw.js")).toBe("no-cache");
    expect(staticFileCacheControl("/manifest.webmanifest")).toBe(STATIC_FILE);
  });
});
