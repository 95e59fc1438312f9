import path from "node:path";
import compression from "compression";
import express, { type Express } from "express";
import { createRequestHandler as createFetchRequestHandler, type ServerBuild } from "react-router";
import { COUPON_BANNER_COOKIE } from "../core/coupon-banner";
import { THEME_COOKIE } from "../core/theme";
import { LANGUAGE_COOKIE, localeOfPath } from "../core/locale";
import { healthHeartbeat } from "./db/schema";
import type { RequestContext } from "./load-context";
import { createApiRouter } from "./api/router";
import { createPublicReads, type PublicReads } from "./api/public-reads";
import { createKeptUserAnswers } from "./api/kept-user-answers";
import { createKeptSessions } from "./web/kept-sessions";
import { createOpsRouter } from "./ops-endpoint";
import {
  errorAnswersNotStored,
  setServerAnswerCaching,
  staticFileCacheControl,
} from "./web/cache-policy";
import { answerBeforeExpress } from "./web/before-express";
import { contentSecurityPolicy, type PolicyOptions } from "./web/content-security-policy";
import { readPageBodies } from "./web/form-bodies";
import { isAppUserAgent } from "./web/client-credentials";
import { rejectForeignOrigins } from "./web/origin-check";
import { createPageRequestHandler } from "./web/page-request-handler";
import { logRequests } from "./web/request-log";
import { createSecurityHeaders } from "./web/security-headers";
import {
  createSharedPages,
  forgetSharedPagesAfterWrites,
  type SharedPages,
} from "./web/shared-pages";
import { resolveWebIdentity, sharedPageIdentity } from "./web/request-identity";
import { announceWritesToOtherInstances } from "./web/writes-across-instances";
import { renderFlashTail, renderPersonalTail } from "./web/personal-tail";
import { sharedPageAddress, sharesNotFoundPage } from "./web/shared-addresses";
import { noScriptMarker, wantsOwnRender } from "./web/no-script";
import { clearFlashCookie, FLASH_COOKIE, parseCookies, readFlash } from "./web/cookies";
import { loadVisitorFacts, personalLayerFrom } from "./domain/accounts/personal-layer";
import { viewerSubject } from "./domain/accounts/accounts";
import {
  createVisitorLayers,
  forgetVisitorLayersAfterWrites,
  premiumEndOf,
  WRITER_SUBJECT_LOCAL,
  type VisitorLayers,
} from "./web/visitor-layers";
import { EMPTY_PERSONAL_SCOPE, type PersonalScope } from "../core/personal-layer";
import { createStaticFiles } from "./web/static-files";
import { applySavedExclusions } from "./web/saved-exclusions";
import { renderClaimedListsOwn, rendersOwnList } from "./web/claimed-lists";
import { openCoursesFirst, REFUSED_OPENING_LOCAL, type RefusedOpening } from "./web/course-opening";
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
/** How long a page rendered for visitors without cookies is reused (decision 0012). */
const SHARED_PAGE_TTL_MS = 5000;
/** The longest a visitor's kept personal layer may miss a write nobody announced (decision 0024). */
const VISITOR_LAYER_TTL_MS = 60_000;

