import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Hydrates after the browser has painted the server-rendered HTML once. The module scripts are
 * deferred, but on a fast connection they arrive before the first frame, and hydrating a page of
 * 20 course cards then delays the first paint by the whole hydration (hundreds of milliseconds on
 * a mid-range phone). The HTML is complete and usable without JavaScript (forms are plain GETs
 * and POSTs), so showing it first loses nothing.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// requestAnimationFrame runs before the next paint; the timeout after it runs once that paint is done.
requestAnimationFrame(() => setTimeout(hydrate, 0));
