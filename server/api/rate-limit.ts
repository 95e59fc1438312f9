/**
 * A fixed-window counter per key (IP, user, action class), in memory. One process holds the
 * embedded database anyway; behind several instances each enforces its own share, which still
 * bounds abuse. Expired windows are dropped as they are met, so memory stays bounded by traffic.
 */
export type RateLimiter = {
  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, limit: number, windowMs: number, now?: number): number;
};

export function createRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return {
    hit(key, limit, windowMs, now = Date.now()) {
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        for (const [entryKey, entry] of windows) if (entry.resetAt <= now) windows.delete(entryKey);
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count > limit ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
    },
  };
}
