import { timingSafeEqual } from "node:crypto";
import express, { type Response, type Router } from "express";
import { z } from "zod";
import { UTC_OFFSET_PATTERN } from "../core/dates";
import { listArticlesForOperators, setArticleStatus } from "./domain/articles/operator-articles";
import { importCouponFile } from "./domain/ingest/import-file";
import { toIngestServices } from "./domain/ingest/ingest-services";
import { runIngest } from "./domain/ingest/run-sources";
import { createRedeemCodes, listRedeemCodes } from "./domain/accounts/redeem";
import { writeBackup } from "./db/embedded-backup";
import type { Services } from "./services";
import { HttpRefusal, parseInput, sendJsonError } from "./web/json-answers";

export const OPS_TOKEN_HEADER = "x-kursusku-ops-token";

/** While a long operation streams its progress, a line at least this often keeps it alive. */
const HEARTBEAT_MS = 15_000;

const fileImportSchema = z.object({
  file: z.string().min(1),
  source: z.string().min(1).max(100).optional(),
  updateTimeOffset: z.string().regex(UTC_OFFSET_PATTERN).optional(),
});

const sourcesRunSchema = z.object({
  /** One source by name; all configured sources when absent. */
  source: z.string().min(1).max(100).optional(),
});

/** `npm run codes -- create`: NewCodesRequest as JSON (expiresAt an ISO string). */
const codesCreateSchema = z.object({
  type: z.enum(["premium", "credits"]),
  credits: z.number().optional(),
  premiumDays: z.number().nullable().optional(),
  maxUses: z.number(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  count: z.number().optional(),
});

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** Operators see the message of any failure: the CLIs print it. */
function sendError(response: Response, error: unknown) {
  sendJsonError(response, error, (unexpected) => (unexpected as Error).message);
}

/** The request's input, or undefined once a 400 has been sent with the first issue's message. */
function readInput<Schema extends z.ZodType>(
  response: Response,
  schema: Schema,
  input: unknown,
): z.output<Schema> | undefined {
  try {
    return parseInput(schema, input, undefined, "bad request");
  } catch (error) {
    sendError(response, error);
    return undefined;
  }
}

/**
 * Lets command-line tools run operations inside the server process while it owns the embedded
 * database: PGlite is single-process, so a tool never opens the server's data directory behind
 * its back. Loopback only, and only with the token the server wrote into the
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
      sendError(response, new HttpRefusal(404, "Not found"));
      return;
    }
    next();
  });

  router.post("/ingest-file", express.json({ limit: "16kb" }), async (request, response) => {
    const parsed = readInput(response, fileImportSchema, request.body);
    if (!parsed) return;
    try {
      response.json(await importCouponFile(services, parsed));
    } catch (error) {
      sendError(response, error);
    }
  });

  /**
   * Runs the configured sources. Refusals (a run in progress: 409; an unknown source: 400) come
   * as plain JSON errors. Once the run holds the lock the answer is NDJSON: progress events,
   * heartbeats, then `{"event":"done","summary":…}` or `{"event":"error","message":…}`, so a
   * run longer than an HTTP client's patience still reports back.
   */
  router.post("/ingest-sources", express.json({ limit: "4kb" }), async (request, response) => {
    const parsed = readInput(response, sourcesRunSchema, request.body ?? {});
    if (!parsed) return;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const write = (event: unknown) => {
      if (!response.headersSent) {
        // no-transform keeps compression from holding the lines back.
        response.status(200).set({
          "Content-Type": "application/x-ndjson; charset=utf-8",
          "Cache-Control": "no-store, no-transform",
        });
        response.flushHeaders();
        heartbeat = setInterval(() => response.write('{"event":"heartbeat"}\n'), HEARTBEAT_MS);
      }
      response.write(`${JSON.stringify(event)}\n`);
    };
    try {
      const summary = await runIngest(toIngestServices(services), {
        source: parsed.source,
        requireSources: true,
        onProgress: write,
      });
      write({ event: "done", summary });
      response.end();
    } catch (error) {
      if (response.headersSent) {
        write({ event: "error", message: (error as Error).message });
        response.end();
      } else sendError(response, error);
    } finally {
      clearInterval(heartbeat);
    }
  });

  router.post("/codes-create", express.json({ limit: "4kb" }), async (request, response) => {
    const parsed = readInput(response, codesCreateSchema, request.body);
    if (!parsed) return;
    const { expiresAt, ...rest } = parsed;
    try {
      const codes = await createRedeemCodes(services, {
        ...rest,
        expiresAt: expiresAt ? new Date(expiresAt) : null,
      });
      response.json({ codes });
    } catch (error) {
      sendError(response, error);
    }
  });

  /** `npm run backup`: the backup tar, streamed to the CLI, which writes the operator's file. */
  router.post("/backup", async (_request, response) => {
    const dump = services.embeddedDump;
    if (!dump) {
      sendError(
        response,
        new HttpRefusal(
          400,
          "Backups here are of the embedded database; on PostgreSQL use pg_dump.",
        ),
      );
      return;
    }
    response.status(200).set({
      "Content-Type": "application/x-tar",
      "Cache-Control": "no-store, no-transform",
    });
    try {
      await writeBackup(
        {
          dumpDatabase: dump,
          dataDir: services.config.dataDir,
          uploadsDir: services.config.uploadsDir,
          now: services.clock.now(),
        },
        response,
      );
    } catch (error) {
      services.logger.error({ err: error }, "backup failed");
      // The CLI sees a cut-off archive and says the backup failed.
      response.destroy(error as Error);
    }
  });

  router.post("/codes-list", async (_request, response) => {
    try {
      response.json({ codes: await listRedeemCodes(services) });
    } catch (error) {
      sendError(response, error);
    }
  });

  /** `npm run articles -- hide|unhide <id>` and `list`, run by the server that owns the database. */
  const articleIdSchema = z.object({ id: z.number().int().positive() });
  for (const [operation, status] of [
    ["articles-hide", "hidden"],
    ["articles-unhide", "published"],
  ] as const) {
    router.post(`/${operation}`, express.json({ limit: "1kb" }), async (request, response) => {
      try {
        const { id } = parseInput(
          articleIdSchema,
          request.body,
          () => "An article id is required.",
        );
        response.json({ article: await setArticleStatus(services, id, status) });
      } catch (error) {
        sendError(response, error);
      }
    });
  }
  router.post("/articles-list", express.json({ limit: "1kb" }), async (request, response) => {
    const limit = Number((request.body as { limit?: unknown } | undefined)?.limit ?? 100);
    try {
      response.json({
        articles: await listArticlesForOperators(services, Number.isFinite(limit) ? limit : 100),
      });
    } catch (error) {
      sendError(response, error);
    }
  });
  return router;
}
