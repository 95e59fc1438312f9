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

/** Replays the recorded taps once the page has hydrated (its effect runs after the commit). */
export function EarlyTapsReplay() {
  useEffect(() => {
    replayEarlyTaps();
  }, []);
  return null;
}
