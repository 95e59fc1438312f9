import { describe, expect, it, vi } from "vitest";
import { createMemoCache } from "./memo-cache";

function createManualTime(start = 1_000_000) {
  let current = start;
  return { now: () => current, advance: (ms: number) => (current += ms) };
}

describe("createMemoCache", () => {
  it("returns the cached value within the ttl without recomputing", async () => {
    const time = createManualTime();
    const cache = createMemoCache(time.now);
    const compute = vi.fn(async () => "value");
    expect(await cache.remember("k", 1000, compute)).toBe("value");
    time.advance(999);
    expect(await cache.remember("k", 1000, compute)).toBe("value");
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("recomputes once the ttl has passed", async () => {
    const time = createManualTime();
    const cache = createMemoCache(time.now);
    let calls = 0;
    const compute = async () => `value ${++calls}`;
    expect(await cache.remember("k", 1000, compute)).toBe("value 1");
    time.advance(1000);
    expect(await cache.remember("k", 1000, compute)).toBe("value 2");
    expect(await cache.remember("k", 1000, compute)).toBe("value 2");
  });

  it("runs a lazy thenable (a query builder) once, however often the value is awaited", async () => {
    const cache = createMemoCache(createManualTime().now);
    let runs = 0;
    const lazyQuery = {
      then<R>(resolve: (rows: string[]) => R) {
        runs += 1;
        return Promise.resolve(resolve(["row"]));
      },
    } as unknown as Promise<string[]>;
    for (let call = 0; call < 3; call += 1)
      expect(await cache.remember("k", 1000, () => lazyQuery)).toEqual(["row"]);
    expect(runs).toBe(1);
  });

  it("shares one computation between concurrent callers", async () => {
    const cache = createMemoCache(createManualTime().now);
    const compute = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 5)));
    const results = await Promise.all([
      cache.remember("k", 1000, compute),
      cache.remember("k", 1000, compute),
    ]);
    expect(results).toEqual([7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("keeps keys apart", async () => {
    const cache = createMemoCache(createManualTime().now);
    expect(await cache.remember("a", 1000, async () => 1)).toBe(1);
    expect(await cache.remember("b", 1000, async () => 2)).toBe(2);
    expect(await cache.remember("a", 1000, async () => 3)).toBe(1);
  });

  it("does not cache a failed computation", async () => {
    const cache = createMemoCache(createManualTime().now);
    await expect(
      cache.remember("k", 60_000, async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    const compute = vi.fn(async () => "recovered");
    expect(await cache.remember("k", 60_000, compute)).toBe("recovered");
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("forget(prefix) drops only the matching keys", async () => {
    const cache = createMemoCache(createManualTime().now);
    await cache.remember("catalog:facets", 60_000, async () => "old facets");
    await cache.remember("catalog:count", 60_000, async () => "old count");
    await cache.remember("articles:list", 60_000, async () => "old articles");
    cache.forget("catalog:");
    expect(await cache.remember("catalog:facets", 60_000, async () => "new facets")).toBe(
      "new facets",
    );
    expect(await cache.remember("catalog:count", 60_000, async () => "new count")).toBe(
      "new count",
    );
    expect(await cache.remember("articles:list", 60_000, async () => "new articles")).toBe(
      "old articles",
    );
  });

  it("forget() without a prefix drops everything", async () => {
    const cache = createMemoCache(createManualTime().now);
    await cache.remember("a", 60_000, async () => 1);
    await cache.remember("b", 60_000, async () => 2);
    cache.forget();
    expect(await cache.remember("a", 60_000, async () => 10)).toBe(10);
    expect(await cache.remember("b", 60_000, async () => 20)).toBe(20);
  });

  it("tells its listeners after every forget, so pages built on the values go too", async () => {
    const cache = createMemoCache(createManualTime().now);
    const listener = vi.fn();
    cache.onForget(listener);
    await cache.remember("catalog:count", 60_000, async () => 1);
    expect(listener).not.toHaveBeenCalled();
    cache.forget("catalog:");
    cache.forget("articles:");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
