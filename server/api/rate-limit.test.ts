import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startApiTestServer,
  type ApiAnswer,
  type ApiTestServer,
} from "../../tests/setup/api-test-server";
import { errorSchema } from "./schemas";
import { createRateLimiter } from "./rate-limit";

const MINUTE = 60_000;
const T0 = 1_800_000_000_000;

describe("createRateLimiter", () => {
  it("allows `limit` hits in a window, then answers the seconds until it ends", () => {
    const limiter = createRateLimiter();
    for (let hit = 1; hit <= 3; hit += 1) expect(limiter.hit("redeem:ip", 3, MINUTE, T0)).toBe(0);
    expect(limiter.hit("redeem:ip", 3, MINUTE, T0)).toBe(60);
    expect(limiter.hit("redeem:ip", 3, MINUTE, T0 + 1)).toBe(60); // 59.999 s, rounded up
    expect(limiter.hit("redeem:ip", 3, MINUTE, T0 + 30_000)).toBe(30);
    expect(limiter.hit("redeem:ip", 3, MINUTE, T0 + 59_001)).toBe(1);
    expect(limiter.hit("redeem:ip", 3, MINUTE, T0 + 59_999)).toBe(1); // never 0 while refused
  });

  it("starts a fresh window once the old one has ended (fixed window, not sliding)", () => {
    const limiter = createRateLimiter();
    expect(limiter.hit("k", 1, MINUTE, T0)).toBe(0);
    expect(limiter.hit("k", 1, MINUTE, T0 + 59_999)).toBe(1);
    expect(limiter.hit("k", 1, MINUTE, T0 + MINUTE)).toBe(0);
    expect(limiter.hit("k", 1, MINUTE, T0 + MINUTE + 1)).toBe(60);
    // Refused hits in the new window do not extend it.
    expect(limiter.hit("k", 1, MINUTE, T0 + 2 * MINUTE)).toBe(0);
  });

  it("counts each key on its own", () => {
    const limiter = createRateLimiter();
    expect(limiter.hit("read:1.2.3.4", 1, MINUTE, T0)).toBe(0);
    expect(limiter.hit("read:1.2.3.4", 1, MINUTE, T0)).toBeGreaterThan(0);
    expect(limiter.hit("read:5.6.7.8", 1, MINUTE, T0)).toBe(0);
    expect(limiter.hit("write:1.2.3.4", 1, MINUTE, T0)).toBe(0);
  });

  it("honours each call's window length", () => {
    const limiter = createRateLimiter();
    expect(limiter.hit("short", 1, 1_000, T0)).toBe(0);
    expect(limiter.hit("short", 1, 1_000, T0 + 200)).toBe(1);
    expect(limiter.hit("short", 1, 1_000, T0 + 1_000)).toBe(0);
    expect(limiter.hit("long", 1, 3_600_000, T0)).toBe(0);
    expect(limiter.hit("long", 1, 3_600_000, T0)).toBe(3600);
  });

  it("forgets ended windows when it sweeps, and a swept key starts over", () => {
    const limiter = createRateLimiter();
    for (let index = 0; index < 1000; index += 1) limiter.hit(`ip-${index}`, 1, 1_000, T0);
    expect(limiter.hit("ip-1", 1, 1_000, T0)).toBe(1);
    // Past the sweep interval every old window has ended: the key counts from zero again.
    expect(limiter.hit("ip-1", 1, 1_000, T0 + 2 * MINUTE)).toBe(0);
    expect(limiter.hit("ip-1", 1, 1_000, T0 + 2 * MINUTE)).toBe(1);
  });

  it("uses the real clock when no instant is given", () => {
    const limiter = createRateLimiter();
    expect(limiter.hit("now", 1, MINUTE)).toBe(0);
    const wait = limiter.hit("now", 1, MINUTE);
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

describe("the API's rate limits over HTTP", () => {
  let api: ApiTestServer;

  beforeAll(async () => {
    api = await startApiTestServer();
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
  });

  beforeEach(() => api.resetRouter());

  function expectRateLimited(answer: ApiAnswer) {
    expect(answer.status).toBe(429);
    expect(errorSchema.parse(answer.body).error.message).toBe(
      "Too many requests. Please slow down.",
    );
    const retryAfter = Number(answer.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it("refuses the 11th checkRedeemCode in a minute with 429 and Retry-After", async () => {
    // Anonymous: each is a 401, which still counts — the limit comes before anything else.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await api.post({ action: "checkRedeemCode", code: `GUESS${attempt}` });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.headers.get("retry-after")).toBeNull();
    }
    expectRateLimited(await api.post({ action: "checkRedeemCode", code: "GUESS11" }));
    expectRateLimited(await api.post({ action: "checkRedeemCode", code: "GUESS12" }));

    // Other action classes have their own windows.
    expect((await api.get({ action: "getCourses" })).status).toBe(200);
    expect((await api.post({ action: "registerUser" })).status).toBe(401);

    // A fresh router starts with fresh windows.
    api.resetRouter();
    expect((await api.post({ action: "checkRedeemCode", code: "GUESS13" })).status).toBe(401);
  });

  it("refuses the 31st write in a minute, whichever write actions they were", async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const action = ["registerUser", "trackCourseClick", "addReview"][attempt % 3];
      const answer = await api.post({ action, courseId: 1, courseLink: "https://x.example/c/" });
      expect(answer.status, `attempt ${attempt}`).not.toBe(429);
    }
    expectRateLimited(await api.post({ action: "addArticle", title: "t", content: "c" }));
    expect((await api.post({ action: "checkRedeemCode", code: "X" })).status).toBe(401);
  });
});
