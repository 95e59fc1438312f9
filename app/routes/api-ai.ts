import { answerAiRequest } from "../../server/domain/ai/ai-requests";
import { answerLocaleOf } from "../../server/web/answer-language";
import { readBodyUpTo } from "../../server/web/bounded-body";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import type { Route } from "./+types/api-ai";

/**
 * POST /api/ai, the site's AI: the body names a task and carries only the user's input for it;
 * the server writes every prompt. See core/ai-schemas.ts for the contract and
 * server/domain/ai/ai-requests.ts for the rules. 200 `{ text }` with the answer as a JSON
 * string, or `{ error, details? }` with a 4xx/5xx status. Messages and the AI's own words speak
 * the request's language (Accept-Language: the page's scripts send their page's).
 */

/** A 2 MB image in base64 plus the rest of the JSON; anything larger is not ours. */
const MAX_BODY_BYTES = 3 * 1024 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const locale = answerLocaleOf(request);
  try {
    if (request.method !== "POST") throw notAllowed();
    const bytes = await readBodyUpTo(request, MAX_BODY_BYTES);
    if (bytes === null)
      throw new HttpRefusal(413, "The request is too large. Images may be at most 2MB.");
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw new HttpRefusal(400, "The request body must be JSON.");
    }
    const answer = await answerAiRequest(context.services, context.identity, body, locale);
    return Response.json({ text: answer }, { headers: NO_STORE });
  } catch (error) {
    return jsonErrorResponse(error, "ai", locale, NO_STORE);
  }
}

function notAllowed(): HttpRefusal {
  return new HttpRefusal(405, "Method Not Allowed", { Allow: "POST" });
}

export function loader({ request }: Route.LoaderArgs) {
  return jsonErrorResponse(notAllowed(), "ai", answerLocaleOf(request), NO_STORE);
}
