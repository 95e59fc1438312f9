import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { AI_MESSAGES } from "../../../core/ai-schemas";
import {
  CLASSIFIER_SIZE,
  createImageModerator,
  createNsfwClassifier,
  decodeFrames,
  judgePredictions,
  type ImageClassifier,
  type NsfwClass,
  type NsfwPrediction,
} from "./image-moderation";

function predictions(scores: Partial<Record<NsfwClass, number>>): NsfwPrediction[] {
  const all: Record<NsfwClass, number> = {
    Drawing: 0,
    Hentai: 0,
    Neutral: 0,
    Porn: 0,
    Sexy: 0,
    ...scores,
  };
  const rest = 1 - Object.values(scores).reduce((sum, value) => sum + (value ?? 0), 0);
  if (scores.Neutral === undefined) all.Neutral = Math.max(0, rest);
  return Object.entries(all)
    .map(([className, probability]) => ({ className: className as NsfwClass, probability }))
    .sort((a, b) => b.probability - a.probability);
}

function flatImage(format: "png" | "jpeg" | "webp" | "gif", colour = "#2a7fcf") {
  const image = sharp({ create: { width: 320, height: 180, channels: 3, background: colour } });
  return image.toFormat(format).toBuffer();
}

/** A two-frame animated GIF: a blue frame, then a red one. */
async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame("#0000ff"), await frame("#ff0000")]);
  return sharp(frames, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

const SAFE_IMAGE_REASON = "No unsafe content was detected in the image.";

describe("the decision over nsfwjs's classes", () => {
  it.each([
    ["a neutral photo", { Neutral: 0.95, Drawing: 0.05 }, true, SAFE_IMAGE_REASON],
    ["a drawing", { Drawing: 0.9, Hentai: 0.05 }, true, SAFE_IMAGE_REASON],
    ["a mildly sexy photo", { Neutral: 0.5, Sexy: 0.45 }, true, SAFE_IMAGE_REASON],
    [
      "explicit content",
      { Porn: 0.87, Sexy: 0.1 },
      false,
      "The image appears to contain explicit sexual content (Porn 87%).",
    ],
    [
      "explicit drawings",
      { Hentai: 0.72, Drawing: 0.2 },
      false,
      "The image appears to contain explicit sexual content (Hentai 72%).",
    ],
    [
      "porn and hentai together",
      { Porn: 0.4, Hentai: 0.35 },
      false,
      "The image appears to contain explicit sexual content (Porn 40%).",
    ],
    [
      "a suggestive photo",
      { Sexy: 0.81, Neutral: 0.19 },
      false,
      "The image appears to be sexually suggestive (Sexy 81%).",
    ],
  ])("%s", (_name, scores, isSafe, reason) => {
    expect(judgePredictions([predictions(scores)])).toEqual({ isSafe, reason });
  });

  it("writes its reason in the writer's language", () => {
    expect(judgePredictions([predictions({ Porn: 0.87, Sexy: 0.1 })], "id")).toEqual({
      isSafe: false,
      reason: "Gambar tampaknya berisi konten seksual eksplisit (Porn 87%).",
    });
    expect(judgePredictions([predictions({ Sexy: 0.81, Neutral: 0.19 })], "id").reason).toBe(
      "Gambar tampaknya bernuansa seksual (Sexy 81%).",
    );
    expect(judgePredictions([predictions({ Neutral: 0.95 })], "id").reason).toBe(
      "Tidak ditemukan konten yang tidak aman pada gambar.",
    );
  });

  it("refuses an animation when any checked frame is unsafe", () => {
    const verdict = judgePredictions([predictions({ Neutral: 0.99 }), predictions({ Porn: 0.9 })]);
    expect(verdict.isSafe).toBe(false);
  });
});

describe("decoding with sharp", () => {
  it.each(["png", "jpeg", "webp", "gif"] as const)(
    "turns a %s into one 224×224 RGB frame",
    async (format) => {
      const frames = await decodeFrames(await flatImage(format));
      expect(frames).toHaveLength(1);
      expect(frames![0]).toHaveLength(CLASSIFIER_SIZE * CLASSIFIER_SIZE * 3);
    },
  );

  it("checks every frame of a short animation", async () => {
    const frames = await decodeFrames(await animatedGif());
    expect(frames).toHaveLength(2);
    // First frame blue, second red (the GIF palette keeps pure colours).
    expect([...frames![0]!.subarray(0, 3)]).toEqual([0, 0, 255]);
    expect([...frames![1]!.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it("returns null for bytes that are not an image", async () => {
    expect(await decodeFrames(new TextEncoder().encode("definitely not an image"))).toBeNull();
    const truncated = (await flatImage("png")).subarray(0, 60);
    expect(await decodeFrames(truncated)).toBeNull();
  });
});

describe("the moderator with an injected classifier", () => {
  function classifierSaying(...answers: NsfwPrediction[][]): ImageClassifier & { calls: number } {
    const classifier = {
      calls: 0,
      async classify() {
        const answer = answers[Math.min(classifier.calls, answers.length - 1)]!;
        classifier.calls += 1;
        return answer;
      },
      warmUp() {},
    };
    return classifier;
  }

  it("refuses what the classifier scores as explicit", async () => {
    const moderate = createImageModerator(classifierSaying(predictions({ Porn: 0.93 })));
    const verdict = await moderate({ bytes: await flatImage("jpeg"), mimeType: "image/jpeg" });
    expect(verdict).toEqual({
      isSafe: false,
      reason: "The image appears to contain explicit sexual content (Porn 93%).",
    });
  });

  it("classifies each frame of an animation and refuses a bad second frame", async () => {
    const classifier = classifierSaying(predictions({ Neutral: 0.99 }), predictions({ Sexy: 0.9 }));
    const verdict = await createImageModerator(classifier)({
      bytes: await animatedGif(),
      mimeType: "image/gif",
    });
    expect(classifier.calls).toBe(2);
    expect(verdict.isSafe).toBe(false);
  });

  it("calls undecodable bytes unsafe without asking the classifier", async () => {
    const classifier = classifierSaying(predictions({ Neutral: 1 }));
    const verdict = await createImageModerator(classifier)({
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      mimeType: "image/png",
    });
    expect(verdict).toEqual({ isSafe: false, reason: AI_MESSAGES.imageUnreadable });
    expect(classifier.calls).toBe(0);
  });
});

describe("loading the model once, lazily", () => {
  it("starts one load for concurrent requests and warm-up, and retries after a failure", async () => {
    let loads = 0;
    let fail = true;
    const errors: unknown[] = [];
    const classifier = createNsfwClassifier({
      onLoadError: (error) => errors.push(error),
      load: async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error("model files missing");
        return { classify: async () => predictions({ Neutral: 1 }) };
      },
    });
    const frame = new Uint8Array(CLASSIFIER_SIZE * CLASSIFIER_SIZE * 3);
    await expect(classifier.classify(frame)).rejects.toThrow("model files missing");
    expect(loads).toBe(1);
    expect(errors).toHaveLength(1);

    fail = false;
    classifier.warmUp();
    const answers = await Promise.all([classifier.classify(frame), classifier.classify(frame)]);
    expect(loads).toBe(2);
    expect(answers[0]![0]!.className).toBe("Neutral");
    await classifier.classify(frame);
    expect(loads).toBe(2);
  });
});

describe("the real nsfwjs model (offline, WASM backend)", () => {
  // One load for this file: ~1–6 s on these machines.
  const classifier = createNsfwClassifier();
  const moderate = createImageModerator(classifier);

  beforeAll(async () => {
    classifier.warmUp();
    await classifier.classify(new Uint8Array(CLASSIFIER_SIZE * CLASSIFIER_SIZE * 3));
  }, 120_000);

  it("loads from the package and calls a flat-colour image safe", async () => {
    const verdict = await moderate({ bytes: await flatImage("png"), mimeType: "image/png" });
    expect(verdict).toEqual({ isSafe: true, reason: SAFE_IMAGE_REASON });
  });

  it("returns the five classes with probabilities that sum to one", async () => {
    const frames = await decodeFrames(await flatImage("webp", "#d9b38c"));
    const result = await classifier.classify(frames![0]!);
    expect(result.map((p) => p.className).sort()).toEqual([
      "Drawing",
      "Hentai",
      "Neutral",
      "Porn",
      "Sexy",
    ]);
    expect(result.reduce((sum, p) => sum + p.probability, 0)).toBeCloseTo(1, 3);
  });

  it("calls undecodable bytes unsafe with a clear reason", async () => {
    const verdict = await moderate({
      bytes: new TextEncoder().encode("GIF89a but not really"),
      mimeType: "image/gif",
    });
    expect(verdict).toEqual({ isSafe: false, reason: "The image could not be read." });
  });
});
