import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type express from "express";
import type { Level, Logger } from "pino";

declare module "http" {
  interface IncomingMessage {
    /** Set by logRequests: the client's X-Request-Id when well-formed, else a fresh UUID. */
    id?: string;
  }
}

/** An id a client or proxy sent that is safe to repeat in logs and headers. */
const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * The request's id (also `request.id`): the client's or proxy's X-Request-Id when well-formed,
 * else a fresh UUID. Every answer repeats it in X-Request-Id.
 */
export function assignRequestId(request: IncomingMessage): string {
  if (request.id !== undefined) return request.id;
  const incoming = request.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  request.id = id;
  return id;
}

/**
 * One log line per answered request, with the same fields pino-http wrote (`req.id`,
 * `req.method`, `req.url`, `res.statusCode`, `responseTime`), for a fraction of its cost:
 * pino-http builds two child loggers and their serializers for every request before knowing
 * whether the line will be written at all. Here nothing is built unless the line's level is
 * enabled: a 5xx is an error, a 4xx a warning, anything else info.
 *
 * Successful static files (`/assets/`) are not logged: they would drown the log; their
 * failures still are.
 */
export function logRequests(logger: Logger): express.RequestHandler {
  return function logRequest(request, response, next) {
    const id = assignRequestId(request);
    response.setHeader("X-Request-Id", id);
    const started = performance.now();
    response.once("close", () => {
      const status = response.statusCode;
      const level: Level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
      if (!logger.isLevelEnabled(level)) return;
      if (level === "info" && request.originalUrl.startsWith("/assets/")) return;
      const completed = response.writableFinished;
      logger[level](
        {
          req: { id, method: request.method, url: request.originalUrl },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
          ...(status >= 500 ? { err: { message: `failed with status code ${status}` } } : {}),
        },
        completed ? "request completed" : "request aborted",
      );
    });
    next();
  };
}
