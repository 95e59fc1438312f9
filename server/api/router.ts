import express, { type Request, type Response, type Router } from "express";
import type { z } from "zod";
import { parseCourseFilters, type CourseSort } from "../../core/course-filters";
import { coursePath } from "../../core/course-paths";
import { reviewFormValues, reviewInputSchema } from "../../core/review-input";
import {
  authenticateBearer,
  findSessionUser,
  registerWithIdToken,
  verifyBearerToken,
} from "../domain/accounts/accounts";
import { decodeImageData } from "../domain/ai/moderation";
import { listArticles, submitArticle } from "../domain/articles/articles";
import { findCourseIdByLink, listCourses } from "../domain/catalog/catalog";
import { openCourse } from "../domain/accounts/credits";
import { Forbidden, NotFound, Unauthorized } from "../domain/common/errors";
import { getUserProfile } from "../domain/accounts/profile";
import { redeemCode } from "../domain/accounts/redeem";
import {
  createApiRequestLimiters,
  TOO_MANY_REQUESTS,
  type RequestKind,
} from "../domain/accounts/request-limits";
import { addReview, listReviews } from "../domain/catalog/reviews";
import type { UserRow } from "../db/schema";
import type { Services } from "../services";
import { isAppUserAgent, isSessionIdShaped, readBearerToken } from "../web/client-credentials";
import { parseCookies, SESSION_COOKIE } from "../web/cookies";
import { answerLocale } from "../web/answer-language";
import { answerMessage } from "../web/answer-messages";
import { HttpRefusal, parseInput, sendJsonError } from "../web/json-answers";
import { buildOpenApiDocument, renderApiReference } from "./openapi";
import {
  publicReadKey,
  sendSharedAnswer,
  type ActionAnswer,
  type PublicReads,
} from "./public-reads";
import { GET_ACTIONS, POST_ACTIONS } from "./schemas";
import { WRITER_SUBJECT_LOCAL } from "../web/visitor-layers";
import { discardUnreadBody, readBodyUpTo } from "../web/bounded-body";
import { ARTICLE_LIMITS } from "../../core/article-rules";

/** Each action counts against its class's requests per IP and minute. */
type ActionClass = RequestKind;
const ACTION_CLASS: Record<string, ActionClass> = {
  getCourses: "read",
  getArticles: "read",
  getReviews: "read",
  getUser: "read",
  registerUser: "write",
  trackCourseClick: "write",
  addReview: "write",
  addArticle: "write",
  checkRedeemCode: "redeem",
};

/**
 * Actions done for a signed-in user. For them, who asks is settled before what they sent: no
 * session is 401 and another user's userId is 403, whatever else the body holds.
 */
const USER_ACTIONS = new Set([
  "getUser",
  "registerUser",
  "trackCourseClick",
  "checkRedeemCode",
  "addReview",
  "addArticle",
]);

/** A signed-in user, or an app registering with an ID token whose account may not exist yet. */
type Caller = { kind: "user"; user: UserRow } | { kind: "registering"; token: string };

export type ApiOptions = {
  corsOrigins: string[];
  /** Public reads answered from one kept answer (public-reads.ts); every read runs when absent. */
  publicReads?: PublicReads;
  /** The rate limits' clock in milliseconds: the real one unless a test brings its own. */
  now?: () => number;
};

/**
 * The JSON action API at /api (GET ?action=… and POST { action, … }). Every action calls the
 * same domain functions as the web pages; this layer only authenticates, validates,
 * rate-limits and shapes answers. Errors are `{ error: { message } }` with a fitting status.
 */
