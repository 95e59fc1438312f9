import { createContext, startTransition, useContext, useEffect, useState } from "react";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import type { ViewerSummary } from "../../core/viewer";
import { useRootData } from "./use-root-data";

/** The visitor's PersonalLayer, read from the data block the server appends to a shared page. */
function readLayer(): PersonalLayer | null {
  const element = document.getElementById(PERSONAL_LAYER_ELEMENT_ID);
  try {
    return element ? (JSON.parse(element.textContent ?? "") as PersonalLayer) : null;
  } catch {
    return null;
  }
}

const LayerContext = createContext<PersonalLayer | null>(null);

/**
 * Lays the personal layer over the page once it has hydrated. Hydration uses the shared data,
 * exactly as the server rendered it; the layer then arrives as a transition, which React renders
 * in small slices: laid over a whole course list at once, it was one long task that kept a
 * phone from answering taps for half a second (Lighthouse, signed in). Taps made before
 * hydration are replayed right after it (early-taps.tsx), whether or not the layer is laid over
 * the page yet; the server applies every rule either way.
 */
export function PersonalLayerProvider({ children }: { children: React.ReactNode }) {
  const [layer, setLayer] = useState<PersonalLayer | null>(null);
  useEffect(() => {
    // The block comes last in the document: read it once the document has been parsed.
    const apply = () => startTransition(() => setLayer(readLayer()));
    if (document.readyState !== "loading") {
      apply();
      return;
    }
    document.addEventListener("DOMContentLoaded", apply, { once: true });
    return () => document.removeEventListener("DOMContentLoaded", apply);
  }, []);
  return <LayerContext.Provider value={layer}>{children}</LayerContext.Provider>;
}

/**
 * The personal parts of a page whose loader data was made for everybody (`sharedRender`): null
 * until the layer has been laid over the page. Data from a loader that ran for this visitor (a
 * client-side navigation or revalidation) is already personal: then there is no layer to apply.
 */
export function usePersonalLayer(sharedRender: boolean | undefined): PersonalLayer | null {
  const layer = useContext(LayerContext);
  return sharedRender ? layer : null;
}

/** Who is looking at the page: the personal layer's viewer over the root loader's. */
export function useViewer(): ViewerSummary | undefined {
  const root = useRootData();
  return usePersonalLayer(root?.sharedRender)?.viewer ?? root?.viewer;
}
