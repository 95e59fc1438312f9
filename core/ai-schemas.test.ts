import { describe, expect, it } from "vitest";
import {
  aiRequestSchema,
  nonBlankStrings,
  parseAiText,
  readAiObject,
  requestAiTask,
} from "./ai-schemas";

function fakeFetch(status: number, body: unknown, seen: RequestInit[] = []): typeof fetch {
  return (async (_url: string, init: RequestInit) => {
    seen.push(init);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  }) as unknown as typeof fetch;
}

describe("parseAiText", () => {
  it("reads plain JSON and JSON wrapped in code fences", () => {
    expect(parseAiText('{"isSafe":true}')).toEqual({ isSafe: true });
    expect(parseAiText('```json\n{"isSafe":false}\n```')).toEqual({ isSafe: false });
    expect(parseAiText("  ```\n[1, 2]\n```  ")).toEqual([1, 2]);
  });

  it("throws on text that is not JSON", () => {
    expect(() => parseAiText("Sure! Here is your JSON: {")).toThrow(SyntaxError);
  });
});

describe("reading a reply leniently on the page", () => {
  it("keeps a JSON object (fenced or not) and nothing else", () => {
    expect(readAiObject('```json\n{"topic":"AI"}\n```')).toEqual({ topic: "AI" });
    expect(readAiObject("not json")).toBeNull();
    expect(readAiObject("42")).toBeNull();
    expect(readAiObject("null")).toBeNull();
  });

  it("keeps a list's non-blank strings only", () => {
    expect(nonBlankStrings(["Python", " ", 3, null, "SQL"])).toEqual(["Python", "SQL"]);
    expect(nonBlankStrings("Python")).toEqual([]);
  });
});

describe("the request schema", () => {
  it("needs a known task and defaults contents to empty", () => {
    expect(aiRequestSchema.parse({ task: "trending" })).toEqual({ task: "trending", contents: "" });
    expect(aiRequestSchema.safeParse({ task: "poem", contents: "x" }).success).toBe(false);
  });
});

describe("requestAiTask", () => {
  it("posts the task with SPEC's JSON config and returns the text", async () => {
    const seen: RequestInit[] = [];
    const result = await requestAiTask(
      { task: "compass", contents: "python" },
      { fetchImpl: fakeFetch(200, { text: '{"advice":"x"}' }, seen) },
    );
    expect(result).toEqual({ ok: true, text: '{"advice":"x"}' });
    expect(JSON.parse(seen[0]!.body as string)).toEqual({
      config: { responseMimeType: "application/json" },
      task: "compass",
      contents: "python",
    });
    expect(seen[0]!.method).toBe("POST");
  });

  it("sends the page's language with the request, so the answer speaks it", async () => {
    const seen: RequestInit[] = [];
    await requestAiTask(
      { task: "trending", contents: "" },
      { fetchImpl: fakeFetch(200, { text: "{}" }, seen), headers: { "Accept-Language": "id" } },
    );
    expect(seen[0]!.headers).toEqual({
      "Accept-Language": "id",
      "Content-Type": "application/json",
      Accept: "application/json",
    });
  });

  it("prefers the server's details over its error, as SPEC §8 says", async () => {
    expect(
      await requestAiTask(
        { task: "compass", contents: "python" },
        { fetchImpl: fakeFetch(502, { error: "Generic.", details: "Specific." }) },
      ),
    ).toEqual({ ok: false, message: "Specific." });
    expect(
      await requestAiTask(
        { task: "compass", contents: "" },
        { fetchImpl: fakeFetch(400, { error: "Please describe your learning goal." }) },
      ),
    ).toEqual({ ok: false, message: "Please describe your learning goal." });
  });

  it("has no message when the answer is not ours or the network fails", async () => {
    expect(
      await requestAiTask({ task: "trending" }, { fetchImpl: fakeFetch(500, "<html>oops</html>") }),
    ).toEqual({ ok: false, message: null });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await requestAiTask({ task: "trending" }, { fetchImpl: offline })).toEqual({
      ok: false,
      message: null,
    });
  });
});
