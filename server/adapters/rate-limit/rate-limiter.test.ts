import { RateLimiterMemory } from "rate-limiter-flexible";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consumeAll, createRateLimiter, type RateLimiter } from "./rate-limiter";

const MINUTE = 60_000;
/** A whole number of minutes and hours since the epoch: a window starts here. */
const T0 = 1_800_000_000_000;

/** A limiter on a clock the test moves; `wait` answers 0 when allowed, else Retry-After. */
function limiterAt(points: number, durationSeconds: number) {
  let instant = T0;
  const limiter = createRateLimiter({ name: "test", points, durationSeconds, now: () => instant });
  return {
    limiter,
    async wait(key: string, at: number) {
      instant = at;
      const hit = await limiter.consume(key);
      expect(hit.allowed).toBe(hit.retryAfterSeconds === 0);
      return hit.retryAfterSeconds;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("createRateLimiter", () => {
  it("allows `points` hits in a window, then answers the seconds until it ends", async () => {
    const { wait } = limiterAt(3, 60);
    for (let hit = 1; hit <= 3; hit += 1) expect(await wait("redeem:ip", T0)).toBe(0);
    expect(await wait("redeem:ip", T0)).toBe(60);
    expect(await wait("redeem:ip", T0 + 1)).toBe(60); // 59.999 s, rounded up
    expect(await wait("redeem:ip", T0 + 30_000)).toBe(30);
    expect(await wait("redeem:ip", T0 + 59_001)).toBe(1);
    expect(await wait("redeem:ip", T0 + 59_999)).toBe(1); // never 0 while refused
  });

  it("starts a fresh window once the old one has ended (fixed window, not sliding)", async () => {
    const { wait } = limiterAt(1, 60);
    expect(await wait("k", T0)).toBe(0);
    expect(await wait("k", T0 + 59_999)).toBe(1);
    expect(await wait("k", T0 + MINUTE)).toBe(0);
    expect(await wait("k", T0 + MINUTE + 1)).toBe(60);
    // Refused hits in the new window do not extend it.
    expect(await wait("k", T0 + 2 * MINUTE)).toBe(0);
  });

  it("aligns windows to the clock: a first hit at :15 waits 45 s once refused", async () => {
    const { wait } = limiterAt(1, 60);
    expect(await wait("late", T0 + 15_000)).toBe(0);
    expect(await wait("late", T0 + 15_000)).toBe(45);
    expect(await wait("late", T0 + MINUTE)).toBe(0);
  });

  it("counts each key on its own", async () => {
    const { wait } = limiterAt(1, 60);
    expect(await wait("read:1.2.3.4", T0)).toBe(0);
    expect(await wait("read:1.2.3.4", T0)).toBeGreaterThan(0);
    expect(await wait("read:5.6.7.8", T0)).toBe(0);
    expect(await wait("write:1.2.3.4", T0)).toBe(0);
  });

  it("honours each limiter's window length", async () => {
    const short = limiterAt(1, 1);
    expect(await short.wait("short", T0)).toBe(0);
    expect(await short.wait("short", T0 + 200)).toBe(1);
    expect(await short.wait("short", T0 + 1_000)).toBe(0);
    const long = limiterAt(1, 3600);
    expect(await long.wait("long", T0)).toBe(0);
    expect(await long.wait("long", T0)).toBe(3600);
  });

  it("forgets ended windows, so memory stays bounded by traffic", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    let store: RateLimiterMemory | undefined;
    const limiter = createRateLimiter({
      name: "test",
      points: 1,
      durationSeconds: 1,
      store: (options) => (store = new RateLimiterMemory(options)),
    });
    for (let index = 0; index < 1000; index += 1) await limiter.consume(`ip-${index}`);
    expect(store!.dump().storage).toHaveLength(1000);
    expect((await limiter.consume("ip-1")).retryAfterSeconds).toBe(1);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(store!.dump().storage).toHaveLength(0);
    // A forgotten key starts over.
    expect((await limiter.consume("ip-1")).allowed).toBe(true);
    expect((await limiter.consume("ip-1")).allowed).toBe(false);
  });

  it("uses the real clock when none is given", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0 + 20_000);
    const limiter = createRateLimiter({ name: "test", points: 1, durationSeconds: 60 });
    expect(await limiter.consume("now")).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.consume("now")).toMatchObject({ allowed: false, retryAfterSeconds: 40 });
  });

  it("gives a refunded point back to its window", async () => {
    const { limiter, wait } = limiterAt(1, 60);
    const first = await limiter.consume("k");
    const refused = await limiter.consume("k");
    expect(refused.retryAfterSeconds).toBe(60);
    await Promise.all([first.refund(), refused.refund()]);
    expect(await wait("k", T0)).toBe(0);
  });
});

describe("consumeAll", () => {
  function pair(perIp: number, perViewer: number) {
    let instant = T0;
    const ip = createRateLimiter({
      name: "ip",
      points: perIp,
      durationSeconds: 60,
      now: () => instant,
    });
    const viewer = createRateLimiter({
      name: "viewer",
      points: perViewer,
      durationSeconds: 60,
      now: () => instant,
    });
    const take = (viewerKey: string, at = T0) => {
      instant = at;
      return consumeAll([
        { limiter: ip, key: "ip:192.0.2.1" },
        { limiter: viewer, key: viewerKey },
      ]);
    };
    return { take, ip: ip as RateLimiter };
  }

  it("counts every key, or none of them when one refuses", async () => {
    const { take, ip } = pair(3, 1);
    expect(await take("viewer:a")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // The viewer's limit refuses: the IP's count is not touched.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await take("viewer:a", T0 + 15_000)).toEqual({
        allowed: false,
        retryAfterSeconds: 45,
      });
    }
    expect(await take("viewer:b")).toMatchObject({ allowed: true });
    expect(await take("viewer:c")).toMatchObject({ allowed: true });
    // Three hits counted on the IP: now it refuses, and the new viewer is not counted either.
    expect(await take("viewer:d")).toMatchObject({ allowed: false });
    expect((await ip.consume("ip:192.0.2.2")).allowed).toBe(true);
    expect(await take("viewer:d", T0 + MINUTE)).toMatchObject({ allowed: true });
  });
});
