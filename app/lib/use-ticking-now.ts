import { useEffect, useState } from "react";

/** A browser clock further than this from the server's is not trusted. */
const CLOCK_TRUST_MS = 60_000;

/**
 * "Now" for a countdown or an "x min ago": the server's now at first (the page reads the same
 * without JavaScript and hydrates without a mismatch), then the clock, every `everyMs`. It
 * follows the browser's clock when that agrees with the server's, else the server's clock
 * carried forward (a phone set to the wrong time, or a server whose clock is fixed for a trial).
 * A page served from the shared cache thus corrects its "x min ago" once it runs.
 */
export function useTickingNow(serverNow: string, ticking: boolean, everyMs = 1000): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    if (!ticking) return;
    const server = Date.parse(serverNow);
    const skew = Math.abs(Date.now() - server) > CLOCK_TRUST_MS ? Date.now() - server : 0;
    const tick = () => setNow(new Date(Date.now() - skew));
    tick();
    const timer = window.setInterval(tick, everyMs);
    return () => window.clearInterval(timer);
  }, [serverNow, ticking, everyMs]);
  return now;
}
