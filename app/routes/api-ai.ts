import type { AiFailure } from "../../core/ai-schemas";
import { answerAiRequest } from "../../server/domain/ai/ai-requests";
import { AiTaskFailed, RateLimited, ValidationError } from "../../server/domain/errors";
import type { Route } from "./+types/api-ai";

/**
 * POST /api/ai, the site's AI: the body names a task and carries only the user's input for it;
 * the server writes every prompt. See core/ai-schemas.ts for the contract and
 * server/domain/ai/ai-requests.ts for the rules. 200 `{ text }` with the answer as a JSON
 * string, or `{ error, details? }` with a 4xx/5xx status.
 */

/** A 2 MB image in base64 plus the rest of the JSON; anything larger is not ours. */
const MAX_BODY_BYTES = 3 * 1024 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

async function readLimitedText(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: BlobPart[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json(
      { error: "Method Not Allowed" },
      { status: 405, headers: { Allow: "POST", ...NO_STORE } },
    );
  }
  const text = await readLimitedText(request, MAX_BODY_BYTES);
  if (text === null) {
    return Response.json(
      { error: "The request is too large. Images may be at most 2MB." },
      { status: 413, headers: NO_STORE },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json(
      { error: "The request body must be JSON." },
      { status: 400, headers: NO_STORE },
    );
  }
  try {
    const answer = await answerAiRequest(context.services, context.identity, body);
    return Response.json({ text: answer }, { headers: NO_STORE });
  } catch (error) {
    return answerFailure(error);
  }
}

/** The HTTP answer for what the domain threw. */
function answerFailure(error: unknown): Response {
  const failure = (status: number, body: AiFailure, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
  if (error instanceof ValidationError) return failure(400, { error: error.message });
  if (error instanceof RateLimited) {
    return failure(
      429,
      { error: error.message },
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }
  if (error instanceof AiTaskFailed) {
    // The AI service failing is a bad gateway; anything else is our own error.
    return error.fault === "ai-service"
      ? failure(502, { error: error.message, ...(error.details ? { details: error.details } : {}) })
      : failure(500, { error: error.message });
  }
  throw error;
}

export function loader() {
  return Response.json(
    { error: "Method Not Allowed" },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}
