import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FixtureHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => void | Promise<void>;

export type FixtureServer = {
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** Every request received, in order. */
  requests: Array<{ path: string; headers: IncomingMessage["headers"] }>;
  /** Requests per path (query excluded). */
  hits(path: string): number;
  close(): Promise<void>;
};

/**
 * A node:http server on 127.0.0.1 (random port) answering from handlers keyed by path, for
 * adapters that talk to third parties. Unknown paths get 404. `close` also drops connections
 * a slow handler still holds.
 */
export async function startFixtureServer(
  handlers: Record<string, FixtureHandler>,
): Promise<FixtureServer> {
  const requests: FixtureServer["requests"] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, headers: request.headers });
    const handler = handlers[url.pathname];
    if (!handler) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    Promise.resolve(handler(request, response, url)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    hits: (path) => requests.filter((request) => request.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON (or any text) with a status. */
export function answer(
  body: unknown,
  status = 200,
  contentType = "application/json",
): FixtureHandler {
  return (_request, response) => {
    response
      .writeHead(status, { "content-type": contentType })
      .end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

/** Sends headers, then waits `ms` before the body: a source slower than the timeout. */
export function slowly(ms: number, body = "[]"): FixtureHandler {
  return (_request, response) =>
    new Promise<void>((resolve) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(body.slice(0, 1));
      const timer = setTimeout(() => {
        response.end(body.slice(1));
        resolve();
      }, ms);
      response.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
}

/** Streams `bytes` bytes in chunks without a Content-Length (the size limit must cut it off). */
export function hugeBody(bytes: number, declareLength = false): FixtureHandler {
  return (_request, response) =>
    new Promise<void>((resolve) => {
      response.writeHead(200, {
        "content-type": "application/json",
        ...(declareLength ? { "content-length": String(bytes) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < bytes && !response.destroyed) {
          const size = Math.min(chunk.length, bytes - sent);
          sent += size;
          if (!response.write(chunk.subarray(0, size))) {
            response.once("drain", pump);
            return;
          }
        }
        response.end();
        resolve();
      };
      response.on("close", resolve);
      pump();
    });
}
