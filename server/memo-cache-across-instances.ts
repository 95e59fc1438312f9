import type { ChangeNotices } from "./db/change-notices";
import type { MemoCache } from "./memo-cache";

/**
 * The memo cache of one instance, whose forgets reach every instance: `forget(prefix)` forgets
 * here and publishes a notice; a notice from another instance forgets here without publishing
 * again (which would echo between instances). What is built on the cache (shared pages, through
 * `onForget`) goes too, on every instance. Remembering stays local: only forgetting is shared.
 */
export function shareForgetsAcrossInstances(cache: MemoCache, notices: ChangeNotices): MemoCache {
  notices.subscribe((notice) => {
    if (notice.kind === "cache") cache.forget(notice.prefix);
  });
  return {
    remember: (key, ttlMs, compute) => cache.remember(key, ttlMs, compute),
    forget(prefix = "") {
      cache.forget(prefix);
      notices.publish({ kind: "cache", prefix });
    },
    onForget: (listener) => cache.onForget(listener),
  };
}
