import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The bench's physical ceiling: a bare `node:http` server, in a process of its own, that answers
 * every request with one recorded answer (the bytes and headers the real server sent). Nothing
 * is parsed, routed or logged, so no Node server on this machine answers the same bytes faster.
 *
 * Usage: `node --import tsx tools/bench/bench-bare-server.ts <body file> <headers as JSON>`; prints
 * the port it listens on (127.0.0.1) as its first line.
 */
const [bodyFile, headersJson] = process.argv.slice(2);
if (!bodyFile || !headersJson) throw new Error("usage: bench-bare-server.ts <body> <headers>");
const body = readFileSync(bodyFile);
const headers: Record<string, string | number> = {
  ...(JSON.parse(headersJson) as Record<string, string>),
  "Content-Length": body.length,
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
// The same keep-alive window as the real server, so both keep autocannon's sockets alike.
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : 0);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
