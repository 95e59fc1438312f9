import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  hugeBody,
  slowly,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import {
  botUserAgent,
  fetchText as fetchTextUngated,
  FetchError,
  gateFor,
  requestHop,
  type FetchPolicy,
  type FetchTextOptions,
} from "./http-fetch";

/** Generous: a loaded machine must not turn a good answer into a timeout. */
const policy: FetchPolicy = {
  timeoutMs: 5_000,
  maxBytes: 64 * 1024,
  retries: 2,
  backoffMs: 10,
  userAgent: botUserAgent("https://kursusku.example"),
};

let server: FixtureServer;
let flaky = 0;

/** The stand-in on 127.0.0.1 is the operator-configured origin of these fetches. */
const fetchText = (url: string, fetchPolicy: FetchPolicy, options: FetchTextOptions = {}) =>
  fetchTextUngated(url, fetchPolicy, {
    gate: { trustedOrigins: [new URL(server.url("/")).origin] },
    ...options,
  });
const waits: number[] = [];
const recordWait = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  server = await startFixtureServer({
    "/ok": answer({ hello: "world" }),
    "/bom": answer("\uFEFF[1]"),
    "/always-500": answer("down", 500, "text/plain"),
    "/flaky": (_request, response) => {
      flaky += 1;
      if (flaky < 3) response.writeHead(503).end("busy");
      else response.writeHead(200, { "content-type": "application/json" }).end("[]");
    },
    "/rate-limited": (_request, response) => {
      response.writeHead(429, { "retry-after": "2" }).end();
    },
    "/not-found": answer("nope", 404, "text/plain"),
    "/loop": (_request, response) => {
      response.writeHead(302, { location: "/loop" }).end();
    },
    "/echo": async (request, response) => {
      let body = "";
      for await (const chunk of request) body += String(chunk);
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          method: request.method,
          type: request.headers["content-type"],
          body: JSON.parse(body || "null"),
        }),
      );
    },
    "/moved": (_request, response) => {
      response.writeHead(308, { location: "/ok" }).end();
    },
    "/chain": (_request, response, url) => {
      const n = Number(url.searchParams.get("n") ?? "0");
      response.writeHead(302, { location: `/chain?n=${n + 1}` }).end();
    },
    "/to-inside": (_request, response) => {
      response.writeHead(302, { location: "http://127.0.0.1:9/admin" }).end();
    },
    "/to-file": (_request, response) => {
      response.writeHead(302, { location: "file:///etc/passwd" }).end();
    },
    "/slow": slowly(10_000),
    "/huge-streamed": hugeBody(1024 * 1024),
    "/huge-declared": hugeBody(1024 * 1024, true),
    "/just-under": answer("x".repeat(64 * 1024), 200, "text/plain"),
    // A site that supports conditional requests: 304 when the client holds its version.
    "/versioned": (request, response) => {
      const validators = { etag: '"v7"', "last-modified": "Wed, 06 Mar 2024 01:00:00 GMT" };
      if (
        request.headers["if-none-match"] === '"v7"' ||
        request.headers["if-modified-since"] === validators["last-modified"]
      ) {
        response.writeHead(304, validators).end();
      } else response.writeHead(200, { "content-type": "text/plain", ...validators }).end("page");
    },
    "/always-304": (_request, response) => {
      response.writeHead(304).end();
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe("fetchText", () => {
  it("fetches a body and introduces itself with the bot user agent", async () => {
    const result = await fetchText(server.url("/ok"), policy, { accept: "application/json" });
    expect(JSON.parse(result.text)).toEqual({ hello: "world" });
    expect(result).toMatchObject({ status: 200, attempts: 1 });
    const request = server.requests.find((entry) => entry.path === "/ok")!;
    expect(request.headers["user-agent"]).toBe("KursuskuBot/1.0 (+https://kursusku.example)");
    expect(request.headers.accept).toBe("application/json");
  });

  it("drops a byte-order mark", async () => {
    expect((await fetchText(server.url("/bom"), policy)).text).toBe("[1]");
  });

  it("retries a 5xx with exponential backoff, then succeeds", async () => {
    waits.length = 0;
    const result = await fetchText(server.url("/flaky"), policy, { sleep: recordWait });
    expect(result.attempts).toBe(3);
    expect(waits).toEqual([10, 20]);
  });

  it("gives up on a persistent 500 after the retries, saying how often it tried", async () => {
    const before = server.hits("/always-500");
    const failure = await fetchText(server.url("/always-500"), policy, { sleep: recordWait }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FetchError);
    expect((failure as FetchError).message).toBe("HTTP 500 (after 3 attempts)");
    expect((failure as FetchError).status).toBe(500);
    expect(server.hits("/always-500") - before).toBe(3);
  });

  it("retries a 429, waiting at least as long as Retry-After says", async () => {
    waits.length = 0;
    await expect(
      fetchText(server.url("/rate-limited"), { ...policy, retries: 1 }, { sleep: recordWait }),
    ).rejects.toThrow("HTTP 429");
    expect(waits).toEqual([2000]);
  });

  it("never retries a 4xx other than 429", async () => {
    const before = server.hits("/not-found");
    await expect(
      fetchText(server.url("/not-found"), policy, { sleep: recordWait }),
    ).rejects.toThrow(/^HTTP 404$/);
    expect(server.hits("/not-found") - before).toBe(1);
  });

  it("times out a slow answer, body included, and retries it", async () => {
    const before = server.hits("/slow");
    await expect(
      fetchText(
        server.url("/slow"),
        { ...policy, timeoutMs: 300, retries: 1 },
        { sleep: recordWait },
      ),
    ).rejects.toThrow("timed out after 300 ms (after 2 attempts)");
    expect(server.hits("/slow") - before).toBe(2);
  });

  it("abandons a streamed body past the size limit, without retrying", async () => {
    const before = server.hits("/huge-streamed");
    await expect(
      fetchText(server.url("/huge-streamed"), policy, { sleep: recordWait }),
    ).rejects.toThrow(`response larger than ${64 * 1024} bytes`);
    expect(server.hits("/huge-streamed") - before).toBe(1);
  });

  it("refuses a declared Content-Length past the limit before reading", async () => {
    await expect(fetchText(server.url("/huge-declared"), policy)).rejects.toThrow(
      "response larger than",
    );
  });

  it("accepts a body of exactly the limit", async () => {
    expect((await fetchText(server.url("/just-under"), policy)).text).toHaveLength(64 * 1024);
  });

  it("never retries a redirect loop", async () => {
    const before = server.hits("/loop");
    const failure = await fetchText(server.url("/loop"), policy, { sleep: recordWait }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FetchError);
    expect((failure as FetchError).message).toBe(`redirect loop at ${server.url("/loop")}`);
    expect((failure as FetchError).retryable).toBe(false);
    expect(server.hits("/loop") - before).toBe(1);
  });

  it("follows a redirect on the trusted origin", async () => {
    expect(JSON.parse((await fetchText(server.url("/moved"), policy)).text)).toEqual({
      hello: "world",
    });
  });

  it("POSTs a JSON body, and never sends a POST on to where a redirect points", async () => {
    const posted = await fetchText(server.url("/echo"), policy, { json: { offset: 30 } });
    expect(JSON.parse(posted.text)).toEqual({
      method: "POST",
      type: "application/json",
      body: { offset: 30 },
    });
    const before = server.hits("/ok");
    await expect(fetchText(server.url("/moved"), policy, { json: {} })).rejects.toThrow(
      "a POST was redirected",
    );
    expect(server.hits("/ok")).toBe(before);
  });

  it("follows at most 5 redirects, without retrying", async () => {
    const before = server.hits("/chain");
    await expect(fetchText(server.url("/chain?n=0"), policy)).rejects.toThrow(
      `more than 5 redirects from ${server.url("/chain?n=0")}`,
    );
    expect(server.hits("/chain") - before).toBe(6);
  });

  it.each([
    ["/to-inside", "refused to fetch http://127.0.0.1:9/admin: not a public address"],
    ["/to-file", "refused to fetch a file: address"],
  ])("refuses a redirect from the trusted origin elsewhere inside (%s)", async (path, message) => {
    const failure = (await fetchText(server.url(path), policy).catch(
      (error: unknown) => error,
    )) as FetchError;
    expect(failure.message).toBe(message);
    expect(failure.retryable).toBe(false);
  });

  it("asks nothing of a non-public address nobody configured", async () => {
    const before = server.hits("/ok");
    await expect(fetchTextUngated(server.url("/ok"), policy)).rejects.toThrow(
      `refused to fetch ${server.url("/ok")}: not a public address`,
    );
    expect(server.hits("/ok")).toBe(before);
  });

  it("retries network errors (nothing listening) and reports them", async () => {
    const closed = await startFixtureServer({});
    const url = closed.url("/gone");
    await closed.close();
    waits.length = 0;
    const failure = (await fetchText(url, policy, { sleep: recordWait, gate: gateFor(url) }).catch(
      (error: unknown) => error,
    )) as FetchError;
    expect(failure.message).toMatch(/^network error: ECONNREFUSED \(after 3 attempts\)$/);
    expect(waits).toHaveLength(2);
  });

  it("stops at once when its signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      fetchText(
        server.url("/slow"),
        { ...policy, timeoutMs: 5_000 },
        { signal: controller.signal },
      ),
    ).rejects.toThrow("aborted");
  });
});

