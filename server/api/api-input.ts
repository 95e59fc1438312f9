import type { Request } from "express";
import { ARTICLE_LIMITS } from "../../core/article-rules";
import { readBodyUpTo } from "../web/bounded-body";

/** addArticle carries a cover of up to 2 MB in base64 next to its text (up to 200 000 characters). */
export const API_ARTICLE_BODY_LIMIT = Math.ceil(ARTICLE_LIMITS.imageMaxBytes / 3) * 4 + 1024 * 1024;
/** Every other action is a few short fields. */
export const API_BODY_LIMIT = 64 * 1024;

export const TOO_LARGE = Symbol("too large");
export const MALFORMED = Symbol("malformed");

/**
 * A POST's JSON body, read no further than addArticle's limit; once the action is known, any
 * other action is held to the small limit. A body that is not sent as JSON reads as empty.
 */
export async function readActionBody(request: Request): Promise<unknown> {
  const bytes = await readBodyUpTo(request, API_ARTICLE_BODY_LIMIT);
  if (bytes === null) return TOO_LARGE;
  if (!request.is("application/json") || bytes.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return MALFORMED;
  }
  const action = body && typeof body === "object" ? (body as { action?: unknown }).action : null;
  if (action !== "addArticle" && bytes.length > API_BODY_LIMIT) return TOO_LARGE;
  return body;
}

/** Express gives arrays for repeated query keys; the API takes the first of each. */
export function normaliseQuery(query: Request["query"]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first !== "" && first !== "undefined" && first !== "null")
      result[key] = first;
  }
  return result;
}

/** PostgreSQL text cannot hold NUL, so input holding one is refused before the database. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.values(value).some(containsNul);
  return false;
}
