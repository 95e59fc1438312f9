import {
  createImageModerator,
  createNsfwClassifier,
  type ImageClassifier,
} from "./image-moderation";
import { computeCompassLocally } from "./local-compass";
import { computeTrendingLocally } from "./local-trending";
import { moderateTextLocally } from "./text-moderation";
import type { AiProvider } from "./types";

/**
 * The offline provider: a real provider, allowed anywhere. Text moderation is
 * rules and word lists, images go through nsfwjs, compass and trending come from our data.
 */
export function createLocalAiProvider(
  options: { classifier?: ImageClassifier; onModelLoadError?: (error: unknown) => void } = {},
): AiProvider {
  const classifier =
    options.classifier ?? createNsfwClassifier({ onLoadError: options.onModelLoadError });
  const moderateImage = createImageModerator(classifier);
  return {
    name: "local (offline)",
    async moderateText({ kind, text, locale }) {
      return { ok: true, value: moderateTextLocally(kind, text, locale) };
    },
    async moderateImage(input) {
      return { ok: true, value: await moderateImage(input) };
    },
    async compass(input) {
      return { ok: true, value: computeCompassLocally(input) };
    },
    async trending(facts, locale) {
      return { ok: true, value: computeTrendingLocally(facts, locale) };
    },
    warmUp() {
      classifier.warmUp();
    },
  };
}
