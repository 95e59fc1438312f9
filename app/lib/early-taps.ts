/**
 * Taps before the page is interactive. Pages download their JavaScript only after the first
 * paint (decision 0013), so for a moment — seconds on a busy phone — a visitor sees buttons that
 * React has not yet wired up. A control marked `data-replay="<key>"` (a key unique on the page)
 * is not lost in that moment (decision 0014):
 *
 * - EARLY_TAPS_SCRIPT, inline in the server-rendered <head>, records clicks and changes on such
 *   controls (a click's default is prevented: a form button must not post the page away from
 *   under the replay);
 * - `stopCapturingEarlyTaps` runs just before hydration starts: from then on React itself
 *   handles events (it hydrates synchronously when a tap lands on a part not yet hydrated);
 * - `replayEarlyTaps` runs once hydration has committed: each recorded control is found again by
 *   its key and clicked again, or given its chosen value and a change event.
 *
 * Each control replays once, in the order of its first tap: a second tap on the same button
 * (an impatient double tap) is not a second toggle, and a select keeps the last value chosen.
 */
export const REPLAY_ATTRIBUTE = "data-replay";

/** Where the inline script keeps its queue until the app takes over. */
export const EARLY_TAPS_GLOBAL = "__kkEarlyTaps";

export type EarlyTap = { key: string; value?: string };
export type EarlyTaps = { capturing: boolean; queue: EarlyTap[] };

export const EARLY_TAPS_SCRIPT =
  `(()=>{const taps=window.${EARLY_TAPS_GLOBAL}={capturing:true,queue:[]};` +
  `const record=(event)=>{if(!taps.capturing||!(event.target instanceof Element))return;` +
  `const control=event.target.closest("[${REPLAY_ATTRIBUTE}]");if(!control)return;` +
  `const key=control.getAttribute("${REPLAY_ATTRIBUTE}");const change=event.type==="change";` +
  `if(!change&&control.tagName==="SELECT")return;if(!change)event.preventDefault();` +
  `const known=taps.queue.find((tap)=>tap.key===key);` +
  `if(known){if(change)known.value=control.value;return;}` +
  `taps.queue.push(change?{key,value:control.value}:{key});};` +
  `addEventListener("click",record,true);addEventListener("change",record,true);})();`;

type TapWindow = { [EARLY_TAPS_GLOBAL]?: EarlyTaps };

/** What the replay needs from the page; tests hand in fakes. */
export type ReplayDocument = {
  querySelector(selector: string): ReplayTarget | null;
};
export type ReplayTarget = {
  tagName: string;
  value?: string;
  click(): void;
  dispatchEvent(event: Event): boolean;
};

/** The app is about to hydrate: React handles every tap from here on. */
export function stopCapturingEarlyTaps(scope: TapWindow = globalThis as TapWindow): void {
  const taps = scope[EARLY_TAPS_GLOBAL];
  if (taps) taps.capturing = false;
}

/** Replays what was tapped before hydration (each recorded tap once); returns how many. */
export function replayEarlyTaps(
  page: ReplayDocument = globalThis.document as unknown as ReplayDocument,
  scope: TapWindow = globalThis as TapWindow,
): number {
  const taps = scope[EARLY_TAPS_GLOBAL];
  if (!taps) return 0;
  taps.capturing = false;
  const queue = taps.queue.splice(0);
  let replayed = 0;
  for (const tap of queue) {
    const control = page.querySelector(`[${REPLAY_ATTRIBUTE}="${cssString(tap.key)}"]`);
    if (!control) continue;
    replayTap(control, tap);
    replayed += 1;
  }
  return replayed;
}

function replayTap(control: ReplayTarget, tap: EarlyTap): void {
  if (tap.value === undefined) {
    control.click();
    return;
  }
  // Hydration may have put the server's selection back: choose again, then tell React.
  control.value = tap.value;
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

/** A key inside a double-quoted CSS attribute selector. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, (character) => `\\${character}`);
}
