import type { ImageClassifier, NsfwPrediction } from "../../server/adapters/ai/image-moderation";

/** A classifier that never loads nsfwjs: the real model is tested in image-moderation.test.ts. */
export const neutralClassifier: ImageClassifier = {
  async classify() {
    return [
      { className: "Neutral", probability: 0.9 },
      { className: "Drawing", probability: 0.05 },
      { className: "Sexy", probability: 0.03 },
      { className: "Porn", probability: 0.01 },
      { className: "Hentai", probability: 0.01 },
    ] satisfies NsfwPrediction[];
  },
  warmUp() {},
};
