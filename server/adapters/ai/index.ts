import type { Logger } from "pino";
import { createGeminiProvider } from "./gemini-provider";
import type { ImageClassifier } from "./image-moderation";
import { createLocalAiProvider } from "./local-provider";
import type { AiProvider } from "./types";
import { withVerdictCache } from "./verdict-cache";

/** The AI part of the configuration (server/config.ts). */
export type AiSettings = {
  /** Unset: the offline provider answers everything. */
  geminiApiKey: string | undefined;
  geminiModel: string;
  geminiBaseUrl: string | undefined;
  timeoutMs: number;
};

export type AiProviderOptions = {
  logger?: Pick<Logger, "warn" | "error">;
  /** Tests inject a classifier instead of loading nsfwjs. */
  classifier?: ImageClassifier;
  /** Gemini's retry delay in seconds (tests shorten it). */
  retryDelaySeconds?: number;
};

/**
 * Gemini when GEMINI_API_KEY is set, the offline provider otherwise (chosen by configuration,
 * never by NODE_ENV). With Gemini, compass and trending fall back to the offline answer when
 * Gemini fails or answers nonsense: both can always be computed from our own data. Moderation
 * never falls back silently: its failure is reported.
 */
export function createAiProvider(
  settings: AiSettings,
  options: AiProviderOptions = {},
): AiProvider {
  const local = createLocalAiProvider({
    classifier: options.classifier,
    onModelLoadError: (error) =>
      options.logger?.error({ err: error }, "the offline image model could not be loaded"),
  });
  if (!settings.geminiApiKey) return withVerdictCache(local);
  const gemini = createGeminiProvider({
    apiKey: settings.geminiApiKey,
    model: settings.geminiModel,
    baseUrl: settings.geminiBaseUrl,
    timeoutMs: settings.timeoutMs,
    retryDelaySeconds: options.retryDelaySeconds,
  });
  return withVerdictCache(withLocalFallback(gemini, local, options.logger));
}

function withLocalFallback(
  primary: AiProvider,
  fallback: AiProvider,
  logger: AiProviderOptions["logger"],
): AiProvider {
  async function attempt<T>(
    task: string,
    run: (provider: AiProvider) => Promise<T & { ok: boolean }>,
  ): Promise<T & { ok: boolean }> {
    try {
      const reply = await run(primary);
      if (reply.ok) return reply;
      logger?.warn({ task }, "Gemini's reply could not be read; answering offline");
    } catch (error) {
      logger?.warn({ err: error, task }, "Gemini failed; answering offline");
    }
    return run(fallback);
  }
  return {
    name: primary.name,
    moderateText: (input) => primary.moderateText(input),
    moderateImage: (input) => primary.moderateImage(input),
    compass: (input) => attempt("compass", (provider) => provider.compass(input)),
    trending: (facts, locale) =>
      attempt("trending", (provider) => provider.trending(facts, locale)),
    // Gemini moderates images itself: the offline model is not loaded.
    warmUp: () => primary.warmUp(),
  };
}