export function createApiRouter(services: Services, options: ApiOptions): Router {
  const router = express.Router();
  const limiters = createApiRequestLimiters(services, options.now);
  const allowedOrigins = new Set(options.corsOrigins);

  router.use((request, response, next) => {
    const origin = request.get("origin");
    if (origin && allowedOrigins.has(origin)) {
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Vary", "Origin");
      response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      response.setHeader("Access-Control-Max-Age", "600");
    }
    if (request.method === "OPTIONS") {
      response.status(204).end();
      return;
    }
    next();
  });

  router.get("/openapi.json", (_request, response) => {
    response.json(buildOpenApiDocument(services.config.publicSiteUrl));
  });
  router.get("/docs", (_request, response) => {
    response
      .type("html")
      .send(renderApiReference(buildOpenApiDocument(services.config.publicSiteUrl)));
  });

  router.get("/", (request, response) => {
    void handle(request, response, request.query.action, normaliseQuery(request.query));
  });
  router.post("/", (request, response, next) => {
    readActionBody(request).then((body) => {
      if (body === TOO_LARGE) {
        discardUnreadBody(request, response);
        refuseBody(request, response, 413);
        return;
      }
      if (body === MALFORMED) return refuseBody(request, response, 400);
      const action =
        body && typeof body === "object" ? (body as { action?: unknown }).action : undefined;
      void handle(request, response, action, body);
    }, next);
  });
  /** A body that is not JSON (or too big) still gets a JSON error. */
  function refuseBody(request: Request, response: Response, status: 400 | 413) {
    const message = status === 413 ? "Request body too large." : "Malformed JSON body.";
    sendJsonError(
      response,
      new HttpRefusal(status, message),
      reportUnexpected,
      apiAnswerLocale(request),
    );
  }

  async function handle(request: Request, response: Response, action: unknown, input: unknown) {
    try {
      if (typeof action !== "string" || action === "")
        throw new HttpRefusal(400, "Missing action.");
      const isGet = request.method === "GET";
      const schemas: Record<string, z.ZodType> = isGet ? GET_ACTIONS : POST_ACTIONS;
      const schema = Object.hasOwn(schemas, action) ? schemas[action] : undefined;
      if (!schema) {
        const other = isGet ? POST_ACTIONS : GET_ACTIONS;
        throw new HttpRefusal(
          isGet || !Object.hasOwn(other, action) ? 400 : 405,
          Object.hasOwn(other, action)
            ? `${action} needs ${isGet ? "POST" : "GET"}.`
            : `Unknown action: ${action.slice(0, 50)}`,
        );
      }
      const klass = ACTION_CLASS[action] ?? "write";
      const hit = await limiters[klass].consume(`${klass}:${request.ip}`);
      if (!hit.allowed)
        throw new HttpRefusal(429, TOO_MANY_API_REQUESTS, {
          "Retry-After": String(hit.retryAfterSeconds),
        });

      const caller = USER_ACTIONS.has(action) ? await identifyCaller(request, action, input) : null;
      // If this action writes, what the web keeps of this user's personal layer is forgotten.
      if (caller?.kind === "user") response.locals[WRITER_SUBJECT_LOCAL] = caller.user.id;
      const parsed = parseInput(
        schema,
        input,
        (issue) => `${issue.path.join(".") || "body"}: ${issue.message}`,
      );
      // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
      if (containsNul(parsed)) throw new HttpRefusal(400, "Text must not contain NUL characters.");
      if (options.publicReads && isPublicRead(action, request)) {
        const input = parsed as Record<string, unknown>;
        const answer = await options.publicReads.answer(publicReadKey(action, input), () =>
          runSharedRead(request, action, input),
        );
        sendSharedAnswer(request, response, answer);
        return;
      }
      const result = await runAction(
        request,
        response,
        action,
        parsed as Record<string, unknown>,
        caller,
      );
      response.status(200).json(result);
    } catch (error) {
      sendJsonError(response, error, reportUnexpected, apiAnswerLocale(request));
    }
  }

  /** A public read made once for everyone: the headers it sets are kept with its result. */
  async function runSharedRead(
    request: Request,
    action: string,
    input: Record<string, unknown>,
  ): Promise<ActionAnswer> {
    const headers = new Map<string, string>();
    const collector = {
      setHeader: (name: string, value: string) => headers.set(name, value),
    } as unknown as Response;
    return { result: await runAction(request, collector, action, input, null), headers };
  }

  async function authenticate(request: Request): Promise<UserRow | null> {
    const header = request.get("authorization");
    if (header) {
      const token = readBearerToken(header);
      if (!token) throw new Unauthorized("Authorization must be 'Bearer <Google ID token>'.");
      return authenticateBearer(services, token);
    }
    const sessionId = parseCookies(request.headers.cookie).get(SESSION_COOKIE);
    return isSessionIdShaped(sessionId) ? findSessionUser(services, sessionId) : null;
  }

  /** Public reads answer anyone: a stale or unknown token only means "not signed in" there. */
  async function authenticateOptionally(request: Request): Promise<UserRow | null> {
    try {
      return await authenticate(request);
    } catch (error) {
      if (error instanceof Unauthorized) return null;
      throw error;
    }
  }

  async function identifyCaller(request: Request, action: string, input: unknown): Promise<Caller> {
    const claimedUserId = claimedUserIdOf(input);
    const token = action === "registerUser" ? bearerTokenOf(request) : undefined;
    if (token) {
      // Registering: a valid token is enough (its account is created or refreshed later), and
      // a mismatching userId is refused before anything is written.
      const claims = await verifyBearerToken(services, token);
      refuseOtherUser(claimedUserId, claims.sub);
      return { kind: "registering", token };
    }
    const user = await authenticate(request);
    if (!user) throw new Unauthorized("Please sign in first.");
    refuseOtherUser(claimedUserId, user.id);
    return { kind: "user", user };
  }

  async function runAction(
    request: Request,
    response: Response,
    action: string,
    input: Record<string, unknown>,
    caller: Caller | null,
  ) {
    const signedIn = () => userOf(caller);
    switch (action) {
      case "getCourses": {
        const requestedPage = Number(input.page ?? 1);
        // The learners' filters, already checked by the schema, read as the pages read them.
        const query = parseCourseFilters(
          new URLSearchParams(
            Object.entries(input).flatMap(([name, value]) =>
              typeof value === "string" ? [[name, value]] : [],
            ),
          ),
        );
        const page = await listCourses(services, {
          ...query,
          search: String(input.search ?? "").trim(),
          type:
            input.type === undefined || String(input.type).toLowerCase() === "all"
              ? ""
              : String(input.type),
          rating: Number(input.rating ?? 0),
          language: String(input.language ?? ""),
          sort: (input.sort as CourseSort | undefined) ?? "newest",
          page: requestedPage,
        });
        // The pages show the last page for one past it; an API client paging until an empty
        // list would never stop on that, so past the end it gets an empty list.
        const pastTheEnd = requestedPage > page.pageCount;
        response.setHeader("X-Total-Count", String(page.total));
        response.setHeader("X-Page", String(pastTheEnd ? requestedPage : page.page));
        response.setHeader("X-Page-Count", String(page.pageCount));
        response.setHeader("X-Page-Size", String(page.pageSize));
        if (pastTheEnd) return [];
        return page.courses.map((course) => ({
          ...course,
          url: `${services.config.publicSiteUrl}${coursePath(course.slug)}`,
        }));
      }
      case "getArticles": {
        const page = await listArticles(services, {
          search: input.search as string | undefined,
          author: input.author as string | undefined,
          page: input.page as number | undefined,
        });
        response.setHeader("X-Total-Count", String(page.total));
        response.setHeader("X-Page", String(page.page));
        response.setHeader("X-Page-Count", String(page.pageCount));
        return page.articles;
      }
      case "getReviews": {
        const viewer = await authenticateOptionally(request);
        return listReviews(services, {
          courseLink: input.courseLink as string | undefined,
          viewerId: viewer?.id ?? null,
        });
      }
      case "getUser": {
        return getUserProfile(services, signedIn());
      }
      case "registerUser": {
        if (caller?.kind === "registering") {
          const registered = await registerWithIdToken(services, caller.token, {
            isAppClient: isAppClient(request),
            ip: request.ip ?? request.socket.remoteAddress ?? "unknown",
          });
          return { status: "success", message: registered.message, userId: registered.user.id };
        }
        return { status: "success", message: "Welcome back", userId: signedIn().id };
      }
      case "trackCourseClick": {
        const user = signedIn();
        const courseId =
          (input.courseId as number | undefined) ??
          (await findCourseIdByLink(services, String(input.courseLink)));
        if (!courseId) throw new NotFound("Course not found.");
        const opened = await openCourse(services, { kind: "user", userId: user.id }, courseId);
        return {
          success: true,
          message: `Redirecting to ${opened.title}`,
          couponUrl: opened.location,
          spent: opened.spent,
        };
      }
      case "checkRedeemCode": {
        // A refused code is an answer (200, success: false), not a thrown error: its message is
        // translated here, as jsonErrorAnswer translates the other refusals.
        const result = await redeemCode(services, signedIn().id, String(input.code));
        return { ...result, message: answerMessage(result.message, apiAnswerLocale(request)) };
      }
      case "addReview": {
        const user = signedIn();
        const courseId = await findCourseIdByLink(services, String(input.courseLink));
        if (!courseId) throw new NotFound("Course not found.");
        const review = parseInput(
          reviewInputSchema,
          reviewFormValues({ rating: input.rating, text: input.reviewText ?? "" }),
        );
        await addReview(services, user.id, { courseId, ...review });
        return { success: true, message: "Review added successfully" };
      }
      case "addArticle": {
        const user = signedIn();
        const { article, message } = await submitArticle(
          services,
          { user, isAppClient: isAppClient(request) },
          {
            title: String(input.title),
            content: String(input.content),
            author: input.author as string | undefined,
            // The bytes decide the image type; a claimed mimeType is not trusted.
            image: input.imageBase64 ? decodeImageData(String(input.imageBase64)) : null,
          },
        );
        return { success: true, message, articleId: article.articleId };
      }
      default:
        throw new HttpRefusal(400, `Unknown action: ${action}`);
    }
  }

  function isAppClient(request: Request): boolean {
    return isAppUserAgent(request.get("user-agent"), services.config.auth.appUserAgentToken);
  }

  /** A bug or an outage: logged, and answered without its details. */
  function reportUnexpected(error: unknown): string {
    services.logger.error({ err: error }, "API request failed");
    return "Something went wrong on our side. Please try again.";
  }

  return router;
}

