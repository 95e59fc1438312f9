/**
 * Where a toast goes on a phone: the lowest free band of the viewport that covers none of the
 * controls the learner presses (View Course buttons, the scroll-to-top button). On one column of
 * cards the buttons sit hundreds of pixels apart, so a free band almost always exists.
 */
export type Band = { top: number; bottom: number };

export type ToastPlacementInput = {
  /** The lowest top the toast may take (below the sticky header). */
  minTop: number;
  /** The highest bottom the toast may reach (above the screen's bottom edge). */
  maxBottom: number;
  /** The toast's height. */
  height: number;
  /** Vertical extents of the controls to keep clear, in viewport coordinates. */
  obstacles: Band[];
  /** Space kept between the toast and a control. */
  gap: number;
};

/** The toast's top in viewport pixels: the lowest free spot, else the bottom-most spot. */
export function placeToast({
  minTop,
  maxBottom,
  height,
  obstacles,
  gap,
}: ToastPlacementInput): number {
  const fallback = Math.max(minTop, maxBottom - height);
  const blocked = obstacles
    .map((band) => ({ top: band.top - gap, bottom: band.bottom + gap }))
    .filter((band) => band.bottom > minTop && band.top < maxBottom)
    .sort((a, b) => b.bottom - a.bottom);
  // Walk up from the bottom: whenever a control overlaps the spot, try just above that control.
  // Sorted by bottom edge, so the space under the next control is free of all the others.
  let candidateBottom = maxBottom;
  for (const band of blocked) {
    if (band.top >= candidateBottom) continue;
    if (band.bottom <= candidateBottom - height) return candidateBottom - height;
    candidateBottom = Math.min(candidateBottom, band.top);
  }
  if (candidateBottom - height >= minTop) return candidateBottom - height;
  return fallback;
}
