import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import { sign, unsign } from "cookie-signature";
import { FLASH_COOKIE_NAME } from "../../core/root-data";
import { SESSION_LIFETIME_DAYS } from "../../core/rules";

export const SESSION_COOKIE = "kk_session";
export const ANONYMOUS_COOKIE = "kk_anon";
/** One-shot toast message carried across a redirect; the browser deletes it once shown. */
export const FLASH_COOKIE = FLASH_COOKIE_NAME;

/** The request's cookies; the first of two same-named cookies wins, a malformed one never throws. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const [name, value] of Object.entries(parse(header ?? ""))) {
    if (value !== undefined) cookies.set(name, value);
  }
  return cookies;
}

type CookieOptions = { maxAgeSeconds: number; httpOnly?: boolean; secure: boolean };

/** Every cookie of the site is site-wide and SameSite=Lax; httpOnly unless the page must read it. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, {
    path: "/",
    maxAge: options.maxAgeSeconds,
    sameSite: "lax",
    httpOnly: options.httpOnly !== false,
    secure: options.secure,
  });
}

export function sessionCookie(sessionId: string, secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, sessionId, {
    maxAgeSeconds: SESSION_LIFETIME_DAYS * 86_400,
    secure,
  });
}

export function clearSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0, secure });
}

/** The anonymous visitor id, signed so a visitor cannot pick someone else's counters. */
export function createAnonymousCookie(
  secret: string,
  secure: boolean,
): { id: string; header: string } {
  const id = randomBytes(16).toString("base64url");
  return {
    id,
    header: serializeCookie(ANONYMOUS_COOKIE, sign(id, secret), {
      maxAgeSeconds: 365 * 86_400,
      secure,
    }),
  };
}

export function verifyAnonymousCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const id = unsign(value, secret);
  return id !== false && /^[\w-]{16,64}$/.test(id) ? id : null;
}

export type FlashMessage = { type: "info" | "success" | "error"; message: string };

/**
 * The flash message a form's redirect leaves for the next page. `request` is the form's post: when
 * the page itself posted it (a browser that may run no JavaScript), the cookie says so, and the
 * page after the redirect is rendered for its visitor; after a script's post it is the shared
 * page with the message added (decision 0042).
 */
export function flashCookie(flash: FlashMessage, secure: boolean, request: Request): string {
  const value: FlashCookieValue = postedByPage(request) ? { ...flash, postedByPage: true } : flash;
  return serializeCookie(FLASH_COOKIE, JSON.stringify(value), {
    maxAgeSeconds: 60,
    httpOnly: false,
    secure,
  });
}

type FlashCookieValue = FlashMessage & { postedByPage?: true };

/**
 * A form the page posted itself (a navigation), rather than the page's script: browsers mark a
 * script's request `Sec-Fetch-Mode: cors` or `same-origin`, and a form's own submission
 * `navigate`. A browser that sends no such header cannot be told apart: counted as the page's
 * post, so a browser without JavaScript never comes back to a page that misses its result.
 */
export function postedByPage(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

/** The flash message came from a form the page posted itself (see flashCookie). */
export function flashPostedByPage(cookies: Map<string, string>): boolean {
  const raw = cookies.get(FLASH_COOKIE);
  if (!raw) return false;
  try {
    return (JSON.parse(raw) as Partial<FlashCookieValue>).postedByPage === true;
  } catch {
    return false;
  }
}

/** Deletes the flash cookie once its message has been sent (it shows once). */
export function clearFlashCookie(secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, "", { maxAgeSeconds: 0, httpOnly: false, secure });
}

export function readFlash(cookies: Map<string, string>): FlashMessage | null {
  const raw = cookies.get(FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<FlashMessage>;
    const type = parsed.type === "success" || parsed.type === "error" ? parsed.type : "info";
    return typeof parsed.message === "string"
      ? { type, message: parsed.message.slice(0, 300) }
      : null;
  } catch {
    return null;
  }
}
