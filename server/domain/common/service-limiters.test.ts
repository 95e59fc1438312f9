import { describe, expect, it } from "vitest";
import { memoryStore } from "../../adapters/rate-limit/rate-limiter";
import type { Services } from "../../services";
import { limitersPerServices } from "./service-limiters";

/** Just what the limiters read of the services: the clock and the rate-limit store. */
function fakeServices(startMs: number) {
  let nowMs = startMs;
  const services = {
    clock: { now: () => new Date(nowMs) },
    rateLimits: memoryStore,
  } as unknown as Services;
  return { services, advance: (ms: number) => (nowMs += ms) };
}

describe("limitersPerServices", () => {
  const twoAMinute = limitersPerServices((limiter) =>
    limiter({ name: "probe", points: 2, durationSeconds: 60 }),
  );

  it("builds one limiter per Services, counting on the services' clock", async () => {
    const { services, advance } = fakeServices(Date.UTC(2026, 0, 1, 10, 0, 0));
    expect(twoAMinute(services)).toBe(twoAMinute(services));
    expect((await twoAMinute(services).consume("k")).allowed).toBe(true);
    expect((await twoAMinute(services).consume("k")).allowed).toBe(true);
    const refused = await twoAMinute(services).consume("k");
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    advance(60_000);
    expect((await twoAMinute(services).consume("k")).allowed).toBe(true);
  });

  it("keeps each Services' counts apart (one test harness never limits another)", async () => {
    const first = fakeServices(Date.UTC(2026, 0, 1, 10, 0, 0)).services;
    const second = fakeServices(Date.UTC(2026, 0, 1, 10, 0, 0)).services;
    await twoAMinute(first).consume("k");
    await twoAMinute(first).consume("k");
    expect((await twoAMinute(first).consume("k")).allowed).toBe(false);
    expect((await twoAMinute(second).consume("k")).allowed).toBe(true);
  });
});
