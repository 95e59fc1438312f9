import { listenOnLoopback, type LoopbackServer } from "../../tests/setup/loopback-server";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerBeforeExpress } from "./before-express";

let server: LoopbackServer;
let base: string;
const middleware = vi.fn();

beforeAll(async () => {
  const app = express();
  app.use((_request, response, next) => {
    middleware();
    response.setHeader("X-Through", "express");
    next();
  });
  app.get("/page", (_request, response) => {
    response.send("from express");
  });
  answerBeforeExpress(
    app,
    (request, response) => {
      if (request.url !== "/fast") return false;
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("from the lane");
      return true;
    },
    (request, response) => {
      if (request.url !== "/second") return false;
      response.end("from the second lane");
      return true;
    },
  );
  server = await listenOnLoopback(app);
  base = server.base;
});

afterAll(async () => {
  await server.close();
});

describe("answerBeforeExpress", () => {
  it("answers from a lane without entering Express", async () => {
    middleware.mockClear();
    const fast = await fetch(`${base}/fast`);
    expect(await fast.text()).toBe("from the lane");
    expect(fast.headers.get("x-through")).toBeNull();
    expect(await (await fetch(`${base}/second`)).text()).toBe("from the second lane");
    expect(middleware).not.toHaveBeenCalled();
  });

  it("hands everything else to Express unchanged", async () => {
    middleware.mockClear();
    const page = await fetch(`${base}/page`);
    expect(await page.text()).toBe("from express");
    expect(page.headers.get("x-through")).toBe("express");
    expect((await fetch(`${base}/missing`)).status).toBe(404);
    expect(middleware).toHaveBeenCalledTimes(2);
  });
});
