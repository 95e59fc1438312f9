import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AI_MESSAGES,
  learningGuidanceSchema,
  moderationVerdictSchema,
  trendingTopicSchema,
  type LearningGuidance,
} from "../../core/ai-schemas";
import { DEFAULT_COURSE_FILTERS } from "../../core/course-filters";
import { addDays, toJakartaDay } from "../../core/dates";
import { createTestServices, type TestServices } from "../../tests/setup/test-services";
import { createAiProvider } from "../adapters/ai";
import type { ImageClassifier, NsfwPrediction } from "../adapters/ai/image-moderation";
import { createLocalAiProvider } from "../adapters/ai/local-provider";
import { AiProviderError, type AiProvider } from "../adapters/ai/types";
import { courses, visits } from "../db/schema";
import type { Services } from "../services";
import { listCourses } from "./catalog";
import { generateDemoCatalogue } from "./demo-catalogue";
import { importCouponRecords } from "./ingest/import-records";
import {
  AI_RATE_LIMITS,
  getLearningGuidance,
  getTrendingTopic,
  handleAiRequest,
  moderateText,
  type AiRequester,
} from "./ai-tasks";

const NOW = "2026-11-22T10:00:00+07:00";

/** A classifier that never loads nsfwjs: the real model is tested in image-moderation.test.ts. */
const neutralClassifier: ImageClassifier = {
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

async function searchTotal(keyword: string): Promise<number> {
  const page = await listCourses(services, { ...DEFAULT_COURSE_FILTERS, search: keyword });
  return page.total;
}

async function expectUsefulGuidance(guidance: LearningGuidance) {
  expect(learningGuidanceSchema.parse(guidance)).toEqual(guidance);
  expect(guidance.suggestedSkills.length).toBeGreaterThanOrEqual(2);
  expect(guidance.suggestedSkills.length).toBeLessThanOrEqual(3);
  expect(guidance.genericKeywords.length).toBeGreaterThanOrEqual(2);
  expect(guidance.genericKeywords.length).toBeLessThanOrEqual(4);
  for (const skill of guidance.suggestedSkills) {
    expect(skill.searchKeywords.length).toBeGreaterThanOrEqual(1);
    expect(skill.searchKeywords.length).toBeLessThanOrEqual(3);
    expect(guidance.advice).toContain(skill.skillName);
  }
  // Every chip, applied as ?search=, lists at least one course on the home page.
  const keywords = [
    ...guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords),
    ...guidance.genericKeywords,
  ];
  for (const keyword of keywords) {
    expect({ keyword, total: await searchTotal(keyword) }).toEqual({
      keyword,
      total: expect.any(Number),
    });
    expect(await searchTotal(keyword), keyword).toBeGreaterThan(0);
  }
}

describe("Learning Compass on the demo catalogue (offline provider)", () => {
  it.each([
    ["I want to become a web developer", ["JavaScript", "React"]],
    ["saya ingin jadi web developer", ["JavaScript", "React"]],
    ["belajar data science", ["Python", "Machine Learning"]],
    ["desain grafis", ["Canva", "Figma"]],
    ["Saya mau belajar digital marketing untuk UMKM", ["SEO"]],
    ["I want to get better at Excel for my office job", ["Excel"]],
    ["pemrograman aplikasi android", ["Kotlin"]],
  ])("%j gives skills whose keywords all find courses", async (goal, expected) => {
    const guidance = await getLearningGuidance(services, goal);
    await expectUsefulGuidance(guidance);
    const keywords = guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords);
    for (const keyword of expected) expect(keywords).toContain(keyword);
  });

  it("says so when nothing matches, and still offers popular areas with courses", async () => {
    const guidance = await getLearningGuidance(services, "beekeeping for bees");
    expect(guidance.advice).toMatch(/couldn't find courses about "beekeeping for bees"/);
    await expectUsefulGuidance(guidance);
  });

  it("refuses an empty or overlong goal with SPEC's message", async () => {
    await expect(getLearningGuidance(services, "   ")).rejects.toThrow(AI_MESSAGES.goalRequired);
    await expect(getLearningGuidance(services, "x".repeat(501))).rejects.toThrow(
      AI_MESSAGES.goalTooLong,
    );
  });

  it("drops keywords of another provider that find no listed course, and tops up from ours", async () => {
    const dreamy: AiProvider = {
      ...createLocalAiProvider({ classifier: neutralClassifier }),
      async compass() {
        return {
          ok: true,
          value: {
            advice: "Learn Quantum Basket Weaving, then Python.",
            suggestedSkills: [
              { skillName: "Basket Weaving", searchKeywords: ["Quantum Basket Weaving"] },
              { skillName: "Programming", searchKeywords: ["Python", "Nonexistentium"] },
            ],
            genericKeywords: ["Zzyzx", "Python"],
          },
        };
      },
    };
    const guidance = await getLearningGuidance(withProvider(dreamy), "belajar data science");
    const keywords = [
      ...guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords),
      ...guidance.genericKeywords,
    ];
    expect(keywords).not.toContain("Quantum Basket Weaving");
    expect(keywords).not.toContain("Nonexistentium");
    expect(keywords).not.toContain("Zzyzx");
    expect(guidance.suggestedSkills[0]).toEqual({
      skillName: "Programming",
      searchKeywords: ["Python"],
    });
    await expectUsefulGuidance(guidance);
  });
});

