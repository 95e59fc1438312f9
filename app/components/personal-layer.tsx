import { createContext, startTransition, useContext, useEffect, useState } from "react";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import type { ViewerSummary } from "../../core/viewer";
import { useRootData } from "./use-root-data";

/**
 * The visitor's PersonalLayer, read once from the data block the server appends to a shared page.
 * `undefined` until the document has been parsed (the block comes last), then the layer or null.
 */
let layerInDocument: PersonalLayer | null | undefined;

function documentLayer(): PersonalLayer | null {
  if (layerInDocument !== undefined) return layerInDocument;
  const element = document.getElementById(PERSONAL_LAYER_ELEMENT_ID);
  if (!element && document.readyState === "loading") return null;
  try {
    layerInDocument = element ? (JSON.parse(element.textContent ?? "") as PersonalLayer) : null;
  } catch {
    layerInDocument = null;
  }
  return layerInDocument;
}

/** `undefined` while the layer has not been laid over the page yet. */
const LayerContext = createContext<PersonalLayer | null | undefined>(undefined);

/**
 * Lays the personal layer over the page once it has hydrated. Hydration uses the shared data,
 * exactly as the server rendered it; the layer then arrives as a transition, which React renders
 * in slices between taps: laid over a whole course list in one go it was a long task that kept
 * a signed-in phone from answering for half a second. Until it is laid, the page is "pending":
 * controls keep a tap made meanwhile (the heart) and decide with the layer in the document
 * (the opener, `viewerForTap`), so no tap is lost or judged on the shared page's viewer.
 */
export function PersonalLayerProvider({ children }: { children: React.ReactNode }) {
  const [layer, setLayer] = useState<PersonalLayer | null | undefined>(undefined);
  useEffect(() => {
    const lay = () => startTransition(() => setLayer(documentLayer()));
    if (document.readyState !== "loading") {
      lay();
      return;
    }
    document.addEventListener("DOMContentLoaded", lay, { once: true });
    return () => document.removeEventListener("DOMContentLoaded", lay);
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
  return sharedRender ? (layer ?? null) : null;
}

/** Whether this page shows shared data whose personal layer has not been laid over it yet. */
export function useLayerPending(): boolean {
  const layer = useContext(LayerContext);
  return Boolean(useRootData()?.sharedRender) && layer === undefined;
}

/** Who is looking at the page: the personal layer's viewer over the root loader's. */
export function useViewer(): ViewerSummary | undefined {
  const root = useRootData();
  return usePersonalLayer(root?.sharedRender)?.viewer ?? root?.viewer;
}

/**
 * The viewer a tap is judged by. It is the rendered one, except while the layer is pending:
 * then the page still shows the shared viewer (a fresh visitor), but the visitor's own is
 * already in the document, and a tap must be judged by who really tapped.
 */
export function viewerForTap(
  rendered: ViewerSummary | undefined,
  pending: boolean,
): ViewerSummary | undefined {
  return pending ? (documentLayer()?.viewer ?? rendered) : rendered;
}
