import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { ARTICLE_LIMITS } from "../../core/article-rules";
import {
  BASE_LOCALE,
  localeOfPath,
  pathWithoutLocale,
  readLanguagePreference,
  type Locale,
} from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { answerLocale } from "./answer-language";
import { answerMessage } from "./answer-messages";
import { discardUnreadBody, readBodyUpTo } from "./bounded-body";
import { escapeHtml } from "./escape-html";

/** A form's text fields: sign-in, favourites, reviews, redeem, admin actions. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** The article form carries a cover image of up to 2 MB next to its text. */
export const UPLOAD_BODY_LIMIT = ARTICLE_LIMITS.imageMaxBytes + 1024 * 1024;

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Google's sign-in script posts its credential as JSON; the push toggle its subscription. */
const JSON_FORM_PATHS = new Set(["/auth/google", "/push/subscriptions"]);
const UPLOAD_PATHS = new Set(["/articles/new"]);

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";
export const UPLOAD_TOO_LARGE_MESSAGE = "The request is too large. Images may be at most 2MB.";
export const UNSUPPORTED_TYPE_MESSAGE =
  "Unsupported content type: send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";
export const NUL_IN_FORM_MESSAGE = "Text must not contain NUL characters.";

/** The page request's body, read and checked before React Router sees it. */
export function bufferedBody(response: Response): Buffer | undefined {
  return response.locals.formBody as Buffer | undefined;
}

/**
 * Every body sent to a page route (the form posts; /api has its own parsers and limits) is read
 * here first, so no route ever holds more than its limit: a declared Content-Length over the limit
 * is refused before a byte is read, a chunked body as soon as the count passes it. The body must
 * be a form (or JSON where a route takes it), parse as one and carry no NUL characters, which
 * PostgreSQL text cannot hold: every route then sees only well-formed input, before any database
 * write or AI call.
 */
export function readPageBodies(): RequestHandler {
  return (request, response, next) => {
    if (BODYLESS_METHODS.has(request.method) || isApiPath(request.path)) return next();
    const path = routePath(request.path);
    const upload = UPLOAD_PATHS.has(path);
    const limit = upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
    const tooLarge = upload ? UPLOAD_TOO_LARGE_MESSAGE : BODY_TOO_LARGE_MESSAGE;
    const declared = Number(request.get("content-length") ?? "0");
    if (declared > limit) return refuse(request, response, 413, tooLarge);
    const type = mediaType(request);
    if (hasBody(request) && !acceptsType(path, type))
      return refuse(request, response, 415, UNSUPPORTED_TYPE_MESSAGE);

    readBodyUpTo(request, limit).then(
      async (body) => {
        if (body === null) return refuse(request, response, 413, tooLarge);
        const problem =
          body.length > 0 || type !== "" ? await checkBody(request, type, body) : null;
        if (problem) return refuse(request, response, 400, problem);
        response.locals.formBody = body;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * The route a body is posted to, whatever its address: React Router's data requests post to
 * `/route.data`, and every language's copy of a page (`/id/articles/new`) is the same route
 * with the same limits.
 */
function routePath(path: string): string {
  const withoutData = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  const route = withoutData === "/_root" ? "/" : withoutData.replace(/\/+$/, "") || "/";
  return pathWithoutLocale(route);
}

function mediaType(request: ExpressRequest): string {
  return (request.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function hasBody(request: ExpressRequest): boolean {
  return (
    request.get("transfer-encoding") !== undefined ||
    Number(request.get("content-length") ?? "0") > 0
  );
}

function acceptsType(path: string, type: string): boolean {
  return FORM_TYPES.includes(type) || (type === "application/json" && JSON_FORM_PATHS.has(path));
}

/** Why a body cannot be a form, or null when it reads as one without NUL characters. */
async function checkBody(
  request: ExpressRequest,
  type: string,
  body: Buffer,
): Promise<string | null> {
  if (type === "application/json") return body.includes(0) ? NUL_IN_FORM_MESSAGE : null;
  let form: FormData;
  try {
    form = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": request.get("content-type") ?? "" },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return UNREADABLE_FORM_MESSAGE;
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000")))
      return NUL_IN_FORM_MESSAGE;
  }
  return null;
}

/**
 * Answers a refused body at once (what is still unread is discarded). A browser's own form post
 * (it asks for HTML) gets a small page in the visitor's language; the page's scripts get JSON.
 */
function refuse(
  request: ExpressRequest,
  response: Response,
  status: number,
  message: string,
): void {
  discardUnreadBody(request, response);
  if (request.accepts(["json", "html"]) === "html") {
    const locale = visitorLocale(request);
    response
      .status(status)
      .type("html")
      .send(refusalPage(answerMessage(message, locale), locale));
    return;
  }
  response.status(status).json({ success: false, message, error: { message } });
}

/** The page's language (/id/…), else the language the visitor chose, else their browser's. */
function visitorLocale(request: ExpressRequest): Locale {
  if (localeOfPath(request.path) !== BASE_LOCALE) return localeOfPath(request.path);
  return (
    readLanguagePreference(request.get("cookie") ?? null) ??
    answerLocale({ acceptLanguage: request.get("accept-language") })
  );
}

function refusalPage(message: string, locale: Locale): string {
  const home = locale === BASE_LOCALE ? "/" : `/${locale}`;
  const text = escapeHtml(message);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>
<body><main><h1>${text}</h1><p><a href="${home}">${escapeHtml(m.course_home({}, { locale }))}</a></p></main></body></html>`;
}
