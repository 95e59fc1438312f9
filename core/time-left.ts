/** How long a coupon has left, in words (cards, the hero, Telegram messages). */

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
