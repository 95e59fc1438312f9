/**
 * Date rules. The site's day boundary is midnight Asia/Jakarta (UTC+7, no daylight
 * saving), so a "day" is always a YYYY-MM-DD string computed with that fixed offset.
 */
import type { Locale } from "./locale";

export const INDONESIAN_MONTHS = [
  "Januari",
  "Februari",
  "Maret",
  "April",
  "Mei",
  "Juni",
  "Juli",
  "Agustus",
  "September",
  "Oktober",
  "November",
  "Desember",
] as const;

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Jakarta calendar day of an instant, as YYYY-MM-DD. */
export function toJakartaDay(instant: Date): string {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour (0–23) of an instant in Jakarta, where users choose their digest hour. */
export function jakartaHour(instant: Date): number {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).getUTCHours();
}

/** The instant at which a Jakarta day starts (00:00 +07:00). */
export function startOfJakartaDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+07:00`));
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date with year 1000–3000. */
export function isDisplayableDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1000 || year > 3000) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!Number.isInteger(day) || day < 1 || day > 31) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * "2024-10-26" → "26 Oktober 2024". Anything that is not a displayable YYYY-MM-DD date is shown
 * as it came, so a bad value is visible rather than silently replaced.
 */
export function formatIndonesianDate(value: string): string {
  const match = ISO_DAY.exec(value.trim().slice(0, 10));
  if (!match || value.trim().length !== 10) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isDisplayableDate(year, month, day)) return value;
  return `${day} ${INDONESIAN_MONTHS[month - 1]} ${year}`;
}

/** An instant's Jakarta wall clock: its day (YYYY-MM-DD) and "14.05" (Indonesian style). */
export function jakartaWallClock(instant: Date): { day: string; clock: string } {
  const jakarta = new Date(instant.getTime() + JAKARTA_OFFSET_MS);
  const hours = String(jakarta.getUTCHours()).padStart(2, "0");
  const minutes = String(jakarta.getUTCMinutes()).padStart(2, "0");
  return { day: jakarta.toISOString().slice(0, 10), clock: `${hours}.${minutes}` };
}

/** An instant's Jakarta wall-clock time and day, e.g. "14.05 WIB, 6 Maret 2024". */
export function formatJakartaTime(instant: Date): string {
  return `${jakartaWallClock(instant).clock} WIB, ${formatJakartaInstant(instant)}`;
}

/** Short month names: the same in both languages but for May, Aug, Oct and Dec. */
const SHORT_MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  id: ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"],
} as const;

/** An instant as its Jakarta day and time, short: "28 Nov 14.05 WIB" ("3 Agu 09.30 WIB"). */
export function formatJakartaDayAndTime(instant: Date, locale: Locale): string {
  const { day, clock } = jakartaWallClock(instant);
  const [, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${date} ${SHORT_MONTHS[locale][month - 1]} ${clock} WIB`;
}

const ENGLISH_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** An instant's Jakarta month and year: "March 2025" ("Maret 2025"). */
export function formatJakartaMonth(instant: Date, locale: Locale): string {
  const [year, month] = toJakartaDay(instant).split("-").map(Number) as [number, number];
  const names = locale === "id" ? INDONESIAN_MONTHS : ENGLISH_MONTHS;
  return `${names[month - 1]} ${year}`;
}

/** Milliseconds from an instant to the next midnight in Jakarta (the credits' day boundary). */
export function msUntilNextJakartaMidnight(instant: Date): number {
  return startOfJakartaDay(addDays(toJakartaDay(instant), 1)).getTime() - instant.getTime();
}

/** Formats an instant as its Jakarta day in Indonesian. */
export function formatJakartaInstant(instant: Date): string {
  return formatIndonesianDate(toJakartaDay(instant));
}

const INDONESIAN_DAY_MONTH_YEAR = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/;

/**
 * Normalises an incoming date to YYYY-MM-DD: accepts "D Month YYYY" with an
 * Indonesian month name, YYYY-MM-DD, or anything Date can parse (taken as its Jakarta day).
 * Anything else falls back to `today`.
 */
export function normaliseIncomingDate(value: string | null | undefined, today: string): string {
  const text = (value ?? "").trim();
  if (text === "") return today;

  const isoDay = ISO_DAY.exec(text);
  if (isoDay) {
    const [year, month, day] = [Number(isoDay[1]), Number(isoDay[2]), Number(isoDay[3])];
    return isDisplayableDate(year, month, day) ? text : today;
  }

  const dayMonthYear = INDONESIAN_DAY_MONTH_YEAR.exec(text);
  if (dayMonthYear) {
    const monthIndex = INDONESIAN_MONTHS.findIndex(
      (name) => name.toLowerCase() === dayMonthYear[2]!.toLowerCase(),
    );
    const [year, day] = [Number(dayMonthYear[3]), Number(dayMonthYear[1])];
    if (monthIndex >= 0 && isDisplayableDate(year, monthIndex + 1, day)) {
      return `${year}-${String(monthIndex + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    }
    return today;
  }

  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return today;
  const day = toJakartaDay(new Date(parsed));
  const [year] = day.split("-").map(Number);
  return year !== undefined && year >= 1000 && year <= 3000 ? day : today;
}

/** A UTC offset as feeds and operators write it: "Z", "+07:00", "-03:30". */
export const UTC_OFFSET_PATTERN = /^(Z|[+-]\d{2}:\d{2})$/;