describe("conditional requests", () => {
  const gate = () => ({ trustedOrigins: [new URL(server.url("/")).origin] });
  const hop = (validators?: { etag?: string; lastModified?: string }) => ({
    signal: AbortSignal.timeout(5_000),
    userAgent: policy.userAgent,
    accept: "*/*",
    ...(validators ? { validators } : {}),
  });

  it("the gate sends If-None-Match and If-Modified-Since from the validators it is given", async () => {
    const response = await requestHop(
      new URL(server.url("/versioned")),
      gate(),
      hop({ etag: '"v7"', lastModified: "Wed, 06 Mar 2024 01:00:00 GMT" }),
    );
    expect(response.status).toBe(304);
    const sent = server.requests.at(-1)!.headers;
    expect(sent["if-none-match"]).toBe('"v7"');
    expect(sent["if-modified-since"]).toBe("Wed, 06 Mar 2024 01:00:00 GMT");
  });

  it("the gate asks unconditionally without validators", async () => {
    const response = await requestHop(new URL(server.url("/versioned")), gate(), hop());
    await response.body?.cancel();
    expect(response.status).toBe(200);
    const sent = server.requests.at(-1)!.headers;
    expect(sent["if-none-match"]).toBeUndefined();
    expect(sent["if-modified-since"]).toBeUndefined();
  });

  it("a full answer brings its ETag and Last-Modified to send back", async () => {
    const fetched = await fetchText(server.url("/versioned"), policy);
    expect(fetched).toMatchObject({
      text: "page",
      status: 200,
      notModified: false,
      validators: { etag: '"v7"', lastModified: "Wed, 06 Mar 2024 01:00:00 GMT" },
    });
  });

  it("a 304 to a conditional request is 'not modified', not an error, and is not retried", async () => {
    const before = server.hits("/versioned");
    const fetched = await fetchText(server.url("/versioned"), policy, {
      validators: { etag: '"v7"' },
    });
    expect(fetched).toMatchObject({ text: "", status: 304, notModified: true, attempts: 1 });
    expect(server.hits("/versioned") - before).toBe(1);
  });

  it("a changed version is fetched in full", async () => {
    const fetched = await fetchText(server.url("/versioned"), policy, {
      validators: { etag: '"v6"' },
    });
    expect(fetched).toMatchObject({ text: "page", status: 200, notModified: false });
  });

  it("a 304 nobody asked for is an error", async () => {
    await expect(fetchText(server.url("/always-304"), policy)).rejects.toThrow("HTTP 304");
  });
});
