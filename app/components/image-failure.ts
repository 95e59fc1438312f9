import { useEffect, useRef, useState } from "react";

/**
 * Whether the image at `src` failed to load, for showing a placeholder instead: from its error
 * event, or — when it failed before React attached the handler (before hydration) — read from
 * the element once mounted. A new `src` starts over.
 */
export function useImageFailure(src: string | null) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0 && src) setFailedSrc(src);
  }, [src]);
  return {
    imageRef,
    failed: src !== null && failedSrc === src,
    onError: () => setFailedSrc(src),
  };
}
