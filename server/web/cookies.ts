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

export function flashCookie(flash: FlashMessage, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(flash), {
    maxAgeSeconds: 60,
    httpOnly: false,
    secure,
  });
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
