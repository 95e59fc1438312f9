import { describe, expect, it } from "vitest";
import type { AiProvider, ProviderReply } from "./types";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import { withVerdictCache } from "./verdict-cache";

function countingProvider(reply: () => ProviderReply<ModerationVerdict>) {
  const calls = { text: 0, image: 0 };
  const provider: AiProvider = {
    name: "counting",
    moderateText: async () => {
      calls.text += 1;
      return reply();
    },
    moderateImage: async () => {
      calls.image += 1;
      return reply();
    },
    compass: async () => ({ ok: false, raw: "" }),
    trending: async () => ({ ok: false, raw: "" }),
    warmUp: () => undefined,
  };
  return { provider, calls };
}

const safe = (): ProviderReply<ModerationVerdict> => ({
  ok: true,
  value: { isSafe: true, reason: "ok" },
});

describe("the verdict cache", () => {
  it("answers the same text or bytes from the cache, per kind", async () => {
    const { provider, calls } = countingProvider(safe);
    const cached = withVerdictCache(provider);
    await cached.moderateText({ kind: "title", text: "Hello there" });
    await cached.moderateText({ kind: "title", text: "Hello there" });
    await cached.moderateText({ kind: "content", text: "Hello there" });
    expect(calls.text).toBe(2);
    await cached.moderateImage({ bytes: new Uint8Array([1, 2, 3]), mimeType: "image/png" });
    await cached.moderateImage({ bytes: new Uint8Array([1, 2, 3]), mimeType: "image/png" });
    await cached.moderateImage({ bytes: new Uint8Array([1, 2, 4]), mimeType: "image/png" });
    expect(calls.image).toBe(2);
  });

  it("keeps a verdict per language: its reason is written in the writer's", async () => {
    const { provider, calls } = countingProvider(safe);
    const cached = withVerdictCache(provider);
    await cached.moderateText({ kind: "title", text: "Halo", locale: "id" });
    await cached.moderateText({ kind: "title", text: "Halo", locale: "id" });
    await cached.moderateText({ kind: "title", text: "Halo", locale: "en" });
    await cached.moderateText({ kind: "title", text: "Halo" });
    expect(calls.text).toBe(2);
    const bytes = new Uint8Array([1, 2, 3]);
    await cached.moderateImage({ bytes, mimeType: "image/png", locale: "id" });
    await cached.moderateImage({ bytes, mimeType: "image/png" });
    expect(calls.image).toBe(2);
  });

  it("never keeps an unreadable reply", async () => {
    const { provider, calls } = countingProvider(() => ({ ok: false, raw: "??" }));
    const cached = withVerdictCache(provider);
    await cached.moderateText({ kind: "title", text: "Same" });
    await cached.moderateText({ kind: "title", text: "Same" });
    expect(calls.text).toBe(2);
  });

  it("forgets the least recently used entry and expired ones", async () => {
    let now = 0;
    const { provider, calls } = countingProvider(safe);
    const cached = withVerdictCache(provider, { maxEntries: 2, ttlMs: 1000, now: () => now });
    const check = (text: string) => cached.moderateText({ kind: "title", text });
    await check("a");
    await check("b");
    await check("a"); // a is now the most recent
    await check("c"); // evicts b
    expect(calls.text).toBe(3);
    await check("a");
    expect(calls.text).toBe(3);
    await check("b");
    expect(calls.text).toBe(4);
    now = 5000;
    await check("b");
    expect(calls.text).toBe(5);
  });
});
