import express, { type Request, type Response, type Router } from "express";
import type { z } from "zod";
import { createApiRequestLimiters, TOO_MANY_REQUESTS } from "../domain/accounts/request-limits";
import type { Services } from "../services";
import { HttpRefusal, parseInput, sendJsonError } from "../web/json-answers";
import { WRITER_SUBJECT_LOCAL } from "../web/visitor-layers";
import { discardUnreadBody } from "../web/bounded-body";
import { ACTION_CLASS, apiAnswerLocale, isPublicRead, runAction } from "./api-actions";
import { identifyCaller, USER_ACTIONS } from "./api-callers";
import type { KeptUserAnswers } from "./kept-user-answers";
import { containsNul, MALFORMED, normaliseQuery, readActionBody, TOO_LARGE } from "./api-input";
import { buildOpenApiDocument, renderApiReference } from "./openapi";
import {
  publicReadKey,
  sendSharedAnswer,
  type ActionAnswer,
  type PublicReads,
} from "./public-reads";
import { GET_ACTIONS, POST_ACTIONS } from "./schemas";

export { API_ARTICLE_BODY_LIMIT, API_BODY_LIMIT } from "./api-input";

export type ApiOptions = {
  corsOrigins: string[];
  /** Public reads answered from one kept answer (public-reads.ts); every read runs when absent. */
  publicReads?: PublicReads;
  /** getUser answered from the answer kept for the session (kept-user-answers.ts). */
  keptUserAnswers?: KeptUserAnswers;
  /** The rate limits' clock in milliseconds: the real one unless a test brings its own. */
  now?: () => number;
};

/**
 * The JSON action API at /api (GET ?action=… and POST { action, … }). Every action calls the
 * same domain functions as the web pages; this layer only authenticates, validates,
 * rate-limits and shapes answers. Errors are `{ error: { message } }` with a fitting status.
 */
export function createApiRouter(services: Services, options: ApiOptions): Router {
  const router = express.Router();
  const limiters = createApiRequestLimiters(services, options.now);
  const allowedOrigins = new Set(options.corsOrigins);

  router.use((request, response, next) => {
    const origin = request.get("origin");
    if (origin && allowedOrigins.has(origin)) {
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Vary", "Origin");
      response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      response.setHeader("Access-Control-Max-Age", "600");
    }
    if (request.method === "OPTIONS") {
      response.status(204).end();
      return;
    }
    next();
  });

  router.get("/openapi.json", (_request, response) => {
    response.json(buildOpenApiDocument(services.config.publicSiteUrl));
  });
  router.get("/docs", (_request, response) => {
    response
      .type("html")
      .send(renderApiReference(buildOpenApiDocument(services.config.publicSiteUrl)));
  });

  router.get("/", (request, response) => {
    void handle(request, response, request.query.action, normaliseQuery(request.query));
  });
  router.post("/", (request, response, next) => {
    readActionBody(request).then((body) => {
      if (body === TOO_LARGE) {
        discardUnreadBody(request, response);
        refuseBody(request, response, 413);
        return;
      }
      if (body === MALFORMED) return refuseBody(request, response, 400);
      const action =
        body && typeof body === "object" ? (body as { action?: unknown }).action : undefined;
      void handle(request, response, action, body);
    }, next);
  });
  /** A body that is not JSON (or too big) still gets a JSON error. */
  function refuseBody(request: Request, response: Response, status: 400 | 413) {
    const message = status === 413 ? "Request body too large." : "Malformed JSON body.";
    sendJsonError(
      response,
      new HttpRefusal(status, message),
      reportUnexpected,
      apiAnswerLocale(request),
    );
  }

  async function handle(request: Request, response: Response, action: unknown, input: unknown) {
    try {
      if (typeof action !== "string" || action === "")
        throw new HttpRefusal(400, "Missing action.");
      const isGet = request.method === "GET";
      const schemas: Record<string, z.ZodType> = isGet ? GET_ACTIONS : POST_ACTIONS;
      const schema = Object.hasOwn(schemas, action) ? schemas[action] : undefined;
      if (!schema) {
        const other = isGet ? POST_ACTIONS : GET_ACTIONS;
        throw new HttpRefusal(
          isGet || !Object.hasOwn(other, action) ? 400 : 405,
          Object.hasOwn(other, action)
            ? `${action} needs ${isGet ? "POST" : "GET"}.`
            : `Unknown action: ${action.slice(0, 50)}`,
        );
      }
      const klass = ACTION_CLASS[action] ?? "write";
      const hit = await limiters[klass].consume(`${klass}:${request.ip}`);
      if (!hit.allowed)
        throw new HttpRefusal(429, TOO_MANY_API_REQUESTS, {
          "Retry-After": String(hit.retryAfterSeconds),
        });

      // Only the plain question: one that names a userId goes the long way (and is refused there
      // when it names someone else).
      if (options.keptUserAnswers && action === "getUser" && isGet && isOnlyAction(input)) {
        const kept = await options.keptUserAnswers.endingFor(request, "getUser");
        // Null for no valid session: the long way answers that (401).
        if (kept) {
          sendSharedAnswer(request, response, kept, "session");
          return;
        }
      }
      const caller = USER_ACTIONS.has(action)
        ? await identifyCaller(services, request, action, input)
        : null;
      // If this action writes, what the web keeps of this user's personal layer is forgotten.
      if (caller?.kind === "user") response.locals[WRITER_SUBJECT_LOCAL] = caller.user.id;
      const parsed = parseInput(
        schema,
        input,
        (issue) => `${issue.path.join(".") || "body"}: ${issue.message}`,
      );
      // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
      if (containsNul(parsed)) throw new HttpRefusal(400, "Text must not contain NUL characters.");
      if (options.publicReads && isPublicRead(action, request)) {
        const input = parsed as Record<string, unknown>;
        const answer = await options.publicReads.answer(publicReadKey(action, input), () =>
          runSharedRead(request, action, input),
        );
        sendSharedAnswer(request, response, answer);
        return;
      }
      const result = await runAction(
        services,
        request,
        response,
        action,
        parsed as Record<string, unknown>,
        caller,
      );
      response.status(200).json(result);
    } catch (error) {
      sendJsonError(response, error, reportUnexpected, apiAnswerLocale(request));
    }
  }

  /** A public read made once for everyone: the headers it sets are kept with its result. */
  async function runSharedRead(
    request: Request,
    action: string,
    input: Record<string, unknown>,
  ): Promise<ActionAnswer> {
    const headers = new Map<string, string>();
    const collector = {
      setHeader: (name: string, value: string) => headers.set(name, value),
    } as unknown as Response;
    return { result: await runAction(services, request, collector, action, input, null), headers };
  }

  /** A bug or an outage: logged, and answered without its details. */
  function reportUnexpected(error: unknown): string {
    services.logger.error({ err: error }, "API request failed");
    return "Something went wrong on our side. Please try again.";
  }

  return router;
}

export const TOO_MANY_API_REQUESTS = TOO_MANY_REQUESTS;

/** A question that holds its action and nothing else. */
function isOnlyAction(input: unknown): boolean {
  return (
    typeof input === "object" &&
    input !== null &&
    Object.keys(input).every((name) => name === "action")
  );
}
