import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import type { ImageModerationInput } from "./types";

/**
 * Offline image moderation: nsfwjs's MobileNetV2 model (shipped inside the package as JS
 * modules, so nothing is downloaded) on TensorFlow.js's WASM backend. The model loads once,
 * lazily and in the background (~1–6 s); every request waits on that one promise.
 */

export const NSFW_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwPrediction = { className: NsfwClass; probability: number };

/** The model's input: 224×224 RGB, one byte a channel. */
export const CLASSIFIER_SIZE = 224;
const FRAME_BYTES = CLASSIFIER_SIZE * CLASSIFIER_SIZE * 3;
/** Frames of an animated GIF/WebP that are checked (spread over the animation). */
const MAX_FRAMES = 4;
/** Decompression-bomb guard: no cover image needs more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageClassifier = {
  /** `rgb` is one 224×224 RGB frame. */
  classify(rgb: Uint8Array): Promise<NsfwPrediction[]>;
  /** Starts loading the model without waiting for it. */
  warmUp(): void;
};

type LoadedModel = {
  classify(rgb: Uint8Array): Promise<NsfwPrediction[]>;
};

function wasmDirectory(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve("@tensorflow/tfjs-backend-wasm/package.json");
  // setWasmPaths takes a prefix: in Node a directory path ending in a separator works.
  return `${path.join(path.dirname(packageJson), "dist")}${path.sep}`;
}

async function loadNsfwModel(): Promise<LoadedModel> {
  const tf = await import("@tensorflow/tfjs");
  const { setWasmPaths } = await import("@tensorflow/tfjs-backend-wasm");
  setWasmPaths(wasmDirectory());
  if (!(await tf.setBackend("wasm")))
    throw new Error("The TensorFlow.js WASM backend did not start.");
  await tf.ready();
  // nsfwjs/core plus one model definition: only MobileNetV2's bundled weights are imported.
  const { load } = await import("nsfwjs/core");
  const { MobileNetV2Model } = await import("nsfwjs/models/mobilenet_v2");
  const model = await load("MobileNetV2", { modelDefinitions: [MobileNetV2Model] });
  return {
    async classify(rgb) {
      const input = tf.tensor3d(rgb, [CLASSIFIER_SIZE, CLASSIFIER_SIZE, 3], "int32");
      try {
        return (await model.classify(input, NSFW_CLASSES.length)) as NsfwPrediction[];
      } finally {
        input.dispose();
      }
    },
  };
}

export function createNsfwClassifier(
  options: { onLoadError?: (error: unknown) => void; load?: () => Promise<LoadedModel> } = {},
): ImageClassifier {
  const load = options.load ?? loadNsfwModel;
  let model: Promise<LoadedModel> | null = null;
  const start = () => {
    if (!model) {
      model = load();
      // A failed load is retried by the next request rather than remembered forever.
      model.catch((error: unknown) => {
        model = null;
        options.onLoadError?.(error);
      });
    }
    return model;
  };
  return {
    async classify(rgb) {
      return (await start()).classify(rgb);
    },
    warmUp() {
      void start().catch(() => undefined);
    },
  };
}

/**
 * Decodes any supported image (first frames of an animation too) into 224×224 RGB frames.
 * Returns null when the bytes are not an image sharp can read.
 */
export async function decodeFrames(bytes: Uint8Array): Promise<Uint8Array[] | null> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const pages = Math.max(1, metadata.pages ?? 1);
    const count = Math.min(pages, MAX_FRAMES);
    const indices = [
      ...new Set(Array.from({ length: count }, (_, i) => Math.floor((i * pages) / count))),
    ];
    return await Promise.all(
      indices.map(async (page) => {
        const data = await sharp(bytes, {
          page,
          pages: 1,
          failOn: "error",
          limitInputPixels: MAX_INPUT_PIXELS,
        })
          .rotate()
          .flatten({ background: "#ffffff" })
          .resize(CLASSIFIER_SIZE, CLASSIFIER_SIZE, { fit: "fill" })
          .toColourspace("srgb")
          .removeAlpha()
          .raw()
          .toBuffer();
        if (data.length !== FRAME_BYTES) throw new Error(`unexpected frame size ${data.length}`);
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      }),
    );
  } catch {
    return null;
  }
}

function percent(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}

/**
 * The decision over nsfwjs's five classes. Explicit content (Porn/Hentai) is refused at a
 * lower confidence than merely suggestive content (Sexy), which holiday photos can resemble.
 */
export function judgePredictions(
  frames: NsfwPrediction[][],
  locale: Locale = "en",
): ModerationVerdict {
  for (const predictions of frames) {
    const score = (name: NsfwClass) =>
      predictions.find((prediction) => prediction.className === name)?.probability ?? 0;
    const porn = score("Porn");
    const hentai = score("Hentai");
    const sexy = score("Sexy");
    if (porn >= 0.6 || hentai >= 0.6 || porn + hentai >= 0.7) {
      const [label, value] = porn >= hentai ? ["Porn", porn] : ["Hentai", hentai];
      return {
        isSafe: false,
        reason: m.server_moderation_image_explicit({ label, percent: percent(value) }, { locale }),
      };
    }
    if (sexy >= 0.7 || sexy + porn + hentai >= 0.85) {
      return {
        isSafe: false,
        reason: m.server_moderation_image_suggestive({ percent: percent(sexy) }, { locale }),
      };
    }
  }
  return { isSafe: true, reason: m.server_moderation_image_safe({}, { locale }) };
}

export function createImageModerator(classifier: ImageClassifier) {
  return async (input: ImageModerationInput): Promise<ModerationVerdict> => {
    const frames = await decodeFrames(input.bytes);
    if (!frames || frames.length === 0)
      return { isSafe: false, reason: m.server_ai_image_unreadable({}, { locale: input.locale ?? "en" }) };
    const predictions: NsfwPrediction[][] = [];
    for (const frame of frames) predictions.push(await classifier.classify(frame));
    return judgePredictions(predictions, input.locale);
  };
}
