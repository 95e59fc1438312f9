import { createHash } from "node:crypto";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import type { AiProvider, ProviderReply } from "./types";

/**
 * Moderation verdicts cached by content hash: the article form re-checks the same title and
 * content as the author types, and a verdict for the same bytes does not change. Only readable
 * verdicts are kept; a small LRU bounds memory.
 */
export type VerdictCacheOptions = { maxEntries?: number; ttlMs?: number; now?: () => number };

export function withVerdictCache(
  provider: AiProvider,
  options: VerdictCacheOptions = {},
): AiProvider {
  const maxEntries = options.maxEntries ?? 2000;
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { verdict: ModerationVerdict; expiresAt: number }>();

  async function cached(
    key: string,
    compute: () => Promise<ProviderReply<ModerationVerdict>>,
  ): Promise<ProviderReply<ModerationVerdict>> {
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now()) {
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      entries.delete(key);
      entries.set(key, hit);
      return { ok: true, value: hit.verdict };
    }
    const reply = await compute();
    if (reply.ok) {
      entries.delete(key);
      entries.set(key, { verdict: reply.value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return reply;
  }

  const hash = (...parts: Array<string | Uint8Array>) => {
    const digest = createHash("sha256");
    for (const part of parts) digest.update(part).update("\u0000");
    return digest.digest("hex");
  };

  return {
    ...provider,
    name: provider.name,
    moderateText(input) {
      // The reason is written in the writer's language: a verdict is kept per language.
      return cached(hash("text", input.locale ?? "en", input.kind, input.text), () =>
        provider.moderateText(input),
      );
    },
    moderateImage(input) {
      return cached(hash("image", input.locale ?? "en", input.bytes), () =>
        provider.moderateImage(input),
      );
    },
    compass: (input) => provider.compass(input),
    trending: (facts, locale) => provider.trending(facts, locale),
    warmUp: () => provider.warmUp(),
  };
}
