import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type LoopbackServer = { server: Server; base: string; close(): Promise<void> };

/** Serves `handler` (an Express app or any listener) on 127.0.0.1: a free port unless told. */
export async function listenOnLoopback(
  handler: RequestListener,
  port = 0,
): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Keep-alive sockets would hold close() open until they time out.
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
