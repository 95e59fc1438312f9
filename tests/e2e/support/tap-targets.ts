import type { Page } from "@playwright/test";

/** A control too small to tap reliably, as measured in the page. */
export type TapOffender = { target: string; width: number; height: number };

/** The size every control must have: 44×44 CSS px (WCAG 2.5.5, Apple and Android guidance). */
export const MIN_TARGET_PX = 44;

/** WCAG 2.5.8's spacing circle (AA): what an inline link in running text must keep free. */
export const INLINE_SPACING_PX = 24;

/**
 * Lists the visible controls (a, button, select, input, textarea, [role=button], summary) of the
 * page that are smaller than 44×44 px, with their sizes. The one exception is a link inside a
 * sentence (its block holds more text than the link: an article's markdown, the hero's
 * "community articles"), whose height is the line of text around it: it passes when it is an
 * equivalent spaced target by WCAG 2.5.8 — a 24 px circle centred on it touches no other control
 * and no other such link's circle.
 * A visually hidden input (sr-only radio) is measured by its label, which is what is tapped.
 * Controls not rendered (display none, a closed <details>) or covered (by an open menu or a
 * modal dialog) are left out.
 */
export async function listSmallTapTargets(page: Page): Promise<TapOffender[]> {
  return page.evaluate(
    ({ min, spacing }) => {
      const selector =
        "a[href], button, select, input:not([type=hidden]), textarea, [role=button], summary";
      type Target = { element: Element; rect: DOMRect };
      const targets: Target[] = [];
      for (const element of document.querySelectorAll(selector)) {
        if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
          continue;
        let tapped: Element = element;
        let rect = element.getBoundingClientRect();
        if (rect.width <= 1 && rect.height <= 1) {
          // Visually hidden: a radio's label is the target; a skip link has none until focused.
          const label = element instanceof HTMLInputElement ? element.labels?.[0] : undefined;
          if (!label) continue;
          tapped = label;
          rect = label.getBoundingClientRect();
        }
        if (rect.width === 0 || rect.height === 0) continue;
        // Covered by an open menu or dialog: not tappable now, so not a neighbour either.
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
          const top = document.elementFromPoint(x, y);
          if (top && !tapped.contains(top) && !top.contains(tapped)) continue;
        }
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
      const undersized = targets.filter((target) => small(target.rect));
      const inline = undersized.filter((target) => isInlineInText(target.element));
      const spaced = (target: Target) => {
        const point = centre(target.rect);
        return targets.every((other) => {
          if (other === target || other.element.contains(target.element)) return true;
          if (target.element.contains(other.element)) return true;
          if (distanceToRect(point, other.rect) < spacing / 2) return false;
          if (!inline.includes(other)) return true;
          const otherPoint = centre(other.rect);
          return Math.hypot(point.x - otherPoint.x, point.y - otherPoint.y) >= spacing;
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
        .filter((target) => !(inline.includes(target) && spaced(target)))
        .map((target) => ({
          target: describe(target.element),
          width: Math.round(target.rect.width * 10) / 10,
          height: Math.round(target.rect.height * 10) / 10,
        }));
    },
    { min: MIN_TARGET_PX, spacing: INLINE_SPACING_PX },
  );
}
