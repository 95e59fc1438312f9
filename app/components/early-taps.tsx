import { useEffect } from "react";
import { EARLY_TAPS_SCRIPT, replayEarlyTaps } from "../lib/early-taps";
import { useNonce } from "./nonce";

/**
 * The inline recorder of taps made before hydration (app/lib/early-taps.ts). It sits in <head>
 * so it listens before the first control is parsed; at about 600 bytes (350 gzip) it costs the
 * first paint nothing. The browser hides a nonce from the DOM once used: no hydration warning.
 */
export function EarlyTapsScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }}
    />
  );
}

/**
 * Replays the recorded taps once the page has hydrated, in a task of its own after the commit:
 * parts of a page hydrate on their own later (each home card is its own Suspense boundary), and
 * a tap on a part not hydrated yet makes React hydrate it at once, which React cannot do from
 * inside its own commit.
 */
export function EarlyTapsReplay() {
  useEffect(() => {
    const timer = setTimeout(replayEarlyTaps, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