async function insertVisits(courseIds: number[], daysAgo: number, perCourse: number) {
  const at = new Date(harness.clock.now().getTime() - daysAgo * 86_400_000);
  const rows = courseIds.flatMap((courseId) =>
    Array.from({ length: perCourse }, (_, index) => ({
      subject: `anon:trend-${daysAgo}-${index}`,
      courseId,
      visitedAt: at,
      day: toJakartaDay(at),
    })),
  );
  if (rows.length > 0) await harness.services.db.insert(visits).values(rows);
}

async function coursesTitled(word: string, category?: string) {
  const rows = await harness.services.db
    .select({ id: courses.id, title: courses.title, category: courses.category })
    .from(courses);
  return rows.filter(
    (row) =>
      row.title.toLowerCase().includes(word.toLowerCase()) &&
      (category === undefined || row.category === category),
  );
}

describe("Trending topics from our own data", () => {
  it("with no visits at all, is about new courses and cites their number", async () => {
    const topic = await getTrendingTopic(services);
    expect(trendingTopicSchema.parse(topic)).toEqual(topic);
    expect(topic.topic).toMatch(/^New in /);
    expect(topic.explanation).toMatch(/No course opens have been recorded in the last 14 days/);
    expect(topic.explanation).toMatch(/\*\*\d+\*\* new .+ courses? arrived in the last 7 days/);
    expect(topic.keywords.length).toBeGreaterThan(0);
    expect(topic.relatedCourses!.length).toBeGreaterThan(0);
    expect(topic.relatedCourses!.length).toBeLessThanOrEqual(5);
    for (const course of topic.relatedCourses!) {
      expect(Object.keys(course).sort()).toEqual(["id", "title"]);
      const title = course.title.toLowerCase();
      expect(topic.keywords.some((keyword) => title.includes(keyword.toLowerCase()))).toBe(true);
    }
  });

  it("follows opens: the category opened more this week than last wins, with the numbers", async () => {
    const design = (await coursesTitled("Figma", "Design")).slice(0, 3);
    const development = (await coursesTitled("Python", "Development")).slice(0, 3);
    expect(design.length).toBeGreaterThan(0);
    expect(development.length).toBeGreaterThan(0);
    await insertVisits(
      design.map((course) => course.id),
      2,
      4,
    );
    await insertVisits(
      development.map((course) => course.id),
      10,
      5,
    );
    await insertVisits([development[0]!.id], 1, 1);

    const topic = await getTrendingTopic(services);
    const designOpens = design.length * 4;
    expect(topic.topic).toMatch(/^Design: /);
    expect(topic.keywords).toContain("Figma");
    expect(topic.explanation).toContain(
      `**Design** is where learners are heading: **${designOpens}** course opens in the last 7 days, up from none the week before.`,
    );
    expect(topic.explanation).toMatch(
      new RegExp(
        `Across the site: \\*\\*${designOpens + 1}\\*\\* opens this week, down from \\*\\*${development.length * 5}\\*\\* the week before`,
      ),
    );
    // Most opened first.
    expect(design.map((course) => course.id)).toContain(topic.relatedCourses![0]!.id);
  });

  it("is cached for an hour", async () => {
    const first = await getTrendingTopic(services);
    const python = await coursesTitled("Python", "Development");
    await insertVisits(
      python.map((course) => course.id),
      1,
      3,
    );
    expect(await getTrendingTopic(services)).toEqual(first);
    harness.services.cache.forget("ai:trending");
    expect((await getTrendingTopic(services)).topic).toMatch(/^Development: /);
  });
});

describe("POST /api/ai through handleAiRequest", () => {
  async function call(body: unknown, requester: AiRequester = someone(), on = services) {
    const result = await handleAiRequest(on, requester, body);
    return {
      ...result,
      json: result.status === 200 ? JSON.parse((result.body as { text: string }).text) : null,
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
      expect(limited.headers["Retry-After"]).toBe("45");
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
      expect(Number(limited.headers["Retry-After"])).toBeGreaterThan(0);
    });
  });
});

describe("catalogue days", () => {
  it("uses the clock's day: courses found after today are not suggested", async () => {
    harness.clock.set(`${addDays("2026-11-22", -13)}T10:00:00+07:00`);
    const guidance = await getLearningGuidance(services, "belajar data science");
    for (const keyword of guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords)) {
      expect(await searchTotal(keyword)).toBeGreaterThan(0);
    }
  });
});
