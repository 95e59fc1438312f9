/**
 * A small client of Telegram's Bot API over fetch: `POST {base}/bot{token}/{method}` with a JSON
 * body, answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`.
 * Only what alerts need: sendMessage, getUpdates (long polling) and getMe. The base address is
 * configurable so tests and offline runs talk to a stand-in speaking the same JSON.
 */

/** What a failed call means for whoever asked (see classifyBotFailure). */
export type BotFailureKind =
  /** The chat will not take messages from us again (blocked, deleted, kicked, not found). */
  | "chat-gone"
  /** Telegram asks us to slow down; try again after `retryAfterSeconds`. */
  | "rate-limited"
  /** Telegram refused this message as it is (a bad request): resending it will not help. */
  | "rejected"
  /** Telegram or the network failed, or our token is refused: may pass on a later try. */
  | "unavailable";

export type BotFailure = {
  kind: BotFailureKind;
  /** The HTTP status / error_code, null when no answer came. */
  status: number | null;
  description: string;
  retryAfterSeconds?: number;
};

export type BotResult<T> = { ok: true; result: T } | { ok: false; failure: BotFailure };

/** The parts of a Telegram Update the bot reads. */
export type TelegramUpdate = {
  update_id: number;
  message?: {
    message_id: number;
    from?: {
      id: number;
      is_bot: boolean;
      first_name: string;
      username?: string;
      /** The IETF language tag of the user's Telegram app, when Telegram tells. */
      language_code?: string;
    };
    chat: { id: number; type: string };
    date: number;
    text?: string;
  };
};

export type TelegramBot = {
  describe(): string;
  /** The bot's @username (without @), from getMe, asked once per process while it answers. */
  username(): Promise<BotResult<string>>;
  /** An HTML message (parse_mode HTML), with the link preview on: the course image shows. */
  sendMessage(chatId: number | string, html: string): Promise<BotResult<{ message_id: number }>>;
  /**
   * Updates after `offset` (acknowledging every earlier one), waiting up to `timeoutSeconds` for
   * one to arrive (long polling).
   */
  getUpdates(
    offset: number,
    timeoutSeconds: number,
    signal?: AbortSignal,
  ): Promise<BotResult<TelegramUpdate[]>>;
};

export type TelegramBotOptions = {
  token: string;
  apiBase: string;
  /** Deadline of one call; a long poll gets its own wait on top. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

type ApiAnswer = {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
};

/**
 * Reads a failed answer: 403 (blocked by the user, kicked from the group, user deactivated) and
 * a 400 saying the chat is not found or gone mean the chat is gone for good; 429 carries the
 * wait in `parameters.retry_after`; another 400 is about this message; everything else (5xx,
 * 401/404 for a bad token, 409 for a competing getUpdates) may pass later.
 */
export function classifyBotFailure(status: number, answer: ApiAnswer): BotFailure {
  const description = (answer.description ?? `HTTP ${status}`).slice(0, 300);
  const code = answer.error_code ?? status;
  if (code === 403) return { kind: "chat-gone", status: code, description };
  if (
    code === 400 &&
    /chat not found|chat was deleted|user is deactivated|upgraded to a supergroup/i.test(
      description,
    )
  ) {
    return { kind: "chat-gone", status: code, description };
  }
  if (code === 429) {
    const retryAfter = answer.parameters?.retry_after;
    return {
      kind: "rate-limited",
      status: code,
      description,
      retryAfterSeconds: typeof retryAfter === "number" && retryAfter > 0 ? retryAfter : 30,
    };
  }
  if (code === 400) return { kind: "rejected", status: code, description };
  return { kind: "unavailable", status: code, description };
}

export function createTelegramBot(options: TelegramBotOptions): TelegramBot {
  const send = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/+$/, "");
  let usernameAnswer: Promise<BotResult<string>> | null = null;

  async function call<T>(
    method: string,
    body: Record<string, unknown>,
    extraWaitMs = 0,
    signal?: AbortSignal,
  ): Promise<BotResult<T>> {
    const deadline = AbortSignal.timeout(options.timeoutMs + extraWaitMs);
    let response: Response;
    let answer: ApiAnswer;
    try {
      response = await send(`${base}/bot${options.token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        redirect: "manual",
        signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
      });
      answer = (await response.json().catch(() => ({}))) as ApiAnswer;
    } catch (error) {
      const failure = error as Error & { cause?: Error };
      return {
        ok: false,
        failure: {
          kind: "unavailable",
          status: null,
          // Never the token (it is in the URL, which some errors repeat).
          description: (failure.name === "TimeoutError"
            ? `no answer from Telegram within ${options.timeoutMs + extraWaitMs} ms`
            : `${failure.name}: ${failure.cause?.message ?? failure.message}`
          )
            .replaceAll(options.token, "<token>")
            .slice(0, 300),
        },
      };
    }
    if (response.ok && answer.ok === true) return { ok: true, result: answer.result as T };
    return { ok: false, failure: classifyBotFailure(response.status, answer) };
  }

  return {
    describe: () => `Telegram Bot API (${new URL(base).host})`,
    username() {
      usernameAnswer ??= call<{ username?: string }>("getMe", {}).then((answer) => {
        if (!answer.ok) {
          usernameAnswer = null;
          return answer;
        }
        if (!answer.result.username) {
          usernameAnswer = null;
          return {
            ok: false,
            failure: { kind: "unavailable", status: null, description: "getMe named no username" },
          };
        }
        return { ok: true, result: answer.result.username };
      });
      return usernameAnswer;
    },
    sendMessage: (chatId, html) =>
      call("sendMessage", {
        chat_id: chatId,
        text: html,
        parse_mode: "HTML",
        disable_web_page_preview: false,
      }),
    getUpdates: (offset, timeoutSeconds, signal) =>
      call(
        "getUpdates",
        { offset, timeout: timeoutSeconds, allowed_updates: ["message"] },
        timeoutSeconds * 1000,
        signal,
      ),
  };
}
