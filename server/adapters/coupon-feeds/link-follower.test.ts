import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  slowly,
  startFixtureServer,
  type FixtureHandler,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import {
  createLinkFollowBudget,
  followToCourseUrl,
  metaRefreshTarget,
  type LinkFollowOptions,
} from "./link-follower";

/** The stand-in's origin (127.0.0.1), trusted as an operator-configured source's would be. */
const trustedOrigins: string[] = [];

const options: LinkFollowOptions = {
  maxHops: 5,
  timeoutMs: 2_000,
  maxBytes: 64 * 1024,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
  gate: { trustedOrigins },
};

let server: FixtureServer;

const redirectTo =
  (location: () => string, status = 302): FixtureHandler =>
  (_request, response) => {
    response.writeHead(status, { location: location(), "set-cookie": "tracking=1" }).end();
  };

const COURSE = "https://www.udemy.com/course/rust-dasar/?couponCode=RUST24&utm_source=agg";

beforeAll(async () => {
  server = await startFixtureServer({
    "/go/rust": redirectTo(() => server.url("/hop/rust"), 301),
    "/hop/rust": redirectTo(() => "/last/rust"),
    "/last/rust": redirectTo(() => COURSE),
    "/wrapped": redirectTo(
      () => `https://click.linksynergy.com/deeplink?id=x&murl=${encodeURIComponent(COURSE)}`,
    ),
    "/loop-a": redirectTo(() => server.url("/loop-b")),
    "/loop-b": redirectTo(() => server.url("/loop-a")),
    "/chain": (_request, response, url) => {
      const n = Number(url.searchParams.get("n") ?? "0");
      response.writeHead(302, { location: server.url(`/chain?n=${n + 1}`) }).end();
    },
    "/to-file": redirectTo(() => "file:///etc/passwd"),
    "/to-inside": redirectTo(() => "http://127.0.0.1:9/admin"),
    "/to-javascript": redirectTo(() => "javascript:alert(1)"),
    "/elsewhere": redirectTo(() => "https://www.udemy.com/topic/python/"),
    "/landing": answer("<html><body>No course here</body></html>", 200, "text/html"),
    "/refresh": answer(
      `<html><head><meta http-equiv="refresh" content="0; url=${COURSE.replaceAll("&", "&amp;")}"></head></html>`,
      200,
      "text/html",
    ),
    "/hanging": slowly(10_000, "<html></html>"),
    "/silent": (_request, response) =>
      new Promise<void>((resolve) => response.on("close", resolve)),
    "/gone": answer("gone", 410, "text/plain"),
  });
  trustedOrigins.push(new URL(server.url("/")).origin);
});

afterAll(async () => {
  await server.close();
});

const follow = (path: string, overrides: Partial<LinkFollowOptions> = {}, budget = 10) =>
  followToCourseUrl(
    path.includes("://") ? path : server.url(path),
    { ...options, ...overrides },
    createLinkFollowBudget(budget),
  );