/** Reads whose answer is the same for every client without a session. */
const PUBLIC_READS = new Set(["getCourses", "getArticles", "getReviews"]);

/** Whether this read is answered from the kept answers: a signed-in reader's reviews are theirs. */
function isPublicRead(action: string, request: Request): boolean {
  if (!PUBLIC_READS.has(action)) return false;
  if (action !== "getReviews") return true;
  return (
    request.headers.authorization === undefined &&
    !parseCookies(request.headers.cookie).has(SESSION_COOKIE)
  );
}

/** The user an action runs for; only reachable after identifyCaller settled who asks. */
function userOf(caller: Caller | null): UserRow {
  if (caller?.kind !== "user") throw new Unauthorized("Please sign in first.");
  return caller.user;
}

function claimedUserIdOf(input: unknown): string | undefined {
  const claimed =
    input && typeof input === "object" ? (input as { userId?: unknown }).userId : undefined;
  return typeof claimed === "string" ? claimed : undefined;
}

/** The API never acts for a userId other than the signed-in user's. */
function refuseOtherUser(claimedUserId: string | undefined, userId: string): void {
  if (claimedUserId !== undefined && claimedUserId !== userId)
    throw new Forbidden("userId does not match the signed-in user.");
}

function bearerTokenOf(request: Request): string | undefined {
  const header = request.get("authorization");
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.values(value).some(containsNul);
  return false;
}

