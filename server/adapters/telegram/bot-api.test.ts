import { describe, expect, it } from "vitest";
import { classifyBotFailure, createTelegramBot } from "./bot-api";

describe("classifyBotFailure", () => {
  it("a user who blocked the bot, or a chat that is gone, is gone for good", () => {
    const blocked = {
      ok: false,
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    };
    expect(classifyBotFailure(403, blocked)).toMatchObject({
      kind: "chat-gone",
      status: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    expect(
      classifyBotFailure(403, { error_code: 403, description: "Forbidden: user is deactivated" })
        .kind,
    ).toBe("chat-gone");
    expect(
      classifyBotFailure(400, { error_code: 400, description: "Bad Request: chat not found" }).kind,
    ).toBe("chat-gone");
  });

  it("429 waits as long as Telegram says, 30 s when it does not say", () => {
    expect(
      classifyBotFailure(429, {
        error_code: 429,
        description: "Too Many Requests: retry after 17",
        parameters: { retry_after: 17 },
      }),
    ).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 17 });
    expect(classifyBotFailure(429, { error_code: 429 }).retryAfterSeconds).toBe(30);
  });

  it("another 400 is about the message; 5xx, 401 and 409 may pass later", () => {
    expect(
      classifyBotFailure(400, {
        error_code: 400,
        description: "Bad Request: can't parse entities: Unsupported start tag",
      }).kind,
    ).toBe("rejected");
    expect(classifyBotFailure(502, {}).kind).toBe("unavailable");
    expect(classifyBotFailure(502, {}).description).toBe("HTTP 502");
    expect(classifyBotFailure(401, { error_code: 401, description: "Unauthorized" }).kind).toBe(
      "unavailable",
    );
    expect(
      classifyBotFailure(409, {
        error_code: 409,
        description: "Conflict: terminated by other getUpdates request",
      }).kind,
    ).toBe("unavailable");
  });
});

describe("createTelegramBot", () => {
  const token = "123:secret-token-value";

  it("posts JSON to {base}/bot{token}/{method} and reads result", async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    const bot = createTelegramBot({
      token,
      apiBase: "http://127.0.0.1:9/",
      timeoutMs: 1000,
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ ok: true, result: { message_id: 7 } });
      }) as typeof fetch,
    });
    expect(await bot.sendMessage(42, "<b>Hi</b>")).toEqual({
      ok: true,
      result: { message_id: 7 },
    });
    expect(seen).toEqual([
      {
        url: `http://127.0.0.1:9/bot${token}/sendMessage`,
        body: {
          chat_id: 42,
          text: "<b>Hi</b>",
          parse_mode: "HTML",
          disable_web_page_preview: false,
        },
      },
    ]);
  });

  it("a network failure is 'unavailable' and never shows the token", async () => {
    const bot = createTelegramBot({
      token,
      apiBase: "http://127.0.0.1:9",
      timeoutMs: 1000,
      fetch: (async (url: string) => {
        throw new TypeError("fetch failed", { cause: new Error(`connect ECONNREFUSED ${url}`) });
      }) as typeof fetch,
    });
    const answer = await bot.sendMessage(1, "x");
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.failure.kind).toBe("unavailable");
    expect(answer.failure.status).toBeNull();
    // The cause names the URL here on purpose: the client must not pass it on.
    expect(answer.failure.description).not.toContain("secret-token-value");
  });

  it("asks getMe once for the username, and again after a failure", async () => {
    let calls = 0;
    let fail = true;
    const bot = createTelegramBot({
      token,
      apiBase: "http://127.0.0.1:9",
      timeoutMs: 1000,
      fetch: (async () => {
        calls += 1;
        if (fail)
          return Response.json(
            { ok: false, error_code: 502, description: "Bad Gateway" },
            { status: 502 },
          );
        return Response.json({
          ok: true,
          result: { id: 1, is_bot: true, username: "KursuskuBot" },
        });
      }) as typeof fetch,
    });
    expect((await bot.username()).ok).toBe(false);
    fail = false;
    expect(await bot.username()).toEqual({ ok: true, result: "KursuskuBot" });
    expect(await bot.username()).toEqual({ ok: true, result: "KursuskuBot" });
    expect(calls).toBe(2);
  });
});
