import { describe, expect, it } from "vitest";
import {
  EARLY_TAPS_GLOBAL,
  EARLY_TAPS_SCRIPT,
  replayEarlyTaps,
  stopCapturingEarlyTaps,
  type EarlyTaps,
  type ReplayTarget,
} from "./early-taps";

class FakeElement {
  value = "";
  clicks = 0;
  changes: string[] = [];
  constructor(
    readonly tagName: string,
    readonly key: string | null,
    readonly parent: FakeElement | null = null,
  ) {}
  closest(selector: string): FakeElement | null {
    expect(selector).toBe("[data-replay]");
    return this.key !== null ? this : (this.parent?.closest(selector) ?? null);
  }
  getAttribute(name: string) {
    return name === "data-replay" ? this.key : null;
  }
  click() {
    this.clicks += 1;
  }
  dispatchEvent(event: Event) {
    this.changes.push(`${event.type}:${this.value}:${String(event.bubbles)}`);
    return true;
  }
}

type Listener = (event: FakeEvent) => void;
type FakeEvent = {
  type: string;
  target: unknown;
  defaultPrevented: boolean;
  preventDefault(): void;
};

/** Runs the inline script against a fake window; returns a way to fire captured events. */
function loadScript() {
  const listeners: Array<{ type: string; listener: Listener; capture: unknown }> = [];
  const scope: { [EARLY_TAPS_GLOBAL]?: EarlyTaps } = {};
  const run = new Function("window", "Element", "addEventListener", EARLY_TAPS_SCRIPT) as (
    ...args: unknown[]
  ) => void;
  run(scope, FakeElement, (type: string, listener: Listener, capture: unknown) =>
    listeners.push({ type, listener, capture }),
  );
  const fire = (type: string, target: unknown): FakeEvent => {
    const event: FakeEvent = {
      type,
      target,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    for (const entry of listeners) if (entry.type === type) entry.listener(event);
    return event;
  };
  return { scope, listeners, fire, taps: () => scope[EARLY_TAPS_GLOBAL]! };
}

function pageOf(...elements: FakeElement[]) {
  return {
    selectors: [] as string[],
    querySelector(selector: string): ReplayTarget | null {
      this.selectors.push(selector);
      const key = /^\[data-replay="(.*)"\]$/.exec(selector)?.[1]?.replace(/\\(.)/g, "$1");
      return elements.find((element) => element.key === key) ?? null;
    },
  };
}

describe("EARLY_TAPS_SCRIPT", () => {
  it("listens in the capture phase to clicks and changes", () => {
    const { listeners } = loadScript();
    expect(listeners.map(({ type, capture }) => [type, capture])).toEqual([
      ["click", true],
      ["change", true],
    ]);
  });

  it("records a click inside a marked control once and keeps its default from running", () => {
    const { fire, taps } = loadScript();
    const heart = new FakeElement("BUTTON", "favourite-7");
    const icon = new FakeElement("path", null, heart);
    expect(fire("click", icon).defaultPrevented).toBe(true);
    expect(fire("click", heart).defaultPrevented).toBe(true);
    expect(taps().queue).toEqual([{ key: "favourite-7" }]);
  });

  it("keeps the last value chosen in a select, and ignores clicks that open it", () => {
    const { fire, taps } = loadScript();
    const select = new FakeElement("SELECT", "course-type");
    expect(fire("click", select).defaultPrevented).toBe(false);
    select.value = "Design";
    fire("change", select);
    select.value = "Development";
    fire("change", select);
    expect(taps().queue).toEqual([{ key: "course-type", value: "Development" }]);
  });

  it("leaves unmarked elements alone and stops once the app takes over", () => {
    const { fire, taps, scope } = loadScript();
    expect(fire("click", new FakeElement("A", null)).defaultPrevented).toBe(false);
    expect(fire("click", "not an element").defaultPrevented).toBe(false);
    stopCapturingEarlyTaps(scope);
    expect(fire("click", new FakeElement("BUTTON", "share")).defaultPrevented).toBe(false);
    expect(taps().queue).toEqual([]);
  });
});

describe("replayEarlyTaps", () => {
  it("clicks again and chooses again, in the order of the first taps, then forgets them", () => {
    const { fire, scope } = loadScript();
    const heart = new FakeElement("BUTTON", "favourite-7");
    const select = new FakeElement("SELECT", "course-type");
    fire("click", heart);
    select.value = "Design";
    fire("change", select);
    select.value = ""; // hydration put the server's choice back

    const page = pageOf(heart, select);
    expect(replayEarlyTaps(page, scope)).toBe(2);
    expect(heart.clicks).toBe(1);
    expect(select.value).toBe("Design");
    expect(select.changes).toEqual(["change:Design:true"]);
    expect(page.selectors).toEqual(['[data-replay="favourite-7"]', '[data-replay="course-type"]']);

    expect(replayEarlyTaps(page, scope)).toBe(0);
    expect(heart.clicks).toBe(1);
  });

  it("skips controls the hydrated page no longer has and escapes keys", () => {
    const scope = { [EARLY_TAPS_GLOBAL]: { capturing: true, queue: [{ key: 'gone"\\' }] } };
    const page = pageOf();
    expect(replayEarlyTaps(page, scope)).toBe(0);
    expect(page.selectors).toEqual(['[data-replay="gone\\"\\\\"]']);
    expect(scope[EARLY_TAPS_GLOBAL].capturing).toBe(false);
  });

  it("does nothing on a page without the script", () => {
    expect(replayEarlyTaps(pageOf(), {})).toBe(0);
  });
});
