import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { sql } from "drizzle-orm";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { RequestContext } from "./load-context";
import { createApiRouter } from "./api/router";
import { createOpsRouter } from "./ops-endpoint";
import { rejectForeignOrigins } from "./web/origin-check";
import { resolveWebIdentity } from "./web/request-identity";
import type { Services } from "./services";

export type HttpAppOptions = {
  services: Services;
  /** Production: the built app. */
  build?: () => Promise<ServerBuild>;
  /** Development: Vite in middleware mode (hot reload). */
  vite?: {
    middlewares: express.RequestHandler;
    ssrLoadModule(id: string): Promise<Record<string, unknown>>;
  };
  /** Folder of the built client (static files). */
  clientDir: string;
  /** Token for the loopback operations endpoint (embedded database only). */
  opsToken?: () => string | undefined;
};

const HEALTH_TIMEOUT_MS = 2000;

export function createHttpApp(options: HttpAppOptions): Express {
  const { services } = options;
  const app = express();
  app.disable("x-powered-by");
  if (services.config.trustProxy) app.set("trust proxy", true);

  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (request, response) => {
        const incoming = request.headers["x-request-id"];
        const id =
          typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        response.setHeader("X-Request-Id", id);
        return id;
      },
      serializers: {
        req: (request: { id: unknown; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      // Static assets would drown the log; failures of any kind are still logged.
      autoLogging: { ignore: (request) => request.url?.startsWith("/assets/") ?? false },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500
          ? "error"
          : response.statusCode >= 400
            ? "warn"
            : "info",
    }),
  );

  app.use((_request, response, next) => {
    response.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: options.vite
        ? false // Vite's dev client injects inline scripts and a websocket.
        : {
            useDefaults: true,
            directives: {
              "default-src": ["'self'"],
              "script-src": [
                "'self'",
                (_request, response) =>
                  `'nonce-${(response as express.Response).locals.cspNonce as string}'`,
              ],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "https:"],
              "connect-src": ["'self'"],
              "font-src": ["'self'"],
              "form-action": ["'self'"],
              "frame-ancestors": ["'none'"],
              "object-src": ["'none'"],
              "base-uri": ["'self'"],
              "upgrade-insecure-requests": services.config.isProduction ? [] : null,
            },
          },
      // Course images come from the marketplace's CDN.
      crossOriginEmbedderPolicy: false,
      // "no-referrer" makes browsers send `Origin: null` on same-site form posts, which the
      // CSRF check must then refuse; this policy keeps the real origin on our own requests.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: services.config.isProduction,
    }),
  );
  app.use(compression());
  app.use(rejectForeignOrigins(services.config.publicSiteUrl));

  app.get("/healthz", async (_request, response) => {
    try {
      await Promise.race([
        pingDatabase(services),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("database timeout")), HEALTH_TIMEOUT_MS),
        ),
      ]);
      response.status(200).json({ status: "ok" });
    } catch (error) {
      services.logger.warn({ err: error }, "health check failed");
      response.status(503).json({ status: "unavailable" });
    }
  });

  if (options.opsToken) app.use("/internal/ops", createOpsRouter(services, options.opsToken));
  app.use("/api", createApiRouter(services, { corsOrigins: services.config.corsOrigins }));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    // redirect: false — a folder such as public/downloads/ must not turn /downloads into a 301.
    app.use(express.static(options.clientDir, { maxAge: "1h", redirect: false }));
  }

  const build =
    options.build ??
    (async () =>
      (await options.vite!.ssrLoadModule(
        "virtual:react-router/server-build",
      )) as unknown as ServerBuild);

  app.use(
    createRequestHandler({
      build,
      getLoadContext: async (request, response): Promise<RequestContext> => ({
        services,
        requestId: String(request.id),
        cspNonce: response.locals.cspNonce as string,
        identity: await resolveWebIdentity(services, request),
      }),
    }),
  );
  return app;
}

async function pingDatabase(services: Services): Promise<void> {
  await services.db.execute(sql`select 1`);
}
