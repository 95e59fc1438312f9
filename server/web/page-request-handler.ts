import { Readable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RequestContext } from "../load-context";
import { bufferedBody } from "./form-bodies";

type Options = {
  build: () => Promise<ServerBuild>;
  getLoadContext: (request: express.Request, response: express.Response) => Promise<RequestContext>;
  mode: string;
};

/**
 * React Router behind Express, like @react-router/express, except that a request's body is the
 * one readPageBodies already read and checked: React Router never reads the socket itself, so
 * no route can read past the body limits.
 */
export function createPageRequestHandler(options: Options): express.RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (request, response, next) => {
    try {
      const fetchRequest = toFetchRequest(request, response);
      const loadContext = await options.getLoadContext(request, response);
      await sendFetchResponse(response, await handleRequest(fetchRequest, loadContext));
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(request: express.Request, response: express.Response): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const buffered = bufferedBody(response);
  if (hasBody && buffered === undefined) {
    // Under /api the page bodies are not pre-read: those routes (the AI endpoint) read the
    // stream themselves, each within its own limit.
    return new Request(requestUrl(request), {
      method: request.method,
      headers,
      signal: controller.signal,
      body: Readable.toWeb(request) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
  }
  // An empty body is an empty form whatever type it claims (readPageBodies refuses other types
  // when there is a body), so a route's formData() never fails on it.
  if (hasBody && !buffered?.length)
    headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(requestUrl(request), {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? new Uint8Array(buffered ?? []) : undefined,
  });
}

/** The URL the client asked for; a Host header that is not a host name reads as localhost. */
function requestUrl(request: express.Request): URL {
  try {
    return new URL(request.originalUrl, `${request.protocol}://${request.host}`);
  } catch {
    return new URL(request.originalUrl, `${request.protocol}://localhost`);
  }
}

async function sendFetchResponse(response: express.Response, answer: Response): Promise<void> {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers.entries()) response.append(name, value);
  // A page rendered for this request may hold this visitor's data: no shared cache may keep it.
  if (!answer.headers.has("cache-control"))
    response.setHeader("Cache-Control", "private, no-cache");
  response.vary("Cookie");
  if (!answer.body) {
    response.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
