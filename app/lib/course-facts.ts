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

/** "Expires in 2 days" / "Expires in 5 hours" / "Expires in 12 minutes", relative to `now`. */
export function formatTimeLeft(expiresAt: string | null, now: Date): string | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) {
    const shown = Math.max(1, minutes);
    return `Expires in ${shown} minute${shown === 1 ? "" : "s"}`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Expires in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  return `Expires in ${days} days`;
}

/** "Beginner Level" → "Beginner" (the feed repeats the word Level). */
export function formatLevel(level: string | null): string | null {
  if (!level) return null;
  return level.replace(/\s+Level$/i, "");
}