/** Express gives arrays for repeated query keys; the API takes the first of each. */
function normaliseQuery(query: Request["query"]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first !== "" && first !== "undefined" && first !== "null")
      result[key] = first;
  }
  return result;
}

export const TOO_MANY_API_REQUESTS = TOO_MANY_REQUESTS;

/** addArticle carries a cover of up to 2 MB in base64 next to its text (up to 200 000 characters). */
export const API_ARTICLE_BODY_LIMIT = Math.ceil(ARTICLE_LIMITS.imageMaxBytes / 3) * 4 + 1024 * 1024;
/** Every other action is a few short fields. */
export const API_BODY_LIMIT = 64 * 1024;

const TOO_LARGE = Symbol("too large");
const MALFORMED = Symbol("malformed");

/**
 * A POST's JSON body, read no further than addArticle's limit; once the action is known, any
 * other action is held to the small limit. A body that is not sent as JSON reads as empty.
 */
async function readActionBody(request: Request): Promise<unknown> {
  const bytes = await readBodyUpTo(request, API_ARTICLE_BODY_LIMIT);
  if (bytes === null) return TOO_LARGE;
  if (!request.is("application/json") || bytes.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    return MALFORMED;
  }
  const action = body && typeof body === "object" ? (body as { action?: unknown }).action : null;
  if (action !== "addArticle" && bytes.length > API_BODY_LIMIT) return TOO_LARGE;
  return body;
}

/** The action API answers English unless the client's Accept-Language prefers Indonesian. */
function apiAnswerLocale(request: Request) {
  return answerLocale({ acceptLanguage: request.get("accept-language") });
}
