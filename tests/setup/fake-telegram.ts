import type { IncomingMessage, ServerResponse } from "node:http";
import type { TelegramUpdate } from "../../server/adapters/telegram/bot-api";
import { listenOnLoopback } from "./loopback-server";

/**
 * A stand-in for Telegram's Bot API on 127.0.0.1, speaking its JSON: `POST /bot<token>/<method>`
 * answered `{ ok: true, result }` or `{ ok: false, error_code, description }`. It knows one bot
 * (a wrong token is 401), answers getMe, records every sendMessage, long-polls getUpdates over
 * updates a test queues (real Update objects, confirmed by a higher offset), and answers as
 * Telegram does a chat that blocked the bot (403), a chat it never saw (400 chat not found) and
 * more than 20 messages a minute to one channel (429 with retry_after).
 *
 * The same controls are reachable over HTTP under /__fake/ for a spec in another process:
 * POST /__fake/start {chatId, text}, POST /__fake/block {chatId}, GET /__fake/sent.
 */
export type SentMessage = {
  chatId: string;
  text: string;
  parseMode: string | null;
  disableWebPagePreview: boolean | null;
  /** When it arrived, by the stand-in's clock. */
  at: number;
};

export type FakeTelegram = {
  /** TELEGRAM_API_BASE for the site. */
  apiBase: string;
  token: string;
  username: string;
  sent: SentMessage[];
  /** getUpdates calls (and any other method) that reached the stand-in. */
  calls: Array<{ method: string; body: Record<string, unknown> }>;
  /** The most getUpdates calls that were waiting at once (Telegram answers a second one 409). */
  readonly maxConcurrentPolls: number;
  /** Refusals it answered (403, 400, 429…). */
  refusals: Array<{ chatId: string; errorCode: number; description: string }>;
  /** A user in a private chat sends `text` (e.g. "/start TOKEN") to the bot. */
  /** `languageCode`: the sender's Telegram app language, when the test wants Telegram to tell. */
  sendFromUser(
    chatId: number,
    text: string,
    firstName?: string,
    languageCode?: string,
  ): TelegramUpdate;
  /** From now on, messages to this chat answer 403 (the user blocked the bot). */
  block(chatId: number | string): void;
  close(): Promise<void>;
};

export const FAKE_BOT_TOKEN = "123456:TEST-fake-bot-token";
export const FAKE_BOT_USERNAME = "KursuskuTestBot";
/** Telegram's limit to one group or channel. */
export const FAKE_CHANNEL_LIMIT_PER_MINUTE = 20;

type Waiter = { offset: number; answer: (updates: TelegramUpdate[]) => void };

