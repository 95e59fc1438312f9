import { afterEach, describe, expect, it, vi } from "vitest";
import { runModerationCheck } from "./use-article-moderation";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const check = () =>
  runModerationCheck(
    { task: "moderateTitle", contents: "A title to check" },
    "Title moderation check failed.",
    new AbortController().signal,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("runModerationCheck", () => {
  it("passes a safe verdict, also wrapped in code fences", async () => {
    answer(200, { text: '```json\n{"isSafe":true,"reason":"Fine."}\n```' });
    expect(await check()).toEqual({ state: { status: "passed", advisory: null }, toast: null });
  });

  it("shows an unsafe verdict's reason as the advisory", async () => {
    answer(200, { text: JSON.stringify({ isSafe: false, reason: "Offensive language." }) });
    expect(await check()).toEqual({
      state: { status: "advisory", advisory: "Offensive language." },
      toast: null,
    });
  });

  it("reports an unparseable reply without a toast", async () => {
    for (const text of ["not json at all", '{"safe":"yes"}']) {
      answer(200, { text });
      expect(await check()).toEqual({
        state: {
          status: "advisory",
          advisory: "AI check couldn't be parsed. Please review content carefully.",
        },
        toast: null,
      });
    }
  });

  it("reports a failure with the server's details, else the default message", async () => {
    answer(502, { error: "Title moderation check failed.", details: "The AI service is busy." });
    expect(await check()).toEqual({
      state: { status: "advisory", advisory: "AI check failed. Review carefully." },
      toast: "The AI service is busy.",
    });
    answer(500, { nonsense: true });
    expect((await check()).toast).toBe("Title moderation check failed.");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("network down");
      }),
    );
    expect((await check()).toast).toBe("Title moderation check failed.");
  });
});

describe("runModerationCheck on an Indonesian page", () => {
  const checkIn = () =>
    runModerationCheck(
      { task: "moderateTitle", contents: "Judul yang diperiksa" },
      "Title moderation check failed.",
      new AbortController().signal,
      "id",
    );

  it("says the site's own texts in Indonesian and the AI's reason as written", async () => {
    answer(500, { nonsense: true });
    expect(await checkIn()).toEqual({
      state: { status: "advisory", advisory: "Pemeriksaan AI gagal. Tinjau dengan cermat." },
      toast: "Pemeriksaan moderasi judul gagal.",
    });
    answer(429, { error: "Too many AI requests. Please wait a moment and try again." });
    expect((await checkIn()).toast).toBe(
      "Terlalu banyak permintaan AI. Tunggu sebentar, lalu coba lagi.",
    );
    answer(200, { text: JSON.stringify({ isSafe: false, reason: "Bahasa kasar." }) });
    expect((await checkIn()).state).toEqual({ status: "advisory", advisory: "Bahasa kasar." });
  });
});
