import {
  addDays,
  normaliseIncomingDate,
  startOfJakartaDay,
  toJakartaDay,
} from "../../../core/dates";

/** Reading the dates and numbers feeds publish; bad input gives null or a fallback, never throws. */

const NAIVE_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

function parseInstant(text: string): Date | null {
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return new Date(Number(text));
  // A date-time without a zone is read as UTC, never in the server's own zone.
  const naive = NAIVE_DATE_TIME.exec(text);
  const time = Date.parse(naive ? `${naive[1]}T${naive[2]}Z` : text);
  return Number.isNaN(time) ? null : new Date(time);
}

const hasTimeOfDay = (text: string) => /\d{1,2}:\d{2}/.test(text) || /^\d{10}(\d{3})?$/.test(text);

/**
 * When a feed says it found a coupon. A date-time is an instant; a date alone ("D Month YYYY"
 * with an Indonesian month, YYYY-MM-DD, or anything parseable; unreadable → today) means the
 * start of that Jakarta day. Never later than `now`.
 */
export function parseFoundAt(value: string | number | null | undefined, now: Date): Date {
  const text = value === null || value === undefined ? "" : String(value).trim();
  if (text === "") return now;
  if (hasTimeOfDay(text)) {
    const instant = parseInstant(text);
    if (instant) return instant > now ? now : instant;
  }
  const today = toJakartaDay(now);
  const day = normaliseIncomingDate(text, today);
  if (day === today) return now;
  const start = startOfJakartaDay(day);
  return start > now ? now : start;
}

/**
 * When a coupon ends. A date alone means the end of that Jakarta day; unreadable → unknown.
 */
export function parseExpiresAt(value: string | number | null | undefined): Date | null {
  const text = value === null || value === undefined ? "" : String(value).trim();
  if (text === "" || text === "null") return null;
  if (hasTimeOfDay(text)) return parseInstant(text);
  const day = normaliseIncomingDate(text, "");
  return day === "" ? null : startOfJakartaDay(addDays(day, 1));
}

/** 4.5, "4.5", "1,234", "12 students" → numbers; anything else → null. */
export function parseLooseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.replace(/[,\s_]/g, "");
  if (text === "" || text === "null") return null;
  const direct = Number(text);
  if (Number.isFinite(direct)) return direct;
  const leading = /^-?\d+(?:\.\d+)?/.exec(text);
  return leading ? Number(leading[0]) : null;
}

export function parseLooseInteger(value: unknown): number | null {
  const number = parseLooseNumber(value);
  return number === null ? null : Math.round(number);
}