describe("followToCourseUrl", () => {
  it("follows redirects (absolute and relative) to the Udemy course, never asking Udemy", async () => {
    expect(await follow("/go/rust")).toEqual({ ok: true, url: COURSE });
    expect(server.hits("/last/rust")).toBe(1);
    const asked = server.requests.filter((request) => request.path === "/hop/rust");
    expect(asked[0]?.headers.cookie).toBeUndefined();
    expect(asked[0]?.headers["user-agent"]).toBe(options.userAgent);
  });

  it("stops at an affiliate wrapper whose murl is the course", async () => {
    expect(await follow("/wrapped")).toEqual({ ok: true, url: COURSE });
  });

  it("unwraps a LinkShare link without any request or budget", async () => {
    const budget = createLinkFollowBudget(0);
    const wrapped = `https://click.linksynergy.com/deeplink?id=x&murl=${encodeURIComponent(COURSE)}`;
    expect(await followToCourseUrl(wrapped, options, budget)).toEqual({ ok: true, url: COURSE });
    expect(budget.remaining).toBe(0);
  });

  it("reads a meta refresh on an aggregator page", async () => {
    expect(await follow("/refresh")).toEqual({ ok: true, url: COURSE });
  });

  it("rejects a loop", async () => {
    expect(await follow("/loop-a")).toEqual({
      ok: false,
      reason: `redirect loop at ${server.url("/loop-a")}`,
    });
  });

  it("rejects more than maxHops redirects", async () => {
    const before = server.hits("/chain");
    expect(await follow("/chain?n=0", { maxHops: 3 })).toEqual({
      ok: false,
      reason: `more than 3 redirects from ${server.url("/chain?n=0")}`,
    });
    expect(server.hits("/chain") - before).toBe(4);
  });

  it("never follows more than 5 redirects, whatever it is told", async () => {
    const result = await follow("/chain?n=100", { maxHops: 50 });
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^more than 5 redirects/),
    });
  });

  it.each([
    ["/to-file", "refused to follow a file: link"],
    ["/to-javascript", "refused to follow a javascript: link"],
  ])("refuses a redirect to a non-http scheme (%s)", async (path, reason) => {
    expect(await follow(path)).toEqual({ ok: false, reason });
  });

  it("refuses a redirect from the trusted stand-in to another internal address", async () => {
    expect(await follow("/to-inside")).toEqual({
      ok: false,
      reason: "refused to fetch http://127.0.0.1:9/admin: not a public address",
    });
  });

  it("refuses a non-http link from the start, spending nothing", async () => {
    const budget = createLinkFollowBudget(1);
    expect(await followToCourseUrl("javascript:alert(1)", options, budget)).toEqual({
      ok: false,
      reason: "refused to follow a javascript: link",
    });
    expect(budget.remaining).toBe(1);
  });

  it("rejects a destination that is not a Udemy course", async () => {
    // A Udemy page that is not a course, then an aggregator's own landing page.
    expect(await follow("/elsewhere")).toEqual({
      ok: false,
      reason: "https://www.udemy.com/topic/python/ is not a Udemy course",
    });
    expect(await follow("/landing")).toEqual({
      ok: false,
      reason: `${server.url("/landing")} leads to no Udemy course`,
    });
    expect(await follow("/gone")).toEqual({
      ok: false,
      reason: `${server.url("/gone")}: HTTP 410`,
    });
  });

  it("times out on a hanging server", async () => {
    expect(await follow("/silent", { timeoutMs: 200 })).toEqual({
      ok: false,
      reason: `${server.url("/silent")}: timed out after 200 ms`,
    });
    // Headers came, the body did not: a non-HTML answer is not read at all.
    expect(await follow("/hanging", { timeoutMs: 200 })).toEqual({
      ok: false,
      reason: `${server.url("/hanging")} leads to no Udemy course`,
    });
  });

  it("stops when the run's budget is used up", async () => {
    const budget = createLinkFollowBudget(1);
    expect(await followToCourseUrl(server.url("/go/rust"), options, budget)).toMatchObject({
      ok: true,
    });
    expect(await followToCourseUrl(server.url("/go/rust"), options, budget)).toEqual({
      ok: false,
      reason: "link-follow budget of this run used up",
    });
  });
});

describe("followToCourseUrl for a source on the internet", () => {
  const publicOnly: LinkFollowOptions = {
    ...options,
    gate: {
      resolveHost: async (host) =>
        ({ "inside.example": ["10.1.2.3"], "mixed.example": ["93.184.216.34", "127.0.0.1"] })[
          host
        ] ?? [],
    },
  };

  it.each([
    ["http://127.0.0.1:9/go/x", "a loopback address"],
    ["http://169.254.169.254/latest/meta-data/", "cloud metadata (link-local)"],
    ["http://10.0.0.7/out", "a private network"],
    ["http://[::1]/go", "IPv6 loopback"],
    ["http://[::ffff:192.168.1.1]/go", "IPv4-mapped private"],
    ["http://localhost:3000/go", "localhost"],
    ["https://inside.example/go/x", "a name that resolves inside"],
    ["https://mixed.example/go/x", "a name with one inside address"],
    ["https://unresolvable.example/go/x", "a name that does not resolve"],
  ])("never requests %s (%s)", async (url) => {
    const answer = await followToCourseUrl(url, publicOnly, createLinkFollowBudget(5));
    expect(answer).toEqual({
      ok: false,
      reason: `refused to fetch ${new URL(url).href}: not a public address`,
    });
  });
});

describe("metaRefreshTarget", () => {
  it("reads the URL of a refresh, whatever the quoting", () => {
    expect(
      metaRefreshTarget(
        `<meta http-equiv="Refresh" content="3;URL='https://a.example/x?a=1&amp;b=2'">`,
      ),
    ).toBe("https://a.example/x?a=1&b=2");
    expect(metaRefreshTarget(`<meta content='0; url=/next' http-equiv=refresh>`)).toBe("/next");
    expect(metaRefreshTarget(`<meta name="viewport" content="width=device-width">`)).toBeNull();
  });
});
