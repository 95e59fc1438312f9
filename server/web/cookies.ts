import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { FLASH_COOKIE_NAME } from "../../core/root-data";
import { SESSION_LIFETIME_DAYS } from "../../core/rules";

export const SESSION_COOKIE = "kk_session";
export const ANONYMOUS_COOKIE = "kk_anon";
/** One-shot toast message carried across a redirect; the browser deletes it once shown. */
export const FLASH_COOKIE = FLASH_COOKIE_NAME;

export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // a malformed value is ignored, never fatal
    }
  }
  return cookies;
}

type CookieOptions = { maxAgeSeconds: number; httpOnly?: boolean; secure: boolean };

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${options.maxAgeSeconds}`,
    "SameSite=Lax",
  ];
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
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

function signature(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url").slice(0, 32);
}

/** The anonymous visitor id, signed so a visitor cannot pick someone else's counters. */
export function createAnonymousCookie(
  secret: string,
  secure: boolean,
): { id: string; header: string } {
  const id = randomBytes(16).toString("base64url");
  return {
    id,
    header: serializeCookie(ANONYMOUS_COOKIE, `${id}.${signature(secret, id)}`, {
      maxAgeSeconds: 365 * 86_400,
      secure,
    }),
  };
}

export function verifyAnonymousCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const [id, mac] = value.split(".");
  if (!id || !mac || !/^[\w-]{16,64}$/.test(id)) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
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
