import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { stopCapturingEarlyTaps } from "./lib/early-taps";

// The server starts this script only after the first paint (app/lib/scripts-after-paint.ts).
// Taps recorded until now are replayed once hydrated; from here on React takes them itself.
stopCapturingEarlyTaps();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
