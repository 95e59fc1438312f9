import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { recordChangeNotices } from "../../tests/setup/change-notice-recorder";
import type { SharedPages } from "./shared-pages";
import { announceWritesToOtherInstances } from "./writes-across-instances";

describe("announceWritesToOtherInstances", () => {
  it("announces each answered request that may change public pages, and no read", async () => {
    const { notices, published } = recordChangeNotices();
    const app = express();
    app.use(announceWritesToOtherInstances(notices, null));
    app.use((_request, response) => response.send("ok"));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const method of ["GET", "HEAD", "OPTIONS"]) await fetch(base, { method });
      expect(published).toEqual([]);
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) await fetch(base, { method });
      // A write that changes only its own visitor's part leaves every page as it is.
      await fetch(`${base}/favourites`, { method: "POST" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(published).toEqual(Array(4).fill({ kind: "pages" }));
    } finally {
      server.close();
    }
  });

  it("forgets this instance's shared pages when another instance announces a write", () => {
    const { notices, hear } = recordChangeNotices();
    let forgotten = 0;
    const pages: SharedPages = {
      middleware: (_request, _response, next) => next(),
      forgetAll: () => (forgotten += 1),
      onForgetAll: () => undefined,
    };
    announceWritesToOtherInstances(notices, pages);
    hear({ kind: "cache", prefix: "catalog:" }); // the memo cache's notice: handled there
    expect(forgotten).toBe(0);
    hear({ kind: "pages" });
    expect(forgotten).toBe(1);
  });
});