export async function startFakeTelegram(
  options: {
    port?: number;
    channels?: string[];
    /** The clock its per-minute limit reads: a test's clock, when the site runs on one. */
    now?: () => number;
  } = {},
): Promise<FakeTelegram> {
  const now = options.now ?? Date.now;
  const token = FAKE_BOT_TOKEN;
  const updates: TelegramUpdate[] = [];
  const waiters = new Set<Waiter>();
  const sent: SentMessage[] = [];
  const calls: FakeTelegram["calls"] = [];
  const refusals: FakeTelegram["refusals"] = [];
  const knownChats = new Set<string>(options.channels ?? []);
  const blocked = new Set<string>();
  let nextUpdateId = 700_000_001;
  let nextMessageId = 1;
  let pollsInFlight = 0;
  let maxConcurrentPolls = 0;

  const pending = (offset: number) => updates.filter((update) => update.update_id >= offset);

  function sendFromUser(
    chatId: number,
    text: string,
    firstName = "Learner",
    languageCode?: string,
  ): TelegramUpdate {
    knownChats.add(String(chatId));
    const command = /^\/\w+/.exec(text);
    const update: TelegramUpdate & { message: { entities?: unknown[] } } = {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        from: {
          id: chatId,
          is_bot: false,
          first_name: firstName,
          ...(languageCode ? { language_code: languageCode } : {}),
        },
        chat: { id: chatId, type: "private" },
        date: Math.floor(Date.now() / 1000),
        text,
        ...(command
          ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] }
          : {}),
      },
    };
    updates.push(update);
    for (const waiter of waiters) {
      const ready = pending(waiter.offset);
      if (ready.length > 0) waiter.answer(ready);
    }
    return update;
  }

  function sendMessage(body: Record<string, unknown>): [number, object] {
    const chatId = String(body.chat_id ?? "");
    const refuse = (errorCode: number, description: string, parameters?: object) => {
      refusals.push({ chatId, errorCode, description });
      return [
        errorCode,
        { ok: false, error_code: errorCode, description, ...(parameters ? { parameters } : {}) },
      ] as [number, object];
    };
    if (typeof body.text !== "string" || body.text === "")
      return refuse(400, "Bad Request: message text is empty");
    if (!knownChats.has(chatId)) return refuse(400, "Bad Request: chat not found");
    if (blocked.has(chatId)) return refuse(403, "Forbidden: bot was blocked by the user");
    if (chatId.startsWith("@")) {
      const lastMinute = sent.filter(
        (message) => message.chatId === chatId && message.at > now() - 60_000,
      );
      if (lastMinute.length >= FAKE_CHANNEL_LIMIT_PER_MINUTE)
        return refuse(429, "Too Many Requests: retry after 35", { retry_after: 35 });
    }
    sent.push({
      chatId,
      text: body.text,
      parseMode: typeof body.parse_mode === "string" ? body.parse_mode : null,
      disableWebPagePreview:
        typeof body.disable_web_page_preview === "boolean" ? body.disable_web_page_preview : null,
      at: now(),
    });
    return [
      200,
      {
        ok: true,
        result: {
          message_id: nextMessageId++,
          chat: { id: chatId },
          date: Math.floor(Date.now() / 1000),
          text: body.text,
        },
      },
    ];
  }

  async function getUpdates(body: Record<string, unknown>): Promise<[number, object]> {
    const offset = Number(body.offset ?? 0);
    // A higher offset confirms every update below it: Telegram forgets them.
    for (let index = updates.length - 1; index >= 0; index -= 1) {
      if (updates[index]!.update_id < offset) updates.splice(index, 1);
    }
    const ready = pending(offset);
    const timeout = Math.min(Number(body.timeout ?? 0), 50);
    if (ready.length > 0 || timeout <= 0) return [200, { ok: true, result: ready }];
    const result = await new Promise<TelegramUpdate[]>((resolve) => {
      const waiter: Waiter = {
        offset,
        answer: (found) => {
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(found);
        },
      };
      const timer = setTimeout(() => waiter.answer([]), timeout * 1000);
      waiters.add(waiter);
    });
    return [200, { ok: true, result }];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const reply = (status: number, answer: unknown) =>
      response
        .writeHead(status, { "content-type": "application/json" })
        .end(JSON.stringify(answer));
    const raw = await readBody(request);
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid JSON" });
    }
    const url = request.url ?? "";
    if (url.startsWith("/__fake/")) return control(url, body, reply);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (request.method !== "POST" || !match) {
      return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    }
    const [, givenToken, method] = match as unknown as [string, string, string];
    if (givenToken !== token) {
      return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    }
    calls.push({ method, body });
    if (method === "getMe") {
      return reply(200, {
        ok: true,
        result: { id: 123456, is_bot: true, first_name: "Kursusku", username: FAKE_BOT_USERNAME },
      });
    }
    if (method === "sendMessage") return reply(...sendMessage(body));
    if (method === "getUpdates") {
      pollsInFlight += 1;
      maxConcurrentPolls = Math.max(maxConcurrentPolls, pollsInFlight);
      try {
        return reply(...(await getUpdates(body)));
      } finally {
        pollsInFlight -= 1;
      }
    }
    return reply(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
  }

  function control(
    url: string,
    body: Record<string, unknown>,
    reply: (s: number, a: unknown) => void,
  ) {
    if (url === "/__fake/start") {
      return reply(200, sendFromUser(Number(body.chatId), String(body.text ?? "")));
    }
    if (url === "/__fake/block") {
      blocked.add(String(body.chatId));
      return reply(200, { ok: true });
    }
    if (url === "/__fake/sent") return reply(200, sent);
    return reply(404, { ok: false });
  }

  const server = await listenOnLoopback((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  }, options.port);

  return {
    apiBase: server.base,
    token,
    username: FAKE_BOT_USERNAME,
    sent,
    calls,
    get maxConcurrentPolls() {
      return maxConcurrentPolls;
    },
    refusals,
    sendFromUser,
    block: (chatId) => blocked.add(String(chatId)),
    close: async () => {
      for (const waiter of waiters) waiter.answer([]);
      await server.close();
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