export function createHttpApp(options: HttpAppOptions): Express {
  const { services } = options;
  const app = express();
  app.disable("x-powered-by");
  if (services.config.trustProxy) app.set("trust proxy", true);

  const build =
    options.build ??
    (async () =>
      (await options.vite!.ssrLoadModule(
        "virtual:react-router/server-build",
      )) as unknown as ServerBuild);
  const loadContext: LoadContextFor = async (request, cspNonce) => ({
    services,
    requestId: String(request.id),
    cspNonce,
    identity: await resolveWebIdentity(services, request),
  });

  const policyOptions: PolicyOptions = {
    googleSignIn: Boolean(services.config.auth.googleClientId),
    upgradeInsecureRequests: services.config.publicSiteUrl.startsWith("https://"),
  };
  // Production only: the development server renders every page fresh (hot reload).
  const visitorLayers = options.build ? createVisitorLayerCache(services) : null;
  const sharedPages = options.build
    ? createPublicPageCache(services, options.build, policyOptions, visitorLayers!)
    : null;

  const securityHeaders = createSecurityHeaders({
    policy: policyOptions,
    strictTransportSecurity: services.config.isProduction,
  });
  // Development: Vite serves the files from public/ and app/ itself.
  const staticFiles = options.vite
    ? null
    : createStaticFiles({
        root: options.clientDir,
        headers: securityHeaders.staticFileHeaders,
        cacheControl: staticFileCacheControl,
      });

  // A static file needs nothing of the rest of the chain (successful ones were never logged):
  // one in memory is answered before Express, the first request for it first thing inside.
  if (staticFiles) {
    answerBeforeExpress(app, staticFiles.answer);
    app.use(staticFiles.fromMemory);
  }
  app.use(logRequests(services.logger));
  if (sharedPages) app.use(forgetSharedPagesAfterWrites(sharedPages));
  app.use(announceWritesToOtherInstances(services.changes, sharedPages));
  const keptUserAnswers = createKeptUserAnswers(services, VISITOR_LAYER_TTL_MS);
  const keptSessions = createKeptSessions(services, VISITOR_LAYER_TTL_MS);
  const kept = [keptUserAnswers, keptSessions.forgetting];
  app.use(
    forgetVisitorLayersAfterWrites(
      visitorLayers ? [visitorLayers, ...kept] : kept,
      services.changes,
    ),
  );
  // Vite's dev client injects inline scripts and a websocket: no policy in development.
  app.use(securityHeaders.middleware({ nonce: !options.vite }));
  app.use(compression());
  app.use(setServerAnswerCaching());
  app.use(rejectForeignOrigins(services.config.publicSiteUrl));

  app.get("/healthz", async (_request, response) => {
    try {
      await withTimeout(proveDatabaseWrites(services), HEALTH_TIMEOUT_MS, "database timeout");
      // A heartbeat that fits does not mean writes fit: recent full-disk errors still count.
      if (services.writeFailures.recentlyFailed())
        throw new Error("a write failed for lack of storage within the last minute");
      response.status(200).json({ status: "ok" });
    } catch (error) {
      services.writeFailures.note(error);
      services.logger.warn({ err: error }, "health check failed");
      response.status(503).json({ status: "unavailable" });
    }
  });

  if (options.opsToken) app.use("/internal/ops", createOpsRouter(services, options.opsToken));
  app.use(
    "/api",
    createApiRouter(services, {
      corsOrigins: services.config.corsOrigins,
      publicReads: sharedPages ? publicReadsForgottenWith(sharedPages) : undefined,
      keptUserAnswers,
    }),
  );

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    // What memory does not answer (a Range request, a file of another type). Hashed file names
    // never change content: cache them for a year.
    app.use(
      "/assets",
      staticFiles!.onlyForFiles(
        express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }),
      ),
    );
    // redirect: false — a folder such as public/downloads/ must not turn /downloads into a 301.
    app.use(
      staticFiles!.onlyForFiles(
        express.static(options.clientDir, { maxAge: "1h", redirect: false }),
      ),
    );
  }

  // The money path first: a click on View Course is answered without React Router.
  app.use(openCoursesFirst(services, keptSessions));

  // Before the shared pages: the bare list sends a learner with saved exclusions to them.
  app.use(applySavedExclusions(services));
  // A learner with claimed courses gets a list without them, rendered for them alone.
  app.use(renderClaimedListsOwn(services));
  if (sharedPages) {
    app.use(noScriptMarker(services.config.publicSiteUrl.startsWith("https://")));
    app.use(sharedPages.middleware);
  }

  app.use(readPageBodies());
  app.use(
    createPageRequestHandler({
      build,
      mode: options.build ? "production" : "development",
      getLoadContext: async (request, response) => {
        const context = await loadContext(request, response.locals.cspNonce as string | undefined);
        context.courseOpening = response.locals[REFUSED_OPENING_LOCAL] as
          RefusedOpening | undefined;
        // Who this request is: if it writes, their kept personal layers are forgotten.
        response.locals[WRITER_SUBJECT_LOCAL] = viewerSubject(context.identity);
        return context;
      },
    }),
  );
  app.use(errorAnswersNotStored);
  return app;
}

type LoadContextFor = (
  request: express.Request,
  cspNonce: string | undefined,
) => Promise<RequestContext>;

