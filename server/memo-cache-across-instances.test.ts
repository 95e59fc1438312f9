import { describe, expect, it } from "vitest";
import type { ChangeNotice, ChangeNotices } from "./db/change-notices";
import { createMemoCache } from "./memo-cache";
import { shareForgetsAcrossInstances } from "./memo-cache-across-instances";

/** Instances on one bus: each hears the others' notices, never its own (as LISTEN/NOTIFY does). */
function bus() {
  const members: Array<{ listeners: Array<(notice: ChangeNotice) => void> }> = [];
  const sent: ChangeNotice[] = [];
  return {
    sent,
    join(): ChangeNotices {
      const me = { listeners: [] as Array<(notice: ChangeNotice) => void> };
      members.push(me);
      return {
        publish(notice) {
          sent.push(notice);
          for (const other of members)
            if (other !== me) for (const listener of other.listeners) listener(notice);
        },
        subscribe: (listener) => me.listeners.push(listener),
        describe: () => "test bus",
        close: async () => undefined,
      };
    },
  };
}

describe("shareForgetsAcrossInstances", () => {
  it("forgets the same prefix on every instance, once, without echoing", async () => {
    const notices = bus();
    const a = shareForgetsAcrossInstances(createMemoCache(), notices.join());
    const b = shareForgetsAcrossInstances(createMemoCache(), notices.join());
    let computed = 0;
    const count = () => b.remember("catalog:count", 60_000, async () => (computed += 1));
    const other = () => b.remember("ai:trending", 60_000, async () => (computed += 100));
    await count();
    await other();
    let forgetsOnB = 0;
    b.onForget(() => (forgetsOnB += 1));

    a.forget("catalog:");
    expect(notices.sent).toEqual([{ kind: "cache", prefix: "catalog:" }]);
    expect(forgetsOnB).toBe(1);
    expect(await count()).toBe(102);
    expect(await other()).toBe(101); // another prefix stays remembered
  });

  it("ignores notices that are not about the cache", () => {
    const notices = bus();
    const a = notices.join();
    const b = shareForgetsAcrossInstances(createMemoCache(), notices.join());
    let forgets = 0;
    b.onForget(() => (forgets += 1));
    a.publish({ kind: "pages" });
    expect(forgets).toBe(0);
  });
});
