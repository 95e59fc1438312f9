import type { IncomingMessage } from "node:http";
import { readStreamUpTo } from "../../core/bounded-stream";

/**
 * The one way the server reads a request body: whole, but never more than `limit` bytes. A
 * declared Content-Length over the limit is refused before a byte is read; a body without one
 * (chunked) is refused as soon as the count passes the limit, and the rest is never read or
 * held. Null means "too large". Takes Node's request (Express) or a fetch Request (a route).
 */
export async function readBodyUpTo(
  source: IncomingMessage | Request,
  limit: number,
): Promise<Buffer | null> {
  const declared = Number(
    (source instanceof Request
      ? source.headers.get("content-length")
      : source.headers["content-length"]) ?? "0",
  );
  if (declared > limit) return null;
  return source instanceof Request ? readFetchBody(source, limit) : readNodeBody(source, limit);
}

async function readFetchBody(request: Request, limit: number): Promise<Buffer | null> {
  const bytes = await readStreamUpTo(request.body, limit);
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function readNodeBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        cleanUp();
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const cleanUp = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
  });
}

/** How long the rest of a refused body is still swallowed before the connection is cut. */
const DISCARD_GRACE_MS = 1000;

/**
 * Before answering a refused body that was not read to its end: what the client still sends is
 * thrown away unread for a short grace (so it sees the answer rather than a reset), then the
 * connection is cut.
 */
export function discardUnreadBody(
  request: IncomingMessage,
  response: { on(event: "finish", listener: () => void): unknown },
): void {
  if (request.readableEnded) return;
  request.on("data", () => {});
  request.resume();
  response.on("finish", () => setTimeout(() => request.destroy(), DISCARD_GRACE_MS).unref());
}