/** The course list, article list and article pages: rendered once, each visitor's layer on top. */
function createPublicPageCache(
  services: Services,
  build: () => Promise<ServerBuild>,
  policyOptions: PolicyOptions,
  visitorLayers: VisitorLayers,
): SharedPages {
  const renderPage = createFetchRequestHandler(build, "production");
  const clearFlash = clearFlashCookie(services.config.publicSiteUrl.startsWith("https://"));
  const sharedPages = createSharedPages({
    sharedAddress: sharedPageAddress,
    sharesNotFoundPage,
    preferenceCookies: [THEME_COOKIE, COUPON_BANNER_COOKIE, LANGUAGE_COOKIE],
    // The app's pages carry its bearer-token state; an Authorization header is a client of its own.
    isPersonal: (request) =>
      request.headers.authorization !== undefined ||
      isAppUserAgent(request.get("user-agent"), services.config.auth.appUserAgentToken) ||
      wantsOwnRender(parseCookies(request.headers.cookie)) ||
      rendersOwnList(request),
    render: async (address, preferenceCookies) => {
      const sharedRender: PersonalScope = {
        ...EMPTY_PERSONAL_SCOPE,
        courseIds: [],
        locale: localeOfPath(new URL(address, services.config.publicSiteUrl).pathname),
      };
      // Only what the key holds reaches the render: the address and the display preferences.
      const response = await renderPage(
        new Request(new URL(address, services.config.publicSiteUrl), {
          headers: { accept: "text/html", cookie: preferenceCookies },
        }),
        {
          services,
          requestId: "shared-page",
          cspNonce: undefined,
          identity: await sharedPageIdentity(services),
          sharedRender,
        },
      );
      return { response, scope: sharedRender };
    },
    personalEnding: (request, scope) => visitorLayers.endingFor(request, scope),
    // The page after a form's redirect is the shared page too: its flash message goes at the end
    // for this request only, and the cookie is cleared so it shows once (decision 0042).
    oneTimeEnding: (request) => {
      const cookies = parseCookies(request.headers.cookie);
      if (!cookies.has(FLASH_COOKIE)) return null;
      const flash = readFlash(cookies);
      return {
        html: flash ? renderFlashTail(flash) : "",
        headers: [["Set-Cookie", clearFlash]],
      };
    },
    policy: (hashes) => contentSecurityPolicy({ hashes }, policyOptions),
    ttlMs: SHARED_PAGE_TTL_MS,
  });
  // Ingestion and admin changes forget their cached queries: the pages built on them go too.
  services.cache.onForget(() => sharedPages.forgetAll());
  // So do the endings laid over them (a learner's own course list is cut from the catalogue).
  sharedPages.onForgetAll(() => visitorLayers.forgetEndings());
  return sharedPages;
}

/** The API's public reads, kept as long as the shared pages and forgotten with them. */
function publicReadsForgottenWith(sharedPages: SharedPages): PublicReads {
  const publicReads = createPublicReads({ ttlMs: SHARED_PAGE_TTL_MS });
  sharedPages.onForgetAll(() => publicReads.forgetAll());
  return publicReads;
}

/** Each visitor's ending of the shared pages, kept between their page views. */
function createVisitorLayerCache(services: Services): VisitorLayers {
  return createVisitorLayers({
    load: async (request) => {
      const identity = await resolveWebIdentity(services, request);
      const facts = await loadVisitorFacts(services, identity);
      if (facts === null) return null;
      return {
        subject: facts.subject,
        facts,
        trueUntil: premiumEndOf(identity.user, services.clock.now().getTime()),
      };
    },
    endingOf: async (facts, scope) =>
      renderPersonalTail(await personalLayerFrom(services, facts, scope), scope.locale),
    today: () => services.clock.today(),
    now: () => services.clock.now().getTime(),
    ttlMs: VISITOR_LAYER_TTL_MS,
  });
}

/**
 * Healthy means the database answers and accepts a write: on a full disk reads still work while
 * every write fails, so the check rewrites its heartbeat row (one tiny committed write).
 */
async function proveDatabaseWrites(services: Services): Promise<void> {
  await services.db
    .insert(healthHeartbeat)
    .values({ id: 1, beatAt: services.clock.now() })
    .onConflictDoUpdate({ target: healthHeartbeat.id, set: { beatAt: services.clock.now() } });
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
