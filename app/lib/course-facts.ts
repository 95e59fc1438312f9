/** Human-readable course facts for cards (pure, so the server and browser render the same). */

export function formatDuration(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

// Cards format their counts without Intl (core/numbers.ts says why).
export { formatCount } from "../../core/numbers";
// Telegram messages say it too, so it lives in core.
export { formatTimeLeft } from "../../core/time-left";

/** "Beginner Level" → "Beginner" (the feed repeats the word Level). */
export function formatLevel(level: string | null): string | null {
  if (!level) return null;
  return level.replace(/\s+Level$/i, "");
}

/** "checked just now" / "checked 5 minutes ago" / "checked 3 hours ago" / "checked 2 days ago". */
export function formatCheckedAgo(checkedAt: string | null, now: Date): string | null {
  if (!checkedAt) return null;
  const ms = now.getTime() - Date.parse(checkedAt);
  if (Number.isNaN(ms)) return null;
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "checked just now";
  if (minutes < 60) return `checked ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `checked ${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `checked ${Math.floor(hours / 24)} days ago`;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Time left to the second: "2d 04:12:09", "04:12:09"; null once it has run out. */
export function formatCountdown(expiresAt: string | null, now: Date): string | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const clock = [
    Math.floor((seconds % 86_400) / 3600),
    Math.floor((seconds % 3600) / 60),
    seconds % 60,
  ]
    .map(twoDigits)
    .join(":");
  return days > 0 ? `${days}d ${clock}` : clock;
}
