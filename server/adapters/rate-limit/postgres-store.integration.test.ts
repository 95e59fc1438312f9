import { describe, expect, it } from "vitest";
import { useTwoInstances } from "../../../tests/setup/two-instances";
import { createRateLimiter } from "./rate-limiter";

const { onPostgres, pair } = useTwoInstances();

/** The same limiter, as each of the two instances builds it at start-up. */
function onBoth(name: string, points: number) {
  const options = { name, points, durationSeconds: 60, now: () => 1_800_000_000_000 };
  return [
    createRateLimiter({ ...options, store: pair().a.rateLimits }),
    createRateLimiter({ ...options, store: pair().b.rateLimits }),
  ] as const;
}

describe.runIf(onPostgres)("rate limits in PostgreSQL, shared by two instances", () => {
  it("stops hits spread over both instances at the same count as on one", async () => {
    const [onA, onB] = onBoth("redeem-test", 10);
    const allowed: boolean[] = [];
    for (let hit = 0; hit < 16; hit += 1)
      allowed.push((await (hit % 2 === 0 ? onA : onB).consume("ip:192.0.2.7")).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(10);
    expect(allowed.slice(10).some(Boolean)).toBe(false);
  });

  it("counts concurrent hits on both instances atomically", async () => {
    const [onA, onB] = onBoth("burst-test", 10);
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? onA : onB).consume("ip:192.0.2.8")),
    );
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(10);
  });

  it("keeps limiters of different names apart, and gives a refund back to every instance", async () => {
    const [readOnA] = onBoth("read-test", 1);
    const [, writeOnB] = onBoth("write-test", 1);
    expect((await readOnA.consume("ip:192.0.2.9")).allowed).toBe(true);
    expect((await writeOnB.consume("ip:192.0.2.9")).allowed).toBe(true);
    const refused = await readOnA.consume("ip:192.0.2.9");
    expect(refused.allowed).toBe(false);

    const [onA, onB] = onBoth("refund-test", 1);
    const first = await onA.consume("k");
    expect(first.allowed).toBe(true);
    await first.refund();
    expect((await onB.consume("k")).allowed).toBe(true);
    expect((await onA.consume("k")).allowed).toBe(false);
  });
});
