/**
 * A small time-bounded cache for values that are cheap to be slightly stale and costly to
 * recompute on every request (for example the category list of the filter bar).
 */
export type MemoCache = {
  remember<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T>;
  forget(prefix?: string): void;
  /** Called after every forget: what is built on cached values (shared pages) goes too. */
  onForget(listener: () => void): void;
};

export function createMemoCache(now: () => number = Date.now): MemoCache {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  const listeners: Array<() => void> = [];
  return {
    remember<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      // Settled once and kept as a promise: a lazy "thenable" (a query builder runs its query
      // every time it is awaited) would otherwise run again for every caller.
      const value = Promise.resolve(compute());
      entries.set(key, { expiresAt: now() + ttlMs, value });
      // A failed computation must not be cached.
      value.catch(() => entries.delete(key));
      return value;
    },
    forget(prefix = "") {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
      for (const listener of listeners) listener();
    },
    onForget(listener) {
      listeners.push(listener);
    },
  };
}
