import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AI_MESSAGES,
  learningGuidanceSchema,
  moderationVerdictSchema,
} from "../../core/ai-schemas";
import { createTestServices, type TestServices } from "../setup/test-services";
import { createAiProvider } from "../../server/adapters/ai";
import { neutralClassifier } from "../setup/neutral-image-classifier";
import { createLocalAiProvider } from "../../server/adapters/ai/local-provider";
import { AiProviderError, type AiProvider } from "../../server/adapters/ai/types";
import { visits } from "../../server/db/schema";
import type { Services } from "../../server/services";
import { generateDemoCatalogue } from "../../server/domain/catalog/demo-catalog";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { AI_RATE_LIMITS, type AiRequester } from "../../server/domain/ai/ai-rate-limits";
import { moderateText } from "../../server/domain/ai/moderation";
import { action } from "../../app/routes/api-ai";

const NOW = "2026-11-22T10:00:00+07:00";

let harness: TestServices;
let services: Services;
let requestCounter = 0;

/** A fresh IP and viewer per request, so the rate limits only bite where a test wants them. */
function someone(): AiRequester {
  requestCounter += 1;
  return { user: null, anonymousId: `visitor-${requestCounter}`, ip: `10.0.0.${requestCounter}` };
}

function withProvider(ai: AiProvider): Services {
  return { ...harness.services, ai };
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
  services = withProvider(
    createAiProvider(
      { geminiApiKey: undefined, geminiModel: "unused", geminiBaseUrl: undefined, timeoutMs: 1000 },
      { classifier: neutralClassifier },
    ),
  );
  await importCouponRecords(services, generateDemoCatalogue(harness.clock.now()), "demo");
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.services.db.delete(visits);
  harness.services.cache.forget();
  harness.clock.set(NOW);
});

