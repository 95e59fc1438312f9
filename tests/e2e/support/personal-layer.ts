import { expect, type BrowserContext } from "@playwright/test";
import type { PersonalLayer } from "../../../core/personal-layer";

/**
 * The visitor's personal layer at the end of a shared page's HTML (what the server knows about
 * this visitor: credits, favourites, visits, the account), or null when the page carries none.
 */
export function personalLayerIn(html: string): PersonalLayer | null {
  const match = /<script type="application\/json" id="kk-personal-layer">([^<]*)<\/script>/.exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as PersonalLayer) : null;
}

/** The layer of a page that must carry one. */
export function expectPersonalLayer(html: string): PersonalLayer {
  const layer = personalLayerIn(html);
  expect(layer, "the page should end with the visitor's personal layer").not.toBeNull();
  return layer!;
}

/**
 * A sign-in through the request API leaves its flash cookie ("Welcome back!"), which a browser
 * drops once it has shown the toast; until then pages are rendered for the visitor. Tests that
 * sign in without a page drop it the same way.
 */
export async function dropFlash(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: "kk_flash" });
}
