import { useSyncExternalStore } from "react";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import type { ViewerSummary } from "../../core/viewer";
import { useRootData } from "./use-root-data";

/**
 * The visitor's PersonalLayer, read once from the data block the server appends to a shared page.
 * `undefined` until the document has been parsed (the block comes last), then the layer or null.
 */
let layerInDocument: PersonalLayer | null | undefined;

function readLayer(): PersonalLayer | null {
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

function whenParsed(onChange: () => void): () => void {
  if (document.readyState !== "loading") return () => {};
  document.addEventListener("DOMContentLoaded", onChange, { once: true });
  return () => document.removeEventListener("DOMContentLoaded", onChange);
}

/**
 * The personal parts of a page whose loader data was made for everybody (`sharedRender`).
 * Hydration uses the shared data, exactly as the server rendered it; right after, React renders
 * again with the visitor's own layer. Data from a loader that ran for this visitor (a client-side
 * navigation or revalidation) is already personal: then there is no layer to apply.
 */
export function usePersonalLayer(sharedRender: boolean | undefined): PersonalLayer | null {
  const layer = useSyncExternalStore(whenParsed, readLayer, () => null);
  return sharedRender ? layer : null;
}

/** Who is looking at the page: the personal layer's viewer over the root loader's. */
export function useViewer(): ViewerSummary | undefined {
  const root = useRootData();
  return usePersonalLayer(root?.sharedRender)?.viewer ?? root?.viewer;
}
