import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseCookies } from "./cookies";
import { noScriptMarker, wantsOwnRender } from "./no-script";

describe("a browser without JavaScript", () => {
  it("is marked by fetching the no-script stylesheet, with a cookie and an answer never cached", async () => {
    const app = express();
    app.use(noScriptMarker(true));
    app.use((_request, response) => {
      response.send("next");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const marker = await fetch(`${base}/no-script.css`);
      expect(marker.headers.get("content-type")).toContain("text/css");
      expect(marker.headers.get("cache-control")).toBe("no-store");
      expect(marker.headers.get("set-cookie")).toMatch(
        /^kk_noscript=1; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(await (await fetch(`${base}/other.css`)).text()).toBe("next");
      expect(await (await fetch(`${base}/no-script.css`, { method: "POST" })).text()).toBe("next");
    } finally {
      server.close();
    }
  });

  it("gets its own render once marked, and so does the page after a form the page posted itself", () => {
    expect(wantsOwnRender(parseCookies("kk_noscript=1"))).toBe(true);
    expect(wantsOwnRender(parseCookies('kk_noscript=1; kk_flash={"message":"Saved"}'))).toBe(true);
    expect(wantsOwnRender(parseCookies('kk_flash={"message":"Saved","postedByPage":true}'))).toBe(
      true,
    );
    // After a script's post: the shared page, the message added at its end.
    expect(wantsOwnRender(parseCookies('kk_flash={"message":"Saved"}'))).toBe(false);
    expect(wantsOwnRender(parseCookies("kk_flash={not json"))).toBe(false);
    expect(wantsOwnRender(parseCookies("kk_session=abc; kk_theme=dark"))).toBe(false);
  });
});
