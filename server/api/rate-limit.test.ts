import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startApiTestServer,
  type ApiAnswer,
  type ApiTestServer,
} from "../../tests/setup/api-test-server";
import { errorSchema } from "./schemas";

describe("the API's rate limits over HTTP", () => {
  let api: ApiTestServer;

  beforeAll(async () => {
    api = await startApiTestServer();
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
  });

  beforeEach(() => api.resetRouter());

  function expectRateLimited(answer: ApiAnswer) {
    expect(answer.status).toBe(429);
    expect(errorSchema.parse(answer.body).error.message).toBe(
      "Too many requests. Please slow down.",
    );
    const retryAfter = Number(answer.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it("refuses the 11th checkRedeemCode in a minute with 429 and Retry-After", async () => {
    // Anonymous: each is a 401, which still counts — the limit comes before anything else.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await api.post({ action: "checkRedeemCode", code: `GUESS${attempt}` });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.headers.get("retry-after")).toBeNull();
    }
    expectRateLimited(await api.post({ action: "checkRedeemCode", code: "GUESS11" }));
    expectRateLimited(await api.post({ action: "checkRedeemCode", code: "GUESS12" }));

    // Other action classes have their own windows.
    expect((await api.get({ action: "getCourses" })).status).toBe(200);
    expect((await api.post({ action: "registerUser" })).status).toBe(401);

    // A fresh router starts with fresh windows.
    await api.resetRouter();
    expect((await api.post({ action: "checkRedeemCode", code: "GUESS13" })).status).toBe(401);
  });

  it("refuses the 31st write in a minute, whichever write actions they were", async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const action = ["registerUser", "trackCourseClick", "addReview"][attempt % 3];
      const answer = await api.post({ action, courseId: 1, courseLink: "https://x.example/c/" });
      expect(answer.status, `attempt ${attempt}`).not.toBe(429);
    }
    expectRateLimited(await api.post({ action: "addArticle", title: "t", content: "c" }));
    expect((await api.post({ action: "checkRedeemCode", code: "X" })).status).toBe(401);
  });
});
