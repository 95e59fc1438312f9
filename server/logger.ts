import { pino, type Logger } from "pino";

/**
 * The server's logger: JSON lines on stdout, written asynchronously. A synchronous write (pino's
 * default) stops the event loop until the terminal, pipe or log collector has taken the line; at
 * thousands of requests a second those waits add up, and a slow reader stalls every request.
 * The lines still buffered when the process exits (graceful shutdown, a fatal start-up error)
 * are written synchronously by pino's own exit hook, so none is lost on `process.exit`.
 */
export function createServerLogger(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
