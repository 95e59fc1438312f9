import { handleAiRequest } from "../../server/domain/ai-tasks";
import type { Route } from "./+types/api-ai";

/**
 * POST /api/ai (SPEC §7): the body names a task and carries only the user's input for it; the
 * server writes every prompt. See core/ai-schemas.ts for the contract and
 * server/domain/ai-tasks.ts for the rules.
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
  const result = await handleAiRequest(context.services, context.identity, body);
  return Response.json(result.body, {
    status: result.status,
    headers: { ...NO_STORE, ...result.headers },
  });
}

export function loader() {
  return Response.json(
    { error: "Method Not Allowed" },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}
