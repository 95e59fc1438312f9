import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUdemy, type FakeUdemy } from "../../../tests/setup/fake-udemy";
import { gateFor, type FetchPolicy } from "../coupon-feeds/http-fetch";
import {
  fetchCourseFacts,
  isAlwaysFree,
  MAX_DESCRIPTION_CHARS,
  readCourseFacts,
  type CourseFactsSettings,
} from "./course-facts";

let udemy: FakeUdemy;
const sleeps: number[] = [];

const policy: FetchPolicy = {
  timeoutMs: 2_000,
  maxBytes: 2 * 1024 * 1024,
  retries: 1,
  backoffMs: 10,
  userAgent: "test",
};

function settings(overrides: Partial<FetchPolicy> = {}): CourseFactsSettings {
  return {
    baseUrl: udemy.baseUrl,
    policy: { ...policy, ...overrides },
    gate: gateFor(udemy.baseUrl),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
}

beforeAll(async () => {
  udemy = await startFakeUdemy();
});

afterAll(async () => {
  await udemy.close();
});

describe("fetchCourseFacts against Udemy's course API format", () => {
  it("reads every fact the page and the filters use", async () => {
    const result = await fetchCourseFacts(settings(), { slug: "react-from-zero", udemyId: null });
    expect(result.status).toBe("found");
    if (result.status !== "found") return;
    expect(result.facts).toMatchObject({
      title: "React From Zero",
      headline: "Everything about React From Zero, step by step",
      language: "English",
      level: "Beginner",
      durationMinutes: 330,
      rating: 4.55,
      reviews: 1234,
      students: 45678,
      instructor: "Dewi Lestari",
      lastUpdatedOn: "2026-10-14",
      isPaid: true,
      listPrice: { amount: 19.99, currency: "USD" },
      category: "Development",
      subCategory: "Web Development",
      objectives: ["Build a project end to end", "Read and fix real code", "Deploy what you built"],
    });
    expect(result.facts.imageUrl).toMatch(/^https:\/\/img-c\.udemycdn\.com\/course\/750x422\//);
    expect(isAlwaysFree(result.facts)).toBe(false);
  });

  it("an unknown shape is 'format changed?', not a half-read course", async () => {
    udemy.setFacts("renamed-fields", { fields: { is_paid: "yes" } });
    const result = await fetchCourseFacts(settings(), { slug: "renamed-fields", udemyId: null });
    expect(result).toEqual({
      status: "unknown",
      reason: "unexpected course answer (format changed?)",
      refused: false,
    });
    expect(() => readCourseFacts({ detail: "You do not have permission." })).toThrow(
      "format changed?",
    );
    udemy.setFacts("not-json", { kind: "raw", body: "<html>challenge</html>" });
    expect(await fetchCourseFacts(settings(), { slug: "not-json", udemyId: null })).toMatchObject({
      status: "unknown",
      reason: "invalid JSON (format changed?)",
    });
  });

  it("404 means the course is gone", async () => {
    udemy.setFacts("removed-course", { kind: "status", status: 404 });
    expect(await fetchCourseFacts(settings(), { slug: "removed-course", udemyId: null })).toEqual({
      status: "gone",
    });
  });

  it("429 waits Udemy's Retry-After once, then gives up as refused (never a tight loop)", async () => {
    sleeps.length = 0;
    udemy.setFacts("busy-course", { kind: "status", status: 429, retryAfter: "7" });
    const result = await fetchCourseFacts(settings(), { slug: "busy-course", udemyId: null });
    expect(result).toMatchObject({ status: "unknown", refused: true });
    expect(sleeps).toEqual([7_000]);
    expect(udemy.factQuestions("busy-course")).toBe(2);
  });

  it("asks by Udemy's id once known", async () => {
    const result = await fetchCourseFacts(settings(), { slug: "ignored", udemyId: 4706600 });
    expect(result.status === "found" && result.facts.udemyId).toBe(4706600);
  });

  it("5 MB of description HTML: the answer is refused past the size limit, or cut when allowed", async () => {
    const huge = `<p>${"x".repeat(5 * 1024 * 1024)}</p>`;
    udemy.setFacts("huge-description", { fields: { description: huge } });
    expect(
      await fetchCourseFacts(settings(), { slug: "huge-description", udemyId: null }),
    ).toMatchObject({ status: "unknown", refused: false, reason: expect.stringMatching(/larger/) });
    const allowed = await fetchCourseFacts(settings({ maxBytes: 8 * 1024 * 1024 }), {
      slug: "huge-description",
      udemyId: null,
    });
    expect(allowed.status === "found" && allowed.facts.descriptionHtml?.length).toBe(
      MAX_DESCRIPTION_CHARS,
    );
  });

  it("a course free without a coupon is always free", async () => {
    udemy.set("free-forever", { kind: "always-free" });
    const result = await fetchCourseFacts(settings(), { slug: "free-forever", udemyId: null });
    expect(result.status === "found" && isAlwaysFree(result.facts)).toBe(true);
  });
});
