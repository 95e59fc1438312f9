import type { Page } from "@playwright/test";

/** A control too small to tap reliably, as measured in the page. */
export type TapOffender = { target: string; width: number; height: number };

/** The size every control must have: 44×44 CSS px (WCAG 2.5.5, Apple and Android guidance). */
export const MIN_TARGET_PX = 44;

/**
 * Lists the visible controls (a, button, select, input, textarea, [role=button], summary) of the
 * page that are smaller than 44×44 px, with their sizes. Two exceptions, both from WCAG 2.5.8:
 * - Inline: a link inside a sentence (its block holds more text than the link), whose size is set
 *   by the line of text around it — the markdown of an article, the hero's "community articles".
 * - Spacing: an undersized control whose 44 px circle (centred on it) touches no other control
 *   and no other undersized control's circle — an equivalent spaced target.
 * A visually hidden input (sr-only radio) is measured by its label, which is what is tapped.
 * Controls not rendered (display none, a closed <details>, a closed dialog) are left out.
 */
export async function listSmallTapTargets(page: Page): Promise<TapOffender[]> {
  return page.evaluate((min) => {
    const selector =
      "a[href], button, select, input:not([type=hidden]), textarea, [role=button], summary";
    type Target = { element: Element; rect: DOMRect };
    const targets: Target[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
        continue;
      let rect = element.getBoundingClientRect();
      if (rect.width <= 1 && rect.height <= 1) {
        // Visually hidden: a radio's label is the target; a skip link has none until focused.
        const label = element instanceof HTMLInputElement ? element.labels?.[0] : undefined;
        if (!label) continue;
        rect = label.getBoundingClientRect();
      }
      if (rect.width === 0 || rect.height === 0) continue;
      targets.push({ element, rect });
    }

    const isInlineInText = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const block = element.parentElement?.closest("p, li, dd, td, blockquote, figcaption");
      const own = (element.textContent ?? "").trim().length;
      return Boolean(block && (block.textContent ?? "").trim().length > own);
    };
    const small = (rect: DOMRect) => rect.width < min - 0.5 || rect.height < min - 0.5;
    const centre = (rect: DOMRect) => ({
      x: rect.left + rect.width / 2,
      y: rect.top + rect.height / 2,
    });
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) => {
      const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
      const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
      return Math.hypot(dx, dy);
    };
    const undersized = targets.filter(
      (target) => small(target.rect) && !isInlineInText(target.element),
    );
    const spaced = (target: Target) => {
      const point = centre(target.rect);
      return targets.every((other) => {
        if (other === target || other.element.contains(target.element)) return true;
        if (target.element.contains(other.element)) return true;
        if (distanceToRect(point, other.rect) < min / 2) return false;
        if (!undersized.includes(other)) return true;
        const otherPoint = centre(other.rect);
        return Math.hypot(point.x - otherPoint.x, point.y - otherPoint.y) >= min;
      });
    };
    const describe = (element: Element) => {
      const name =
        element.getAttribute("aria-label") ??
        (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const id = element.id ? `#${element.id}` : "";
      return `<${element.tagName.toLowerCase()}${id}> "${name}"`;
    };
    return undersized
      .filter((target) => !spaced(target))
      .map((target) => ({
        target: describe(target.element),
        width: Math.round(target.rect.width * 10) / 10,
        height: Math.round(target.rect.height * 10) / 10,
      }));
  }, MIN_TARGET_PX);
}