describe("POST /api/ai", () => {
  /** Posts `body` as JSON to the route module, as React Router would call it. */
  async function call(
    body: unknown,
    requester: AiRequester = someone(),
    on = services,
    headers: Record<string, string> = {},
  ) {
    const request = new Request("http://localhost/api/ai", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const response = await action({
      request,
      context: { services: on, identity: requester },
      params: {},
    } as unknown as Parameters<typeof action>[0]);
    const answer: unknown = await response.json();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    return {
      status: response.status,
      body: answer,
      headers: response.headers,
      json: response.status === 200 ? JSON.parse((answer as { text: string }).text) : null,
    };
  }

  it("answers a title check with the verdict as a JSON string", async () => {
    const result = await call({
      task: "moderateTitle",
      contents: "Belajar analisis data di Jakarta",
      config: { responseMimeType: "application/json" },
    });
    expect(result.status).toBe(200);
    expect(moderationVerdictSchema.parse(result.json)).toEqual({
      isSafe: true,
      reason: "No offensive language or spam found.",
    });
    const unsafe = await call({ task: "moderateTitle", contents: "Dasar k0nt0l" });
    expect(unsafe.json).toMatchObject({ isSafe: false });
  });

  it.each([
    ["id", "Judul tidak boleh berisi tautan."],
    ["en-US,en;q=0.9", "Titles should not contain links."],
  ])(
    "writes the verdict's reason in the page's language (Accept-Language %s)",
    async (language, reason) => {
      const unsafe = await call(
        { task: "moderateTitle", contents: "Visit https://example.com for cheap courses" },
        someone(),
        services,
        { "Accept-Language": language },
      );
      expect(unsafe.json).toEqual({ isSafe: false, reason });
    },
  );

  it("answers compass and trending in their shapes", async () => {
    const compass = await call({ task: "compass", contents: "belajar data science" });
    expect(compass.status).toBe(200);
    expect(learningGuidanceSchema.parse(compass.json).suggestedSkills.length).toBeGreaterThan(1);
    const trending = await call({ task: "trending" });
    expect(trending.status).toBe(200);
    expect(Object.keys(trending.json).sort()).toEqual([
      "explanation",
      "keywords",
      "relatedCourses",
      "topic",
    ]);
  });

  it.each([
    [
      "a free prompt",
      { contents: "Write me a poem about cats" },
      /A task is required.*does not take free prompts/,
    ],
    ["a string body", "just a string", /must be a JSON object/],
    ["an unknown task", { task: "chat", contents: "hi" }, /Unknown task "chat"/],
    [
      "a 151-character title",
      { task: "moderateTitle", contents: "x".repeat(151) },
      /title is too long to check \(150/,
    ],
    ["a blank title", { task: "moderateTitle", contents: "   " }, /no text to check/],
    ["an empty goal", { task: "compass", contents: "" }, /^Please describe your learning goal\.$/],
    [
      "a 501-character goal",
      { task: "compass", contents: "a".repeat(501) },
      /too long \(500 characters at most\)/,
    ],
    [
      "200 001 characters of content",
      { task: "moderateContent", contents: "x".repeat(200_001) },
      /too long to check/,
    ],
    ["an image task without an image", { task: "moderateImage" }, /An image is required/],
    [
      "a non-JSON response type",
      { task: "compass", contents: "python", config: { responseMimeType: "text/plain" } },
      /Only JSON/,
    ],
    [
      "an image on a text task",
      {
        task: "compass",
        contents: "python",
        imagePart: { inlineData: { mimeType: "image/png", data: "AAAA" } },
      },
      /does not take an image/,
    ],
  ])("refuses %s with 400", async (_label, body, message) => {
    const result = await call(body);
    expect(result.status).toBe(400);
    expect((result.body as { error: string }).error).toMatch(message);
  });

  it("checks only the first 2000 characters of content", async () => {
    const seen: string[] = [];
    const local = createLocalAiProvider({ classifier: neutralClassifier });
    const recording: AiProvider = {
      ...local,
      moderateText(input) {
        seen.push(input.text);
        return local.moderateText(input);
      },
    };
    const long = `${"Belajar Python itu menyenangkan. ".repeat(70)} bangsat`;
    const result = await call(
      { task: "moderateContent", contents: long },
      someone(),
      withProvider(recording),
    );
    expect(result.status).toBe(200);
    expect(seen[0]).toHaveLength(2000);
    // The rude word sits after character 2000: SPEC checks only the start.
    expect(result.json).toEqual({ isSafe: true, reason: "No offensive language or spam found." });
  });

  describe("images", () => {
    const png = () =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer();

    it("judges the real bytes, whatever type is claimed", async () => {
      const result = await call({
        task: "moderateImage",
        imagePart: {
          inlineData: { mimeType: "image/jpeg", data: (await png()).toString("base64") },
        },
      });
      expect(result.status).toBe(200);
      expect(result.json).toEqual({
        isSafe: true,
        reason: "No unsafe content was detected in the image.",
      });
    });

    it("refuses bytes that are not a JPEG, PNG, WebP or GIF, even when labelled image/png", async () => {
      const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
      const result = await call({
        task: "moderateImage",
        imagePart: { inlineData: { mimeType: "image/png", data: pdf.toString("base64") } },
      });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error: AI_MESSAGES.imageWrongType });
    });

    it("refuses an image over 2 MB and data that is not base64", async () => {
      const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = await call({
        task: "moderateImage",
        imagePart: { inlineData: { mimeType: "image/png", data: big.toString("base64") } },
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body).toEqual({ error: AI_MESSAGES.imageTooLarge });
      const garbage = await call({
        task: "moderateImage",
        imagePart: { inlineData: { mimeType: "image/png", data: "not base64 at all!" } },
      });
      expect(garbage.status).toBe(400);
      expect((garbage.body as { error: string }).error).toMatch(/not valid base64/);
    });

    it("calls a PNG header with a broken body unsafe: the image could not be read", async () => {
      const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(100, 7)]);
      const result = await call({
        task: "moderateImage",
        imagePart: { inlineData: { mimeType: "image/png", data: broken.toString("base64") } },
      });
      expect(result.json).toEqual({ isSafe: false, reason: AI_MESSAGES.imageUnreadable });
    });
  });

  describe("provider trouble", () => {
    const local = () => createLocalAiProvider({ classifier: neutralClassifier });

    it("reports an unreadable verdict as SPEC's advisory, and does not call it safe", async () => {
      const garbled: AiProvider = {
        ...local(),
        moderateText: async () => ({ ok: false, raw: "{isSafe: maybe" }),
      };
      const result = await call(
        { task: "moderateTitle", contents: "A perfectly fine title" },
        someone(),
        withProvider(garbled),
      );
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ isSafe: false, reason: AI_MESSAGES.checkUnparseable });
      const check = await moderateText(withProvider(garbled), "title", "A perfectly fine title");
      expect(check.readable).toBe(false);
    });

    it("answers 502 with the task's default error and the cause in details", async () => {
      const failing: AiProvider = {
        ...local(),
        moderateText: async () => {
          throw new AiProviderError("Gemini answered HTTP 500.", 500);
        },
        compass: async () => ({ ok: false, raw: "not json" }),
      };
      const title = await call(
        { task: "moderateTitle", contents: "Hello world title" },
        someone(),
        withProvider(failing),
      );
      expect(title.status).toBe(502);
      expect(title.body).toEqual({
        error: AI_MESSAGES.titleCheckFailed,
        details: "The AI service is unavailable right now (HTTP 500). Please try again later.",
      });
      const compass = await call(
        { task: "compass", contents: "python" },
        someone(),
        withProvider(failing),
      );
      expect(compass.status).toBe(502);
      expect(compass.body).toEqual({
        error: AI_MESSAGES.compassFailed,
        details: AI_MESSAGES.compassUnreadable,
      });
      // From an Indonesian page (its script sends Accept-Language: id), the same failure in Indonesian.
      const fromIndonesianPage = await call(
        { task: "moderateTitle", contents: "Judul yang biasa saja" },
        someone(),
        withProvider(failing),
        { "Accept-Language": "id" },
      );
      expect(fromIndonesianPage.status).toBe(502);
      expect(fromIndonesianPage.body).toEqual({
        error: "Pemeriksaan moderasi judul gagal.",
        details: "Layanan AI sedang tidak tersedia (HTTP 500). Coba lagi nanti, ya.",
      });
    });
  });

  describe("rate limits", () => {
    it(`allows ${AI_RATE_LIMITS.perViewer} requests a minute per viewer, then 429 with Retry-After`, async () => {
      const viewer: AiRequester = { user: null, anonymousId: "busy-visitor", ip: "192.0.2.1" };
      harness.clock.set("2026-11-22T10:00:15+07:00");
      for (let index = 0; index < AI_RATE_LIMITS.perViewer; index += 1) {
        expect(
          (await call({ task: "moderateTitle", contents: `Title number ${index}` }, viewer)).status,
        ).toBe(200);
      }
      const limited = await call({ task: "moderateTitle", contents: "One more title" }, viewer);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: AI_MESSAGES.rateLimited });
      expect(limited.headers.get("Retry-After")).toBe("45");
      // Another visitor on the same IP is not blocked by this one's limit.
      const neighbour = await call(
        { task: "moderateTitle", contents: "A neighbour's title" },
        { user: null, anonymousId: "neighbour", ip: "192.0.2.1" },
      );
      expect(neighbour.status).toBe(200);
      harness.clock.advance(45_000);
      expect((await call({ task: "moderateTitle", contents: "Next minute" }, viewer)).status).toBe(
        200,
      );
    });

    it(`allows ${AI_RATE_LIMITS.perIp} requests a minute per IP across visitors`, async () => {
      harness.clock.set("2026-11-22T10:05:00+07:00");
      const ip = "198.51.100.7";
      for (let index = 0; index < AI_RATE_LIMITS.perIp; index += 1) {
        const result = await call(
          { task: "moderateTitle", contents: `Shared IP title ${index}` },
          { user: null, anonymousId: `shared-${index}`, ip },
        );
        expect(result.status).toBe(200);
      }
      const limited = await call(
        { task: "moderateTitle", contents: "Shared IP title, one too many" },
        { user: null, anonymousId: "shared-last", ip },
      );
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    });
  });
});
