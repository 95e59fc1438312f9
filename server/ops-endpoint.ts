import { timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { z } from "zod";
import { importCouponFile } from "./domain/ingest";
import type { Services } from "./services";

export const OPS_TOKEN_HEADER = "x-kursusku-ops-token";

const fileImportSchema = z.object({
  file: z.string().min(1),
  source: z.string().min(1).max(100).optional(),
  updateTimeOffset: z
    .string()
    .regex(/^(Z|[+-]\d{2}:\d{2})$/)
    .optional(),
});

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * Lets command-line tools run operations inside the server process while it owns the embedded
 * database (DESIGN.md §11). Loopback only, and only with the token the server wrote into the
 * data directory's lock file (readable by the operator who owns that directory).
 */
export function createOpsRouter(services: Services, token: () => string | undefined): Router {
  const router = express.Router();
  router.use((request, response, next) => {
    const expected = token();
    if (
      !expected ||
      !isLoopback(request.socket.remoteAddress) ||
      !tokenMatches(expected, request.get(OPS_TOKEN_HEADER))
    ) {
      response.status(404).json({ error: { message: "Not found" } });
      return;
    }
    next();
  });
  router.post("/ingest-file", express.json({ limit: "16kb" }), async (request, response) => {
    const parsed = fileImportSchema.safeParse(request.body);
    if (!parsed.success) {
      response
        .status(400)
        .json({ error: { message: parsed.error.issues[0]?.message ?? "bad request" } });
      return;
    }
    try {
      response.json(await importCouponFile(services, parsed.data));
    } catch (error) {
      response.status(500).json({ error: { message: (error as Error).message } });
    }
  });
  return router;
}
