import type { Response as ExpressResponse } from "express";
import type { z } from "zod";
import { BASE_LOCALE, type Locale } from "../../core/locale";
import { AiTaskFailed, DomainError, RateLimited, ValidationError } from "../domain/common/errors";
import {
  isStorageFailure,
  STORAGE_FULL_MESSAGE,
  STORAGE_FULL_RETRY_AFTER_SECONDS,
} from "../write-failures";
import { answerMessage } from "./answer-messages";

/**
 * The one way a JSON endpoint answers a failure, for the action API, the ops endpoint and the
 * route modules the site's pages call (docs/decisions/0015-json-endpoints.md). Endpoints throw
 * typed errors; `jsonErrorAnswer` alone turns them into a status, headers and a body.
 */

/** A refusal decided by the HTTP layer itself (unknown action, wrong method, rate limit). */
export class HttpRefusal extends Error {
  override name = "HttpRefusal";
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The body shapes JSON answers use for a failure:
 * - "error": `{ error: { message } }` (the action API, the ops endpoint, live updates);
 * - "result": also `success: false` and `message`, for the write answers the site's scripts
 *   read (`{ success, message }`) as well as `error.message`;
 * - "ai": `{ error, details? }` with the message as a string (POST /api/ai).
 */
export type JsonErrorShape = "error" | "result" | "ai";

export type JsonErrorAnswer = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
};

/**
 * The answer for a typed error, or null for anything else (a bug: each endpoint decides how
 * to report it). A rate-limit refusal carries Retry-After. The message speaks `locale` when it
 * is a visitor-facing text (answer-messages.ts); English otherwise.
 */
export function jsonErrorAnswer(
  error: unknown,
  shape: JsonErrorShape,
  locale: Locale = BASE_LOCALE,
): JsonErrorAnswer | null {
  const failure = describeFailure(error);
  if (!failure) return null;
  const { status, headers } = failure;
  const message = answerMessage(failure.message, locale);
  const details = failure.details ? answerMessage(failure.details, locale) : failure.details;
  const body =
    shape === "ai"
      ? { error: message, ...(details ? { details } : {}) }
      : shape === "result"
        ? { success: false, message, error: { message } }
        : { error: { message } };
  return { status, headers, body };
}

export type Failure = {
  status: number;
  message: string;
  details?: string | null;
  headers: Record<string, string>;
};

/**
 * A refusal's status and message (English), or null for an untyped error (a bug). A write that
 * failed for lack of storage is no bug of the request: 503, to try again later.
 */
export function describeFailure(error: unknown): Failure | null {
  if (isStorageFailure(error))
    return {
      status: 503,
      message: STORAGE_FULL_MESSAGE,
      headers: { "Retry-After": String(STORAGE_FULL_RETRY_AFTER_SECONDS) },
    };
  if (error instanceof HttpRefusal)
    return { status: error.status, message: error.message, headers: error.headers };
  if (error instanceof AiTaskFailed) {
    // The AI service failing is a bad gateway; anything else is our own error.
    return error.fault === "ai-service"
      ? { status: 502, message: error.message, details: error.details, headers: {} }
      : { status: 500, message: error.message, headers: {} };
  }
  if (error instanceof DomainError) {
    const headers: Record<string, string> =
      error instanceof RateLimited ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return { status: error.status, message: error.message, headers };
  }
  return null;
}

/**
 * For route modules: the failure as a Response in `locale` (answerLocaleOf(request)); anything
 * untyped is rethrown.
 */
export function jsonErrorResponse(
  error: unknown,
  shape: JsonErrorShape,
  locale: Locale = BASE_LOCALE,
  headers: Record<string, string> = {},
): Response {
  const answer = jsonErrorAnswer(error, shape, locale);
  if (!answer) throw error;
  return Response.json(answer.body, {
    status: answer.status,
    headers: { ...headers, ...answer.headers },
  });
}

/**
 * For Express routers: sends the failure as `{ error: { message } }` in `locale`. For an untyped error,
 * `unexpected` reports it and gives the message of the 500 answer.
 */
export function sendJsonError(
  response: ExpressResponse,
  error: unknown,
  unexpected: (error: unknown) => string,
  locale: Locale = BASE_LOCALE,
): void {
  const answer = jsonErrorAnswer(error, "error", locale) ?? {
    status: 500,
    headers: {},
    body: { error: { message: unexpected(error) } },
  };
  for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
  response.status(answer.status).json(answer.body);
}

/**
 * Input parsed at the edge: the schema's typed output, or a ValidationError (400) with the
 * first issue's message (`describe` may phrase it, e.g. with the field's path).
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  describe: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
  fallback = "Invalid request.",
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ValidationError(issue ? describe(issue) : fallback);
}
