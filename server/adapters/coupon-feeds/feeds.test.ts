import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  hugeBody,
  slowly,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { createCouponFeeds, describeCouponFeeds } from "./feeds";
import type { FetchPolicy } from "./http-fetch";
import type { SourceConfig } from "./source-config";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const sample = readFileSync(
  path.resolve(repoRoot, "../shared/data/udemy-coupons-sample.json"),
  "utf8",
);
const now = new Date("2024-03-06T03:00:00Z");

/** Generous: a loaded machine must not turn a good answer into a timeout. */
const policy: FetchPolicy = {
  timeoutMs: 5_000,
  maxBytes: 6 * 1024 * 1024,
  retries: 1,
  backoffMs: 1,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
};

let server: FixtureServer;
/** Another address on this machine (the site's own /admin, a database's HTTP port). */
let inside: FixtureServer;

beforeAll(async () => {
  inside = await startFixtureServer({
    "/admin": answer("User-agent: *\nDisallow: /secret-admin-path", 200, "text/plain"),
  });
  server = await startFixtureServer({
    "/moved.json": (_request, response) => {
      response.writeHead(301, { location: "/snapshot.json" }).end();
    },
    "/to-inside.json": (_request, response) => {
      response.writeHead(302, { location: inside.url("/admin") }).end();
    },
    "/to-inside.xml": (_request, response) => {
      response.writeHead(307, { location: inside.url("/admin") }).end();
    },
    "/list.html": answer(
      `<html><body><a class="item" href="/to-inside.json">A course</a></body></html>`,
      200,
      "text/html",
    ),
    "/robots.json": answer("User-agent: *\nDisallow: /secret-admin-path", 200, "text/plain"),
    "/sample.json": answer(sample),
    "/snapshot.json": answer({
      update_time: "2030-01-01 00:00:00",
      results: [
        {
          title: "From the future",
          coupon_link: "https://www.udemy.com/course/future/?couponCode=F",
        },
      ],
    }),
    "/api": (_request, response, url) => {
      const page = Number(url.searchParams.get("page"));
      const items =
        page <= 2
          ? [
              {
                link: `https://www.udemy.com/course/api-${page}/?couponCode=P${page}`,
                name: `Api ${page}`,
              },
            ]
          : [];
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ items }));
    },
    "/feed.xml": answer(
      `<rss><channel><item><title>Rss one</title><link>https://www.udemy.com/course/rss-one/?couponCode=R1</link></item></channel></rss>`,
      200,
      "application/rss+xml",
    ),
    "/bad.json": answer("{ not json"),
    "/bad.xml": answer("<rss><channel></rss>", 200, "application/rss+xml"),
    "/slow.json": slowly(10_000),
    "/down.json": answer("oops", 500, "text/plain"),
    "/huge.json": hugeBody(7 * 1024 * 1024),
  });
});

afterAll(async () => {
  await server.close();
  await inside.close();
});

const source = (config: Partial<SourceConfig> & Pick<SourceConfig, "kind" | "name">) =>
  ({ url: server.url(`/${config.name}`), ...config }) as SourceConfig;

describe("createCouponFeeds", () => {
  it("reads the real sample served over HTTP as a JSON source", async () => {
    const feeds = createCouponFeeds([source({ kind: "json", name: "sample.json" })], {
      ...policy,
      timeoutMs: 30_000,
    });
    const { records, rejected } = await feeds.sources[0]!.load({ now });
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(1254);
    expect(server.requests.at(-1)?.headers["user-agent"]).toBe(policy.userAgent);
    expect(server.requests.at(-1)?.headers.accept).toContain("application/json");
  });

  it("reads one snapshot object, never dating a coupon in the future", async () => {
    const feeds = createCouponFeeds([source({ kind: "json", name: "snapshot.json" })], policy);
    const { records } = await feeds.sources[0]!.load({ now });
    expect(records.map((record) => [record.title, record.foundAt])).toEqual([
      ["From the future", now],
    ]);
  });

  it("reads a paginated API and an RSS feed", async () => {
    const feeds = createCouponFeeds(
      [
        {
          kind: "api",
          name: "api",
          url: server.url("/api"),
          pageParam: "page",
          limitParam: "limit",
          pageSize: 1,
          firstPage: 1,
          maxPages: 10,
          itemsPath: "items",
          fieldMap: { link: "courseUrl", name: "title" },
        },
        source({ kind: "rss", name: "feed.xml" }),
      ],
      policy,
    );
    const [api, rss] = await Promise.all(feeds.sources.map((feed) => feed.load({ now })));
    expect(api!.records.map((record) => record.couponCode)).toEqual(["P1", "P2"]);
    expect(rss!.records.map((record) => record.couponCode)).toEqual(["R1"]);
    expect(
      server.requests.filter((request) => request.path === "/feed.xml").at(-1)?.headers.accept,
    ).toContain("application/rss+xml");
  });

  it.each([
    ["bad.json", "json", /^invalid JSON/],
    ["bad.xml", "rss", /^malformed XML: <\/rss> does not close <channel>/],
    ["slow.json", "json", /^timed out after 300 ms \(after 2 attempts\)$/],
    ["down.json", "json", /^HTTP 500 \(after 2 attempts\)$/],
    ["huge.json", "json", /^response larger than 6291456 bytes$/],
  ] as const)("fails the %s source as a whole: %s", async (name, kind, message) => {
    const feeds = createCouponFeeds([source({ kind, name })], {
      ...policy,
      timeoutMs: name === "slow.json" ? 300 : policy.timeoutMs,
    });
    await expect(feeds.sources[0]!.load({ now })).rejects.toThrow(message);
  });

  it("follows a redirect on the configured source's own address", async () => {
    const feeds = createCouponFeeds([source({ kind: "json", name: "moved.json" })], policy);
    const { records } = await feeds.sources[0]!.load({ now });
    expect(records.map((record) => record.title)).toEqual(["From the future"]);
  });

  it.each([
    ["to-inside.json", "json"],
    ["to-inside.xml", "rss"],
    ["list.html", "html"],
  ] as const)(
    "never lets the %s (%s) source redirect to another internal address",
    async (name, kind) => {
      const config =
        kind === "html"
          ? ({
              kind,
              name,
              url: server.url(`/${name}`),
              itemSelector: "a.item",
              linkSelector: "a",
            } as SourceConfig)
          : source({ kind, name });
      const feeds = createCouponFeeds([config], { ...policy, retries: 0 });
      const outcome = await feeds.sources[0]!.load({ now }).then(
        (result) => result.rejected.join("; "),
        (error: unknown) => (error as Error).message,
      );
      expect(outcome).toContain(`refused to fetch ${inside.url("/admin")}: not a public address`);
      expect(inside.hits("/admin")).toBe(0);
    },
  );

  it("never quotes the body of an answer it cannot read", async () => {
    const feeds = createCouponFeeds([source({ kind: "json", name: "robots.json" })], policy);
    const failure = (await feeds.sources[0]!.load({ now }).catch(
      (error: unknown) => error,
    )) as Error;
    expect(failure.message).toBe("invalid JSON (format changed?)");
  });

  it("describes its sources for the start-up log", () => {
    expect(describeCouponFeeds(createCouponFeeds([], policy))).toBe(
      "no sources (INGEST_SOURCES is empty)",
    );
    expect(
      describeCouponFeeds(
        createCouponFeeds(
          [source({ kind: "rss", name: "a" }), source({ kind: "json", name: "b" })],
          policy,
        ),
      ),
    ).toBe("a (rss), b (json)");
  });
});
