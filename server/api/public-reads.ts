import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";

/**
 * The action API's public reads (the course list, articles, a course's reviews for nobody in
 * particular) answered like the shared pages (decisions 0012 and 0022): the same for every client
 * without a session, so made once per question, kept briefly as JSON and gzip with an ETag, and
 * forgotten by the very writes that forget the pages. An app that polls sends the ETag back
 * (If-None-Match) and gets a 304 while nothing changed.
 */
export type SharedAnswer = {
  json: Buffer;
  gzip: Buffer;
  etag: string;
  /** What the action adds to the answer (X-Total-Count, X-Page, …). */
  headers: Array<[string, string]>;
};

/** An action's result and the headers it set. */
export type ActionAnswer = { result: unknown; headers: Map<string, string> };

export type PublicReads = {
  /** The kept answer to this question, or a fresh one made by `produce` and kept. */
  answer(key: string, produce: () => Promise<ActionAnswer>): Promise<SharedAnswer>;
  forgetAll(): void;
};

type Entry = { storedAt: number; answer: Promise<SharedAnswer> };

export function createPublicReads(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): PublicReads {
  const now = options.now ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();
  // Bumped by every forget: an answer whose making began before a write is not kept after it.
  let generation = 0;

  return {
    answer(key, produce) {
      const kept = entries.get(key);
      if (kept && now() - kept.storedAt < options.ttlMs) return kept.answer;
      const startedIn = generation;
      const entry: Entry = { storedAt: now(), answer: produce().then(sharedAnswerOf) };
      // Kept at once, so concurrent questions wait for this one answer.
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.answer.then(() => {
        if (generation !== startedIn) forget();
      }, forget);
      return entry.answer;
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    },
  };
}

/** An action's answer made ready to send many times (also a private one, kept per session). */
export function sharedAnswerOf({ result, headers }: ActionAnswer): SharedAnswer {
  const json = Buffer.from(JSON.stringify(result));
  return {
    json,
    gzip: gzipSync(json),
    etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
    headers: [...headers],
  };
}

/**
 * A cache may keep an answer for anyone but must ask again (ETag) before reuse. An answer for one
 * session is never stored (a shared computer's disk keeps no one's account); an app that keeps
 * the last answer itself sends its ETag back and gets a 304.
 */
const ANSWER_CACHE_CONTROL = { anyone: "no-cache", session: "no-store" } as const;

/**
 * Sends a kept answer: a 304 when the client already holds it, gzip when it takes gzip. An answer
 * for one session (`audience` "session") varies with the cookie that says who asks.
 */
export function sendSharedAnswer(
  request: Request,
  response: Response,
  answer: SharedAnswer,
  audience: keyof typeof ANSWER_CACHE_CONTROL = "anyone",
) {
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.setHeader("ETag", answer.etag);
  response.setHeader("Cache-Control", ANSWER_CACHE_CONTROL[audience]);
  response.vary("Accept-Encoding");
  if (audience === "session") response.vary("Cookie");
  if (holdsAnswer(request.get("if-none-match"), answer.etag)) {
    response.status(304).end();
    return;
  }
  response.status(200).type("json");
  // Sent already compressed: the compression middleware leaves encoded bodies alone.
  const gzip = request.acceptsEncodings("gzip") === "gzip";
  const body = gzip ? answer.gzip : answer.json;
  if (gzip) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", body.length);
  response.end(body);
}

/**
 * Whether the client's If-None-Match names this answer. Compared here rather than with Express's
 * `request.fresh`, which says no whenever the request carries `Cache-Control: no-cache` — as
 * every fetch() with an If-None-Match does: the answer is the origin's own, nothing is stale.
 */
function holdsAnswer(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag);
}

/** A question's key: the action and its validated input, whatever order the client sent. */
export function publicReadKey(action: string, input: Record<string, unknown>): string {
  const sorted = Object.keys(input)
    .sort()
    .map((name) => [name, input[name]]);
  return `${action}\n${JSON.stringify(sorted)}`;
}
